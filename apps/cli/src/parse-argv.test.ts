import { describe, expect, it } from 'vitest';
import type { FlagSpec } from './command.js';
import { parseArgv } from './parse-argv.js';

const spec = (names: readonly string[]): Record<string, FlagSpec> => Object.fromEntries(names.map((n) => [n, { type: 'string', description: '' } as FlagSpec]));
const dp = spec(['sampling-rate', 'noise-multiplier', 'steps', 'delta', 'epsilon']);
const calibrate = spec(['sampling-rate', 'steps', 'delta', 'target-epsilon']);
const train = spec(['epochs', 'clip', 'batch-size']);
const rtm = spec(['mechanism', 'sensitivity', 'scale', 'sampling-rate', 'compositions']);

function refusal(args: readonly string[], specs: Record<string, FlagSpec>): string {
  try {
    parseArgv(args, specs, 'dpbounds x');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${args.join(' ')}`);
}

describe('parseArgv: names from Opacus, dp_accounting and TF Privacy get our flag', () => {
  it.each([
    [['--sigma', '1'], dp, '--noise-multiplier'],
    [['--sigma', '1'], rtm, '--scale'],
    [['--noise_multiplier', '1'], dp, '--noise-multiplier'],
    [['--q', '0.01'], dp, '--sampling-rate'],
    [['-q', '0.01'], dp, '--sampling-rate'],
    [['--sample-rate', '0.01'], dp, '--sampling-rate'],
    [['--eps', '1'], dp, '--epsilon'],
    [['--epsilon', '2'], calibrate, '--target-epsilon'],
    [['--target-eps', '2'], calibrate, '--target-epsilon'],
    [['--target-delta', '1e-5'], calibrate, '--delta'],
    [['--max-grad-norm', '1'], train, '--clip'],
    [['--l2_norm_clip', '1'], train, '--clip'],
  ] as const)('%j suggests %s', (args, specs, flag) => {
    expect(refusal(args, specs)).toContain(`did you mean ${flag}?`);
  });

  it('--epochs where the command counts steps says how to convert', () => {
    expect(refusal(['--epochs', '3'], dp)).toMatch(/did you mean --steps\? \(T = epochs × batches per epoch/);
  });

  it('a target ε asked of a command that prices a given σ points to calibrate', () => {
    expect(refusal(['--target-eps', '2'], dp)).toMatch(/did you mean dpbounds calibrate --target-epsilon\? \(it finds the σ for a target ε\)$/);
    expect(refusal(['--target_epsilon', '2'], train)).toMatch(/did you mean dpbounds calibrate --target-epsilon\?/);
  });

  it('a foreign name the command has no flag for falls back to the closest name, or to --help', () => {
    expect(refusal(['--max-grad-norm', '1'], dp)).toMatch(/see dpbounds x --help/);
  });
});
