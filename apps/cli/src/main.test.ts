import { describe, expect, it } from 'vitest';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import type { CommandDefinition } from './command.js';
import { requiredNumber } from './flags.js';
import { runCaptured } from './test-helpers/capture-io.js';
import { version } from './version.js';

const echo: CommandDefinition = {
  name: 'echo-square',
  summary: 'squares --x',
  description: 'Test command.',
  flags: { x: { type: 'string', description: 'a number', valueName: 'x' } },
  run: (flags) => {
    const x = requiredNumber(flags, 'x', { min: 0 });
    if (x === 13) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'x', expected: 'not 13', found: 13 });
    if (x === 7) throw new Error('boom');
    return { json: { square: x * x }, text: `square ${x * x}` };
  },
};

describe('dpbounds conventions', () => {
  it('prints the version from package.json', async () => {
    const run = await runCaptured(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(version);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists commands in --help', async () => {
    const run = await runCaptured(['--help'], { commands: [echo] });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('echo-square');
  });

  it('prints exactly one JSON document with --json, a table otherwise', async () => {
    const json = await runCaptured(['echo-square', '--x', '1e1', '--json'], { commands: [echo] });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ square: 100 });
    expect(json.stderr).toBe('');
    const text = await runCaptured(['echo-square', '--x', '3'], { commands: [echo] });
    expect(text.stdout).toBe('square 9\n');
  });

  it('exits 2 with one line naming the flag for invalid input', async () => {
    for (const argv of [['echo-square', '--x', '-1'], ['echo-square'], ['echo-square', '--y', '1'], ['echo-square', '--x', 'abc'], ['nope']]) {
      const run = await runCaptured(argv, { commands: [echo] });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    const negative = await runCaptured(['echo-square', '--x', '-1'], { commands: [echo] });
    expect(negative.stderr).toContain('--x must be a number in [0, inf); found -1');
  });

  it('exits 2 for typed errors from the packages and 1 for internal failures', async () => {
    const typed = await runCaptured(['echo-square', '--x', '13'], { commands: [echo] });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toContain('x must be not 13; found 13');
    const internal = await runCaptured(['echo-square', '--x', '7'], { commands: [echo] });
    expect(internal.code).toBe(1);
    expect(internal.stderr).toContain('internal error');
    expect(internal.stderr).not.toContain('    at ');
  });

  it('shows per-command help with every flag', async () => {
    const run = await runCaptured(['echo-square', '--help'], { commands: [echo] });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--x x');
    expect(run.stdout).toContain('--json');
  });
});
