import { describe, expect, it } from 'vitest';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import type { CommandDefinition, LazyCommand } from './command.js';
import { commands } from './commands/registry.js';
import { optionalNumber, requiredNumber } from './flags.js';
import { UNMAPPED_PARAMETER_NOTE } from './library-error-message.js';
import { runCli } from './main.js';
import { runCaptured } from './test-helpers/capture-io.js';
import { version } from './version.js';

const echo: CommandDefinition = {
  name: 'echo-square',
  summary: 'squares --x',
  description: 'Test command.',
  flags: {
    x: { type: 'string', description: 'a number', valueName: 'x' },
    'noise-multiplier': { type: 'string', description: 'a positive number' },
    clip: { type: 'string', description: 'a number or inf' },
    steps: { type: 'string', description: 'an integer' },
    loud: { type: 'boolean', description: 'a switch' },
  },
  run: (flags) => {
    const x = requiredNumber(flags, 'x', { min: 0 });
    const sigma = optionalNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
    const clip = optionalNumber(flags, 'clip', { min: 0, minExclusive: true, allowInfinity: true });
    const steps = optionalNumber(flags, 'steps', { min: 1, integer: true });
    if (x === 13) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'x', expected: 'not 13', found: 13 });
    if (x === 14) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'at most samplingRate·10', found: 14 });
    if (x === 15) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'count', expected: 'in [1, 10]', found: 15 });
    if (x === 17) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'event.steps', expected: 'at most 10', found: 17 }, 'steps must be at most 10; found 17');
    if (x === 16) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'h', expected: 'in (0, 10]', found: Number.NaN });
    if (x === 7) throw new Error('boom');
    return { json: { square: x * x, x, sigma: sigma ?? null, clip: clip === Infinity ? 'inf' : (clip ?? null), steps: steps ?? null }, text: `square ${x * x}` };
  },
};
const only = { commands: [echo] };

async function echoJson(...argv: string[]): Promise<Record<string, unknown>> {
  const run = await runCaptured(['echo-square', ...argv, '--json'], only);
  expect(run.stderr, argv.join(' ')).toBe('');
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

async function echoError(...argv: string[]): Promise<string> {
  const run = await runCaptured(['echo-square', ...argv], only);
  expect(run.code, argv.join(' ')).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] as string;
}

describe('dpbounds conventions', () => {
  it('prints the version from package.json, with --version, -v or -V, also after a command name', async () => {
    for (const flag of ['--version', '-v', '-V']) {
      const after = await runCaptured(['dp', flag]);
      expect(after.code).toBe(0);
      expect(after.stdout.trim()).toBe(version);
      const run = await runCaptured([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe(version);
    }
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await runCaptured(['--version', 'dp'])).code).toBe(2);
  });

  it('prints help for bare dpbounds, --help, -h and help; help for one command with <command> -h or help <command>', async () => {
    for (const argv of [[], ['--help'], ['-h'], ['help'], ['help', '-h'], ['help', '--help']]) {
      const run = await runCaptured(argv, only);
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stdout).toContain('Usage: dpbounds <command>');
      expect(run.stdout).toContain('echo-square');
    }
    for (const argv of [['echo-square', '--help'], ['echo-square', '-h'], ['help', 'echo-square'], ['echo-square', '--x', 'oops', '-h']]) {
      const run = await runCaptured(argv, only);
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stdout).toContain('Usage: dpbounds echo-square');
      expect(run.stdout).toContain('--x x');
      expect(run.stdout).toContain('--json');
    }
  });

  it('prints exactly one JSON document with --json, a table otherwise', async () => {
    const json = await runCaptured(['echo-square', '--x', '1e1', '--json'], only);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ square: 100 });
    expect(json.stderr).toBe('');
    const text = await runCaptured(['echo-square', '--x', '3'], only);
    expect(text.stdout).toBe('square 9\n');
  });

  it('exits 2 with one line naming the flag for invalid input', async () => {
    expect(await echoError('--x', '-1')).toBe('dpbounds echo-square: --x must be a number in [0, inf); found -1');
    expect(await echoError()).toContain('missing --x');
    expect(await echoError('--x', 'abc')).toContain('--x must be a number in [0, inf); found "abc"');
    expect(await echoError('--x')).toBe('dpbounds echo-square: --x needs a value (--x x)');
    expect(await echoError('--x', '--loud')).toContain('--x needs a value');
    expect(await echoError('--loud=yes', '--x', '1')).toContain('--loud takes no value');
    expect(await echoError('x', '1')).toContain('unexpected argument "x"');
  });
});

describe('README', () => {
  it('runs the library example', async () => {
    let out = '';
    const io = { stdout: (t: string) => (out += t), stderr: (t: string) => (out += t), stderrIsTTY: false, cwd: process.cwd() };
    const code = await runCli(['convert', '--mu', '1', '--to-epsilon-at-delta', '1e-5', '--json'], io);
    expect(code).toBe(0);
    expect((JSON.parse(out) as { epsilon: number }).epsilon).toBeGreaterThan(0);
  });
});

