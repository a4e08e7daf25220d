/**
 * Turns a typed error from a dpbounds package (which names the library's parameter, e.g.
 * `samplingRate must be in (0, 1]; found 2`) into a message that names the user's flag
 * (`--sampling-rate must be in (0, 1]; found 2`). The flag is found from the command's
 * `parameterFlags` map, or as the kebab-case of the parameter when that is one of the
 * command's flags.
 */
import type { CommandDefinition } from './command.js';
import type { ParsedFlags } from './flags.js';

/** Marks a message whose library parameter has no flag: the fuzz suite reports these. */
export const UNMAPPED_PARAMETER_NOTE = 'the values given lead to';

/** `samplingRate` → `sampling-rate`. */
function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** `config.orders[3]` → [`config.orders[3]`, `orders`, `config`]: most specific first. */
function parameterNames(parameter: string): string[] {
  const parts = parameter.split(/[.[\]]/).filter((part) => part !== '' && !/^\d+$/.test(part));
  return [parameter, ...parts.reverse()];
}

/** The flag that sets the library parameter `parameter`, if any. */
export function flagOfParameter(parameter: string, command: CommandDefinition, parameterFlags: Readonly<Record<string, string>>): string | undefined {
  for (const name of parameterNames(parameter)) {
    const mapped = parameterFlags[name];
    if (mapped !== undefined) return mapped;
    if (command.flags[kebab(name)]?.type === 'string') return kebab(name);
  }
  // a described quantity (`order of step 0 (lambda = 2)`): the first word that is a flag
  for (const word of parameter.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) {
    if (word !== parameter && command.flags[kebab(word)]?.type === 'string') return kebab(word);
  }
  return undefined;
}

/**
 * The libraries' advice in the words of `command`: "use the RDP accountant" becomes
 * `use --accountant rdp` where the command has that flag, and advice to raise or lower a library
 * setting that no flag of the command sets (`maxGridPoints`) is dropped: its user cannot follow it.
 */
function adviceInFlags(message: string, command: CommandDefinition, parameterFlags: Readonly<Record<string, string>>): string {
  const followable = message.replace(/,? or (?:raise|lower) ([a-z]+(?:[A-Z][a-z0-9]*)+)\b/g, (clause, name: string) => (flagOfParameter(name, command, parameterFlags) === undefined ? '' : clause));
  return command.flags['accountant']?.type === 'string' ? followable.replace(/\buse the RDP accountant\b/g, 'use --accountant rdp') : followable;
}

/**
 * The one-line message for `error` if it is a typed dpbounds error (exit code 2), naming the
 * flag; `undefined` for any other error (an internal failure, exit code 1).
 *
 * @example await libraryErrorMessage(new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'in (0, ∞)', found: 0 }), dpCommand, { 'noise-multiplier': '0' }, {})
 * // '--noise-multiplier must be in (0, ∞); found 0'
 */
export async function libraryErrorMessage(
  error: unknown,
  command: CommandDefinition,
  given: ParsedFlags,
  parameterFlags: Readonly<Record<string, string>>,
): Promise<string | undefined> {
  const { isDpboundsError } = await import('@dpbounds/special-functions');
  if (!isDpboundsError(error)) return undefined;
  const flag = flagOfParameter(error.parameter, command, parameterFlags);
  const message = adviceInFlags(error.message, command, parameterFlags);
  // the message may start with the parameter's full name (`event.steps …`) or its last part (`steps …`)
  const named = parameterNames(error.parameter).find((name) => message.startsWith(`${name} `));
  const head = named !== undefined ? named.length + 1 : 0;
  // other parameters named in the text (`must be ≥ batchSize (400)`) become their flags too
  const text = message.slice(0, head) + message.slice(head).replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (word) => {
    const other = flagOfParameter(word, command, parameterFlags);
    return other !== undefined ? `--${other}` : word;
  });
  const rest = head > 0 ? text.slice(head) : undefined;
  if (flag !== undefined && flag.includes(',')) {
    // a quantity computed from several flags (`sensitivity / scale`): name each with its value
    const parts = flag.split(',').map((name) => (given[name] === undefined ? `--${name} (not given)` : `--${name} ${String(given[name])}`));
    return `${parts.join(' with ')}: ${text}`;
  }
  if (flag !== undefined && given[flag] === undefined && command.flags[flag]?.defaultText === undefined) {
    // the library rejected a value the command derived (no default to blame): not the user's flag
    return unmapped(text, given);
  }
  if (flag !== undefined) {
    const value = given[flag];
    // a value derived from the flag (`sensitivity / scale` from `--scale 1e-320`): show both
    if (typeof value === 'string' && typeof error.found === 'number' && !Object.is(Number(value), error.found) && !(Number(value) === 0 && error.found === 0)) {
      return `--${flag} ${value}: ${message.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (word) => {
        const other = flagOfParameter(word, command, parameterFlags);
        return other !== undefined ? `--${other}` : word;
      })}`;
    }
    const named = value === undefined ? `--${flag} (its default)` : `--${flag}`;
    return rest !== undefined ? `${named} ${rest}` : `${named}: ${text}`;
  }
  if (text.includes('--')) return text;
  return unmapped(text, given);
}

/** A message for a library parameter no flag sets: the library's text and the flags given. */
function unmapped(text: string, given: ParsedFlags): string {
  const flags = Object.keys(given).filter((name) => typeof given[name] === 'string').map((name) => `--${name} ${String(given[name])}`);
  return `${UNMAPPED_PARAMETER_NOTE} ${text}${flags.length > 0 ? ` (flags: ${flags.join(' ')})` : ''}`;
}
