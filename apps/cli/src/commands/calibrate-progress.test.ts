import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

describe('dpbounds calibrate progress', () => {
  it('--accountant prv draws every evaluation of the σ search as it starts, counting up to the evaluations it reports, and clears the line', async () => {
    const run = await runCaptured(['calibrate', '--target-epsilon', '8', '--delta', '1e-5', '--sampling-rate', '0.1', '--steps', '20', '--accountant', 'prv'], { stderrIsTTY: true });
    expect(run.code).toBe(0);
    const evaluations = Number(/accountant evaluations +(\d+)/.exec(run.stdout)?.[1]);
    expect(evaluations).toBeGreaterThanOrEqual(2);
    // first the start search with cheap PRV estimates (no evaluation of the accountant yet)
    expect(run.stderr).toMatch(/^\rcalibrate: searching σ, prv estimates for a start \[\.+\] +0%/);
    const draws = [...run.stderr.matchAll(/\rcalibrate: searching σ, prv evaluation (\d+) \[[#.]+\] +(\d+)%/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    const numbers = [...new Set(draws.map((d) => d[0]))];
    // the counter drawn and the count reported are the same evaluations
    expect(numbers).toEqual(Array.from({ length: evaluations }, (_, i) => i + 1));
    // the share never goes back and never claims 100 % before the search ends
    const shares = draws.map((d) => d[1]);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThanOrEqual(shares[i - 1] as number);
    expect(Math.max(...shares)).toBeLessThan(100);
    expect(run.stderr.slice(run.stderr.lastIndexOf('%'))).toMatch(/\r +\r$/);
  }, 120_000);

  it('--accountant pld on a long run counts the same evaluations it reports', async () => {
    const run = await runCaptured(['calibrate', '--target-epsilon', '1', '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '20000', '--accountant', 'pld'], { stderrIsTTY: true });
    expect(run.code).toBe(0);
    const evaluations = Number(/accountant evaluations +(\d+)/.exec(run.stdout)?.[1]);
    const numbers = [...new Set([...run.stderr.matchAll(/searching σ, pld evaluation (\d+) /g)].map((m) => Number(m[1])))];
    expect(numbers).toEqual(Array.from({ length: evaluations }, (_, i) => i + 1));
  }, 120_000);

  it('stays silent off a terminal', async () => {
    const run = await runCaptured(['calibrate', '--target-epsilon', '1', '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '100', '--accountant', 'rdp'], { stderrIsTTY: false });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});
