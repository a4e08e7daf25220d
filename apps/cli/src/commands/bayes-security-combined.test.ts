// `dpbounds bayes-security`: every number labelled, and the DP guarantee of the same run beside it.
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

describe('dpbounds bayes-security: kinds and the combined curve', () => {
  it('labels β* an estimate and the certified bound a guarantee, and reports dp and combined sides', async () => {
    const run = await runCaptured(['bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '3000', '--fpr', '0.001,0.1', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.kinds.bayesSecurity).toBe('estimate');
    expect(json.kinds.certifiedLowerBound).toBe('guarantee');
    expect(json.neighbouring).toBe('substitution');
    // the Pinsker term is vacuous here: the certified bound is weak, the DP guarantee binds
    expect(json.approximationError).toBeGreaterThan(0.5);
    expect(json.dp.kind).toBe('guarantee');
    expect(json.combined.kind).toBe('guarantee');
    expect(json.combined.neighbouring).toBe('substitution');
    expect(json.combined.bayesSecurity).toBeGreaterThanOrEqual(Math.max(json.certifiedLowerBound, json.dp.bayesSecurity) - 1e-12);
    json.combined.tprAtFpr.forEach((row: { fpr: number; tpr: number; binds: string }, i: number) => {
      expect(row.tpr).toBeLessThanOrEqual(json.dp.tprAtFpr[i].tpr + 1e-12);
      expect(row.tpr).toBeLessThanOrEqual(json.tprAtFpr[i].tprCertified + 1e-12);
      expect(row.binds).toBe('dp');
    });
    expect(json.combined.binding[0].from).toBe(0);
    expect(json.combined.binding.at(-1).to).toBe(1);
  });

  it('--skip-dp omits the DP sides; the text output names the kinds', async () => {
    const run = await runCaptured(['bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--skip-dp', '--json']);
    const json = JSON.parse(run.stdout);
    expect(json.dp).toBeUndefined();
    expect(json.combined).toBeUndefined();
    const text = await runCaptured(['bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--neighbouring', 'add-remove']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/β\* \(estimate\)/);
    expect(text.stdout).toMatch(/β\* ≥, closed form alone \(guarantee\)/);
    expect(text.stdout).toMatch(/combined with DP, guarantee/);
  });

  it('a run whose loss no PLD grid can hold: the DP side falls back to a valid bound (here: no privacy at all), and --skip-dp prints the closed form alone', async () => {
    const args = ['bayes-security', '--sampling-rate', '0.5', '--noise-multiplier', '1e-300', '--steps', '100'];
    const run = await runCaptured([...args, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.dp.kind).toBe('guarantee');
    expect(json.dp.bayesSecurity).toBe(0);
    expect(json.combined.bayesSecurity).toBe(0);
    const skip = await runCaptured([...args, '--skip-dp', '--json']);
    expect(skip.code).toBe(0);
    expect(JSON.parse(skip.stdout).bayesSecurity).toBe(0);
    // bad input is still reported as such, naming the user's flag, not as a DP-side failure
    const bad = await runCaptured(['bayes-security', '--sampling-rate', '2', '--noise-multiplier', '1', '--steps', '10']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--sampling-rate/);
    expect(bad.stderr).not.toMatch(/--skip-dp/);
  });
});
