/**
 * The command line of one `dpbounds` command, read into flag values: `--name value`,
 * `--name=value`, boolean `--name`, and `-h` for `--help`. Every mistake is a
 * {@link UsageError} naming the flag as the user wrote it: an unknown flag (with the closest
 * known one), a flag given twice, a value missing or given to a boolean flag, a stray argument.
 */
import type { FlagSpec } from './command.js';
import { closestName } from './did-you-mean.js';
import type { ParsedFlags } from './flags.js';
import { UsageError } from './usage-error.js';

/** A value that starts with `-` but is a number (`-1`, `-.5`, `-inf`, `-NaN`) or `-` (stdin). */
const NEGATIVE_VALUE = /^-($|\d|\.|inf|nan)/i;

/**
 * Names users bring from Opacus, dp_accounting and TF Privacy, with ours in order of preference:
 * the first that the command has is suggested.
 */
const FOREIGN_NAMES: Readonly<Record<string, readonly string[]>> = {
  sigma: ['noise-multiplier', 'scale'],
  'noise-multiplier': ['noise-multiplier'],
  q: ['sampling-rate'],
  'sample-rate': ['sampling-rate'],
  'sampling-probability': ['sampling-rate'],
  epochs: ['epochs', 'steps'],
  'target-eps': ['target-epsilon'],
  'target-delta': ['delta'],
  eps: ['epsilon', 'target-epsilon'],
  epsilon: ['epsilon', 'target-epsilon'],
  'max-grad-norm': ['clip', 'clip-norm'],
  'l2-norm-clip': ['clip', 'clip-norm'],
  'num-steps': ['steps'],
  'batch-size': ['batch-size'],
};

/** Our flag for a name from another tool, when this command has it. */
function foreignName(name: string, specs: Readonly<Record<string, FlagSpec>>): string | undefined {
  const key = name.toLowerCase().replace(/_/g, '-');
  return FOREIGN_NAMES[key]?.find((flag) => specs[flag] !== undefined);
}

/** A target ε asked of a command that prices a given σ: the command that finds σ instead. */
const TARGET_NAMES = new Set(['target-eps', 'target-epsilon']);

function unknownFlag(written: string, name: string, specs: Readonly<Record<string, FlagSpec>>, usage: string): UsageError {
  const guess = foreignName(name, specs) ?? closestName(name, Object.keys(specs));
  const steps = guess === 'steps' && name.toLowerCase() === 'epochs' ? ' (T = epochs × batches per epoch; Opacus: epochs × len(data_loader))' : '';
  const calibrate = guess === undefined && TARGET_NAMES.has(name.toLowerCase().replace(/_/g, '-')) ? 'did you mean dpbounds calibrate --target-epsilon? (it finds the σ for a target ε)' : undefined;
  const hint = guess !== undefined ? `did you mean --${guess}?${steps}` : (calibrate ?? `see ${usage} --help`);
  return new UsageError(`unknown flag ${written}; ${hint}`);
}

/**
 * Reads `args` against `specs` (keyed by kebab-case name, without `--`). `usage` is how the
 * command is invoked (`dpbounds dp`), used in hints.
 *
 * @example parseArgv(['--steps', '100', '--json'], { steps: { type: 'string', description: '' }, json: { type: 'boolean', description: '' } }, 'dpbounds dp')
 * // { steps: '100', json: true }
 */
export function parseArgv(args: readonly string[], specs: Readonly<Record<string, FlagSpec>>, usage: string, positional?: string): ParsedFlags {
  const values: Record<string, string | boolean> = {};
  const bare: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    let name: string;
    let inline: string | undefined;
    if (arg === '-h' && specs.help !== undefined) {
      name = 'help';
    } else if (arg.startsWith('--') && arg.length > 2) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
    } else if (arg.startsWith('-') && arg.length > 1 && !NEGATIVE_VALUE.test(arg)) {
      const bareName = arg.replace(/^-+/, '');
      const guess = foreignName(bareName, specs) ?? closestName(bareName, Object.keys(specs));
      throw new UsageError(`unknown flag ${arg}; ${guess !== undefined ? `did you mean --${guess}?` : `flags are written --name value (see ${usage} --help)`}`);
    } else if (positional !== undefined) {
      bare.push(arg);
      continue;
    } else {
      throw new UsageError(`unexpected argument ${JSON.stringify(arg)}; flags are written --name value (see ${usage} --help)`);
    }
    const spec = specs[name];
    if (spec === undefined) throw unknownFlag(inline === undefined ? `--${name}` : `--${name}=…`, name, specs, usage);
    let value: string | boolean;
    if (spec.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value; found ${JSON.stringify(arg)}`);
      value = true;
    } else if (inline !== undefined) {
      value = inline;
    } else {
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('-') && !NEGATIVE_VALUE.test(next))) {
        throw new UsageError(`--${name} needs a value${spec.valueName !== undefined ? ` (--${name} ${spec.valueName})` : ''}${next !== undefined ? `; found the flag ${next} after it` : ''}`);
      }
      value = next;
      i++;
    }
    const earlier = values[name];
    if (earlier !== undefined) {
      const shown = typeof earlier === 'string' ? ` (${JSON.stringify(earlier)}, then ${JSON.stringify(value)})` : '';
      throw new UsageError(`--${name} is given more than once${shown}; give it once`);
    }
    values[name] = value;
  }
  if (positional !== undefined && bare.length > 0) values[positional] = bare.join('\n');
  return values;
}
