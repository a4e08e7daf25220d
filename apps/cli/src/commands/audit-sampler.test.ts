import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { dpSgdEvent, PldAccountant, samplerEpsilon } from '@dpbounds/accountants';
import { auditCommand } from './audit.js';

const commands = [auditCommand];
const counts = ['--canaries', '1000', '--guesses', '100', '--correct', '100'];
const runArgs = ['--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '300'];

describe('dpbounds audit --sampling', () => {
  it('sets the empirical ε against the sampler ε and the Poisson ε of the audited run', async () => {
    const run = await runCaptured(['audit', ...counts, '--sampling', 'fixed-size', ...runArgs, '--json'], { commands });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { empiricalEpsilon: number; sampler: { sampling: string; epsilon: number; kind: string; poisson: { epsilon: number }; poissonValidForRun: boolean; auditExceedsPoisson: boolean; auditExceedsGuarantee: boolean } };
    expect(out.sampler.sampling).toBe('fixed-size');
    expect(out.sampler.kind).toBe('guarantee');
    expect(out.sampler.poissonValidForRun).toBe(false);
    expect(out.sampler.auditExceedsPoisson).toBe(out.empiricalEpsilon > out.sampler.poisson.epsilon);
    expect(out.sampler.auditExceedsGuarantee).toBe(out.empiricalEpsilon > out.sampler.epsilon);
    // a perfect guesser on 100 of 1000 canaries: above the Poisson ε (≈ 0.9 here), below the fixed-size guarantee
    expect(out.sampler.auditExceedsPoisson).toBe(true);
    expect(out.sampler.auditExceedsGuarantee).toBe(false);
    // the number the audit is held against is the sampler's guarantee, labelled so
    const held = out.sampler as unknown as { guarantee: { epsilon: number; kind: string }; canaries: string; verdict: string };
    expect(held.guarantee).toMatchObject({ epsilon: out.sampler.epsilon, kind: 'guarantee' });
    expect(held.canaries).toMatch(/joined batches as records of this sampler do/);
    expect(held.verdict).toMatch(/measured evidence that the Poisson ε does not cover this run/);
    const text = await runCaptured(['audit', ...counts, '--sampling', 'fixed-size', ...runArgs], { commands });
    expect(text.stdout).toMatch(/measured evidence that the Poisson ε does not cover this run/);
    expect(text.stdout).toMatch(/the audit \(a lower bound\) is held against the fixed-size batches ε: ε ≤ [\d.]+ \(guarantee\)/);
  });

  it('holds the audit against the proven upper bound when the sampler ε is only a lower bound (shuffling)', async () => {
    const run = await runCaptured(['audit', ...counts, '--sampling', 'shuffle', ...runArgs, '--json'], { commands });
    expect(run.code).toBe(0);
    const s = (JSON.parse(run.stdout) as { sampler: { kind: string; upper: { epsilon: number }; guarantee: { epsilon: number; kind: string }; auditExceedsGuarantee: boolean } }).sampler;
    expect(s.kind).toBe('lower-bound');
    expect(s.guarantee).toEqual({ epsilon: s.upper.epsilon, kind: 'guarantee', neighbouring: 'add-remove', method: expect.any(String) });
    expect(s.auditExceedsGuarantee).toBe(false);
  });

  it('without --sampling the JSON has no sampler block; run flags without --sampling are refused', async () => {
    const plain = await runCaptured(['audit', ...counts, '--json'], { commands });
    expect(plain.code).toBe(0);
    expect((JSON.parse(plain.stdout) as Record<string, unknown>).sampler).toBeUndefined();
    const lone = await runCaptured(['audit', ...counts, '--noise-multiplier', '1'], { commands });
    expect(lone.code).toBe(2);
    expect(lone.stderr).toMatch(/--noise-multiplier describes the audited run: it needs --sampling/);
  });

  it('prices a balls-in-bins run with --batches-per-epoch, and refuses the epoch flags without --sampling', async () => {
    const run = await runCaptured(['audit', ...counts, '--sampling', 'balls-in-bins', '--batch-size', '300', '--dataset-size', '1000', '--noise-multiplier', '0.5', '--steps', '4', '--batches-per-epoch', '3', '--json'], { commands });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { sampler: { batchesPerEpoch: number; epochs: number } };
    expect([out.sampler.batchesPerEpoch, out.sampler.epochs]).toEqual([3, 2]);
    const lone = await runCaptured(['audit', ...counts, '--batches-per-epoch', '3'], { commands });
    expect(lone.code).toBe(2);
    expect(lone.stderr).toMatch(/--batches-per-epoch describes the audited run: it needs --sampling/);
  });

  it('refuses the Poisson-subsampled family for a run that did not sample Poisson batches', async () => {
    const r = await runCaptured(['audit', ...counts, '--sampling', 'shuffle', ...runArgs, '--family', 'subsampled-gaussian', '--sampling-rate', '0.01'], { commands });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--family subsampled-gaussian is the Poisson-subsampled family; the audited run used --sampling shuffle/);
  });
});

describe('audit --sampling poisson with the rate the loop ran (Opacus: 1/len(loader)) beside the sizes', () => {
  it('holds the audit against the PLD guarantee at that rate, the sizes as context', async () => {
    const q = 1 / 103; // Opacus: sample_rate = 1/len(loader), not b/N = 0.009828…
    const r = await runCaptured(['audit', ...counts, '--sampling', 'poisson', '--sampling-rate', String(q), '--batch-size', '256', '--dataset-size', '26048', '--noise-multiplier', '1', '--steps', '309', '--json'], { commands });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const sampler = (JSON.parse(r.stdout) as { sampler: { epsilon: number; poissonValidForRun: boolean; guarantee: { epsilon: number } } }).sampler;
    const pld = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: 1, steps: 309 })).getEpsilonBounds(1e-5);
    expect(sampler.epsilon).toBe(pld.upper);
    expect(sampler.guarantee.epsilon).toBe(pld.upper);
    expect(sampler.poissonValidForRun).toBe(true);
  });
});