describe('misspellings', () => {
  it('suggests the closest command, global flag or command flag', async () => {
    const command = await runCaptured(['bayes-securty']);
    expect(command.code).toBe(2);
    expect(command.stderr).toBe('dpbounds: unknown command "bayes-securty"; did you mean bayes-security?\n');
    const versionTypo = await runCaptured(['--verison']);
    expect(versionTypo.code).toBe(2);
    expect(versionTypo.stderr).toContain('unknown flag --verison; did you mean --version?');
    expect(await echoError('--x', '1', '--noise-multiplyer', '1')).toContain('unknown flag --noise-multiplyer; did you mean --noise-multiplier?');
    expect(await echoError('--x', '1', '--noise', '1')).toContain('did you mean --noise-multiplier?');
    expect(await echoError('--x', '1', '-steps', '3')).toContain('unknown flag -steps; did you mean --steps?');
    expect(await echoError('--x', '1', '--zzzzzz', '3')).toContain('unknown flag --zzzzzz; see dpbounds echo-square --help');
    const value = await runCaptured(['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--accountant', 'pdl']);
    expect(value.stderr).toBe('dpbounds dp: --accountant must be one of rdp, pld, prv, gdp, all; found "pdl" (did you mean pld?)\n');
    const far = await runCaptured(['qqqqqqq']);
    expect(far.stderr).toContain('commands: dp, calibrate');
  });
});

describe('duplicate flags', () => {
  it('are an error naming the flag and both values (never last-wins)', async () => {
    expect(await echoError('--x', '1', '--x', '2')).toBe('dpbounds echo-square: --x is given more than once ("1", then "2"); give it once');
    expect(await echoError('--x=1', '--x', '1')).toContain('--x is given more than once');
    expect(await echoError('--x', '1', '--json', '--json')).toContain('--json is given more than once');
  });
});

describe('numbers: one rule for every numeric flag', () => {
  it('accepts decimal and exponent notation, negative values after the flag, and subnormal values', async () => {
    expect(await echoJson('--x', '1e1')).toMatchObject({ x: 10 });
    expect(await echoJson('--x', '.5')).toMatchObject({ x: 0.5 });
    expect(await echoJson('--x', '+2')).toMatchObject({ x: 2 });
    expect(await echoJson('--x', '1', '--noise-multiplier', '1e-320')).toMatchObject({ sigma: 1e-320 });
    expect(await echoJson('--x', '1', '--steps', '9007199254740991')).toMatchObject({ steps: 9007199254740991 });
    expect(await echoJson('--x', '1', '--steps', '1e3')).toMatchObject({ steps: 1000 });
  });

  it('reads -0 as 0: accepted where 0 is, refused where it is not', async () => {
    const json = await echoJson('--x', '-0');
    expect(Object.is(json.x, 0)).toBe(true);
    expect(await echoError('--x', '1', '--noise-multiplier', '-0')).toContain('--noise-multiplier must be a number in (0, inf); found -0');
  });

  it('refuses NaN, hexadecimal, empty values and literals that overflow or underflow', async () => {
    expect(await echoError('--x', 'NaN')).toContain('--x must be a number in [0, inf); found "NaN"');
    expect(await echoError('--x', '0x10')).toContain('--x must be a number in [0, inf); found "0x10" (write numbers in decimal notation, not hexadecimal)');
    expect(await echoError('--x', '')).toContain('--x must be a number in [0, inf); found ""');
    expect(await echoError('--x', '   ')).toContain('--x must be a number');
    expect(await echoError('--x', '1e400')).toContain('--x must be a number in [0, inf); found 1e400, which overflows to infinity');
    expect(await echoError('--x', '-1e400')).toContain('overflows to -infinity');
    expect(await echoError('--x', '1e-400')).toContain('--x must be a number in [0, inf); found 1e-400, which underflows to 0');
    expect(await echoJson('--x', '0e-400')).toMatchObject({ x: 0 });
    expect(await echoError('--x', '1', '--clip', '1e400')).toContain('--clip must be a number in (0, inf); found 1e400, which overflows');
  });

  it('takes inf / Infinity only where the flag allows +∞, never -inf', async () => {
    expect(await echoError('--x', 'Infinity')).toContain('--x must be a number in [0, inf); found Infinity (a finite number)');
    expect(await echoError('--x', 'inf')).toContain('(a finite number)');
    expect(await echoJson('--x', '1', '--clip', 'inf')).toMatchObject({ clip: 'inf' });
    expect(await echoJson('--x', '1', '--clip', 'Infinity')).toMatchObject({ clip: 'inf' });
    expect(await echoError('--x', '1', '--clip', '-inf')).toContain('--clip must be a number in (0, inf); found -inf');
  });

  it('names the flag a bound comes from', async () => {
    const pair: CommandDefinition = {
      ...echo,
      run: (flags) => {
        const x = requiredNumber(flags, 'x', { min: 0 });
        const steps = requiredNumber(flags, 'steps', { min: 1, max: x, maxFrom: 'x', integer: true });
        return { json: { steps }, text: '' };
      },
    };
    const run = await runCaptured(['echo-square', '--x', '2', '--steps', '5'], { commands: [pair] });
    expect(run.stderr).toBe('dpbounds echo-square: --steps must be an integer in [1, --x = 2]; found 5\n');
  });

  it('needs exact integers for integer flags (at most 2^53 − 1)', async () => {
    expect(await echoError('--x', '1', '--steps', '1.5')).toContain('--steps must be an integer in [1, inf); found 1.5');
    expect(await echoError('--x', '1', '--steps', '1e308')).toContain('--steps must be an integer in [1, inf); found 1e308 (integers must be at most 2^53 − 1');
    expect(await echoError('--x', '1', '--steps', '1e-320')).toContain('--steps must be an integer');
  });
});

