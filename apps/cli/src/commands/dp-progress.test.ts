import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

const base = ['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--delta', '1e-5'];

describe('dpbounds dp progress', () => {
  it('--accountant all names each accountant on a terminal as it starts, and clears the line', async () => {
    const run = await runCaptured([...base, '--steps', '100', '--accountant', 'all'], { stderrIsTTY: true });
    expect(run.code).toBe(0);
    const draws = [...run.stderr.matchAll(/\rdp: (\w+) accountant \[[#.]+\] +(\d+)%/g)].map((m) => [m[1] as string, Number(m[2])] as const);
    // each stage is drawn the moment it starts, at the share of accountants done before it
    const firsts = draws.filter((d, i) => i === 0 || (draws[i - 1] as readonly [string, number])[0] !== d[0]);
    expect(firsts).toEqual([['rdp', 0], ['pld', 25], ['prv', 50], ['gdp', 75]]);
    expect(run.stderr.endsWith('\r')).toBe(true);
    expect(run.stderr.slice(run.stderr.lastIndexOf('\r', run.stderr.length - 2))).toMatch(/^\r +\r$/);
  }, 60_000);

  it('draws nothing when stderr is not a terminal, and never writes progress to stdout', async () => {
    const run = await runCaptured([...base, '--steps', '100', '--accountant', 'all', '--json'], { stderrIsTTY: false });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(() => JSON.parse(run.stdout)).not.toThrow();
    const tty = await runCaptured([...base, '--steps', '100', '--accountant', 'all', '--json'], { stderrIsTTY: true });
    expect(JSON.parse(tty.stdout)).toEqual(JSON.parse(run.stdout));
  }, 60_000);

  it('a long run (--steps 100000) shows its accountant at once; a quick one draws nothing', async () => {
    const long = await runCaptured([...base, '--steps', '100000', '--accountant', 'pld'], { stderrIsTTY: true });
    expect(long.code).toBe(0);
    expect(long.stderr).toContain('\rdp: pld accountant [');
    const quick = await runCaptured([...base, '--steps', '100', '--accountant', 'rdp'], { stderrIsTTY: true });
    expect(quick.stderr).toBe('');
  }, 60_000);
});
