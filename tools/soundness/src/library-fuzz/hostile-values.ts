/**
 * The hostile values put in every argument position and every option key. Each is built fresh
 * for each call (a callee may mutate what it is given). Sizes are bounded: the huge array has
 * 10⁵ elements and the deep one 10⁴ levels, so a case costs little memory unless the callee
 * multiplies it (which the worker's heap cap then reports).
 *
 * Values that run the caller's own code (a getter, a Proxy trap, a callback) throw
 * {@link UserCodeError}: a callee that lets that error through is behaving (it is the caller's
 * error, not the library's); the judge accepts it, and nothing else that is not typed.
 */

/** The error thrown by the caller's own code inside a hostile value. */
export class UserCodeError extends Error {
  constructor(where: string) {
    super(`the caller's own code threw (${where})`);
    this.name = 'UserCodeError';
  }
}

/** A proxy whose every trap throws {@link UserCodeError}. */
function throwingProxy(): unknown {
  const trap = (name: string) => (): never => {
    throw new UserCodeError(`Proxy ${name} trap`);
  };
  return new Proxy({}, { get: trap('get'), has: trap('has'), ownKeys: trap('ownKeys'), getOwnPropertyDescriptor: trap('getOwnPropertyDescriptor'), getPrototypeOf: trap('getPrototypeOf') });
}

/** An object every common field of which is a getter that throws {@link UserCodeError}. */
function throwingGetters(): unknown {
  const target: Record<string, unknown> = {};
  for (const key of ['length', 'kind', 'evaluate', 'samplingRate', 'noiseMultiplier', 'steps', 'delta', 'epsilon', 'scores', 'members', 'then', 'valueOf', 'toString']) {
    Object.defineProperty(target, key, {
      enumerable: true,
      get(): never {
        throw new UserCodeError(`getter ${key}`);
      },
    });
  }
  return target;
}

/** An array nested `depth` levels deep around one number. */
function deepArray(depth: number): unknown {
  let value: unknown = 0.5;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/**
 * The hostile values: label and builder. Numbers at the edges of IEEE doubles and of safe
 * integers, every other primitive type, callables, empty, huge, deep and sparse containers,
 * objects that lie about their shape, and objects that run code when read.
 */
export const HOSTILE_VALUES: ReadonlyArray<readonly [string, () => unknown]> = [
  ['NaN', () => Number.NaN],
  ['Infinity', () => Number.POSITIVE_INFINITY],
  ['-Infinity', () => Number.NEGATIVE_INFINITY],
  ['-0', () => -0],
  ['0', () => 0],
  ['-1', () => -1],
  ['0.5', () => 0.5],
  ['1e308', () => 1e308],
  ['-1e308', () => -1e308],
  ['5e-324', () => 5e-324],
  ['1e15', () => 1e15],
  ['2**53+1', () => 2 ** 53 + 1],
  ['MAX_VALUE', () => Number.MAX_VALUE],
  ['10n', () => 10n],
  ['Symbol', () => Symbol('hostile')],
  ['null', () => null],
  ['undefined', () => undefined],
  ['true', () => true],
  ["''", () => ''],
  ["'x'", () => 'x'],
  ["'1'", () => '1'],
  ["'NaN'", () => 'NaN'],
  ['() => undefined', () => (): undefined => undefined],
  ['() => NaN', () => (): number => Number.NaN],
  ['() => { throw }', () => (): never => {
    throw new UserCodeError('callback');
  }],
  ['{}', () => ({})],
  ['Object.create(null)', () => Object.create(null) as unknown],
  ['[]', () => []],
  ['[NaN]', () => [Number.NaN]],
  ['[1e308, -1e308]', () => [1e308, -1e308]],
  ['[[0.5]]', () => [[0.5]]],
  ['10⁵ × 0.5', () => new Array<number>(100_000).fill(0.5)],
  ['sparse length 10⁶', () => new Array<number>(1_000_000)],
  ['nested 10⁴ deep', () => deepArray(10_000)],
  ['Float64Array [NaN, 1]', () => new Float64Array([Number.NaN, 1])],
  ['{ length: 1e15 }', () => ({ length: 1e15 })],
  ['{ valueOf: 0.5 }', () => ({ valueOf: (): number => 0.5 })],
  ['new Date(NaN)', () => new Date(Number.NaN)],
  ['new Map()', () => new Map()],
  ['throwing getters', throwingGetters],
  ['throwing Proxy', throwingProxy],
];