describe('errors from the packages', () => {
  it('exit 2 naming the flag of the library parameter, 1 for internal failures', async () => {
    expect(await echoError('--x', '13')).toBe('dpbounds echo-square: --x must be not 13; found 13');
    expect(await echoError('--x', '14', '--noise-multiplier', '14')).toBe('dpbounds echo-square: --noise-multiplier must be at most samplingRate·10; found 14');
    // a value derived from the flag (found ≠ the value given): the flag and its value come first
    expect(await echoError('--x', '14', '--noise-multiplier', '2')).toBe('dpbounds echo-square: --noise-multiplier 2: --noise-multiplier must be at most samplingRate·10; found 14');
    const internal = await runCaptured(['echo-square', '--x', '7'], only);
    expect(internal.code).toBe(1);
    expect(internal.stderr).toContain('internal error');
    expect(internal.stderr).not.toContain('    at ');
  });

  it('map parameters through the registry entry, and flag unmapped ones', async () => {
    const lazy: LazyCommand = { name: 'echo-square', summary: echo.summary, load: () => Promise.resolve(echo), parameterFlags: { count: 'steps' } };
    const mapped = await runCaptured(['echo-square', '--x', '15', '--steps', '15'], { commands: [lazy] });
    expect(mapped.stderr).toBe('dpbounds echo-square: --steps must be in [1, 10]; found 15\n');
    const derived = await runCaptured(['echo-square', '--x', '15', '--steps', '3'], { commands: [lazy] });
    expect(derived.stderr).toBe('dpbounds echo-square: --steps 3: count must be in [1, 10]; found 15\n');
    // not given and without a default: the command derived the value, so no flag is to blame
    const derivedByCommand = await runCaptured(['echo-square', '--x', '15'], { commands: [lazy] });
    expect(derivedByCommand.stderr).toContain(UNMAPPED_PARAMETER_NOTE);
    const withDefault: CommandDefinition = { ...echo, flags: { ...echo.flags, steps: { type: 'string', description: 'an integer', defaultText: '5' } } };
    const defaulted = await runCaptured(['echo-square', '--x', '15'], { commands: [{ ...lazy, load: () => Promise.resolve(withDefault) }] });
    expect(defaulted.stderr).toContain('--steps (its default) must be in [1, 10]');
    const several = await runCaptured(['echo-square', '--x', '15', '--steps', '3'], { commands: [{ ...lazy, parameterFlags: { count: 'steps,clip' } }] });
    expect(several.stderr).toBe('dpbounds echo-square: --steps 3 with --clip (not given): count must be in [1, 10]; found 15\n');
    const nested = await runCaptured(['echo-square', '--x', '17', '--steps', '17'], { commands: [lazy] });
    expect(nested.stderr).toBe('dpbounds echo-square: --steps must be at most 10; found 17\n');
    const unmapped = await runCaptured(['echo-square', '--x', '16'], { commands: [lazy] });
    expect(unmapped.code).toBe(2);
    expect(unmapped.stderr).toContain(UNMAPPED_PARAMETER_NOTE);
    expect(unmapped.stderr).toContain('--x 16');
  });
});

describe('start-up: commands load lazily', () => {
  it('--help and --version load no command; a command loads only itself', async () => {
    const loaded: string[] = [];
    const lazy = (name: string): LazyCommand => ({ name, summary: `${name} summary`, load: () => (loaded.push(name), Promise.resolve({ ...echo, name, summary: `${name} summary` })) });
    const entries = [lazy('a'), lazy('b')];
    expect((await runCaptured(['--help'], { commands: entries })).stdout).toContain('b summary');
    expect((await runCaptured(['--version'], { commands: entries })).code).toBe(0);
    expect(loaded).toEqual([]);
    expect((await runCaptured(['b', '--x', '2'], { commands: entries })).code).toBe(0);
    expect(loaded).toEqual(['b']);
  });

  it('every registry entry loads the definition with its name and summary', async () => {
    for (const entry of commands) {
      const definition = await entry.load();
      expect(definition.name).toBe(entry.name);
      expect(definition.summary).toBe(entry.summary);
      for (const flag of Object.values(entry.parameterFlags ?? {}).flatMap((f) => f.split(','))) expect(definition.flags[flag], `${entry.name} --${flag}`).toBeDefined();
    }
  });
});
