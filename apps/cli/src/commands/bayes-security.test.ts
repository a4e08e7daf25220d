import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

describe('dpbounds bayes-security', () => {
  it('prints the docs/cli.md JSON fields for membership inference (paper Figure 7 setting)', async () => {
    const run = await runCaptured(['bayes-security', '--sampling-rate', '0.0001', '--noise-multiplier', '2', '--steps', '300000', '--fpr', '0.01,0.1', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    for (const key of ['threat', 'bayesSecurity', 'approximationError', 'certifiedLowerBound', 'advantage', 'attackSuccess', 'tprAtFpr']) expect(json).toHaveProperty(key);
    expect(json.threat).toBe('mia');
    expect(json.bayesSecurity).toBeCloseTo(0.9781517624519831, 12);
    expect(json.tprAtFpr).toHaveLength(2);
    // Cherubin et al. §4.2: "Bayes security bounds TPR@0.1FPR by 0.128" — here β* of that run.
    expect(json.tprAtFpr[1].tpr).toBeCloseTo(0.1 + 1 - json.bayesSecurity, 12);
    expect(json.certifiedLowerBound).toBeLessThanOrEqual(json.bayesSecurity);
    expect(json.attackSuccess).toBeCloseTo(1 - json.bayesSecurity / 2, 12);
    expect(run.stdout).not.toMatch(/NaN/);
  });

  it('reads an attribute-sensitivity trace and checks it against the flags', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-bayes-'));
    const trace = { format: 'dpbounds.ai-sensitivity-trace', version: 1, attribute: 'age', method: 'full', clip: 1, samplingRate: 0.01, noiseMultiplier: 1, steps: 5, full: [0.5, 1.2, 2, 0, 1.9] };
    writeFileSync(join(dir, 'ai.json'), JSON.stringify(trace));
    const run = await runCaptured(['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'ai.json', '--clip', '1', '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.threat).toBe('ai');
    expect(json.bayesSecurity).toBeCloseTo(0.9878343669870729, 12);
    expect(json.warning).toMatch(/membership/);
    const approx = await runCaptured(['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'ai.json', '--sensitivity-method', 'approximate'], { cwd: dir });
    expect(approx.code).toBe(2);
    expect(approx.stderr).toMatch(/approximate/);
    const mismatch = await runCaptured(['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'ai.json', '--clip', '2'], { cwd: dir });
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toMatch(/--clip/);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...trace, full: [0.5, 3, 2, 0, 1.9] }));
    const bad = await runCaptured(['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'bad.json'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/full\[1\]/);
  });

  it('exits 2 with a one-line message for invalid input', async () => {
    for (const argv of [
      ['bayes-security', '--sampling-rate', '1.5', '--noise-multiplier', '1', '--steps', '10'],
      ['bayes-security', '--sampling-rate', '0.1', '--noise-multiplier', '0', '--steps', '10'],
      ['bayes-security', '--sampling-rate', '0.1', '--noise-multiplier', '1'],
      ['bayes-security', '--threat', 'ai'],
      ['bayes-security', '--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '10', '--neighbouring', 'replace'],
    ]) {
      const run = await runCaptured(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('prints a readable table and the rough ε when --delta is given', async () => {
    const run = await runCaptured(['bayes-security', '--sampling-rate', '0.0001', '--noise-multiplier', '2', '--steps', '300000', '--delta', '1e-8']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/β\* ≥, closed form alone \(guarantee\)/);
    expect(run.stdout).toMatch(/0\.0437034/);
  });

  it('--exact brackets β* with the PLD accountant around the closed form', async () => {
    const run = await runCaptured(['bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '2', '--steps', '1000', '--exact', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.exactLowerBound).toBeLessThanOrEqual(json.exactUpperBound);
    expect(Math.abs(json.bayesSecurity - json.exactLowerBound)).toBeLessThan(0.01);
    expect(json.certifiedLowerBound).toBeLessThanOrEqual(json.exactUpperBound);
  });
});

describe('dpbounds bayes-security / calibrate at extreme values (fuzz regressions)', () => {
  it('σ = 1e-320 is refused naming --noise-multiplier (the error term would be ∞, written as null)', async () => {
    const r = await runCaptured(['bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '1e-320', '--steps', '1000', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^dpbounds bayes-security: --noise-multiplier must be large enough .*found 1e-320\n$/);
  });

  it('calibrate --target-bayes-security 1e-320: a finite σ and a finite approximation error', async () => {
    const r = await runCaptured(['calibrate', '--target-bayes-security', '1e-320', '--sampling-rate', '0.01', '--steps', '100', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.noiseMultiplier).toBeGreaterThan(0);
    expect(json.achieved).toBeGreaterThanOrEqual(1e-320);
    expect(Number.isFinite(json.approximationError)).toBe(true);
  });
});
