/**
 * What the fuzz reads from a function's source: its parameter names and its declared arity
 * (defaults and rest included, which `fn.length` stops before), and whether it is a class.
 */

/** True when `fn` is a class (called with `new`). */
export function isClass(fn: (...args: never[]) => unknown): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(fn));
}

/** The names of a function's parameters, from its source (a class: its constructor's), defaults dropped. */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  let source = Function.prototype.toString.call(fn);
  if (/^class[\s{]/.test(source)) {
    const ctor = source.search(/\bconstructor\s*\(/);
    if (ctor < 0) return [];
    source = source.slice(ctor);
  }
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = source.indexOf('(') + 1; i > 0 && i < source.length; i++) {
    const c = source[i] as string;
    if (c === '(' || c === '[' || c === '{') depth++;
    if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
    }
    if (c === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += c;
  }
  if (current.trim() !== '') names.push(current);
  return names.map((n) => (n.split('=')[0] as string).replace(/^\s*(private|public|readonly|\s)+/, '').trim());
}

/**
 * The number of parameters a function declares, defaults and rest included (`fn.length` stops at
 * the first default): its {@link parameterNames}. Classes: their constructor's.
 */
export function declaredArity(fn: (...args: never[]) => unknown): number {
  return Math.max(fn.length, parameterNames(fn).length);
}
