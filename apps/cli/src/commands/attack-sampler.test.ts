import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { attackCommand } from './attack.js';
import { tprCeiling } from './attack-sampler.js';
import { dpCommand } from './dp.js';

const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-attack-sampler-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
// a loss attack that separates 60 % of the members perfectly from every non-member (seeded by construction)
const lines = ['id,loss,member'];
for (let i = 0; i < 1000; i++) lines.push(`m${i},${i < 600 ? -10 - i / 1000 : (i % 97) / 97},1`);
for (let i = 0; i < 1000; i++) lines.push(`n${i},${(i % 89) / 89},0`);
writeFileSync(join(cwd, 'targets.csv'), `${lines.join('\n')}\n`);
const commands = [attackCommand];
const base = ['attack', '--method', 'loss', '--targets', 'targets.csv', '--fpr', '0.01'];
const run = ['--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '300'];

interface SamplerJson { sampling: string; poissonValidForRun: boolean; attackExceedsPoisson: boolean; attackExceedsGuarantee: boolean; points: { fpr: number; tprLower: number; poissonMaxTpr: number; guaranteeMaxTpr?: number }[] }

describe('dpbounds attack --sampling', () => {
  it('sets the measured TPR against the TPR ceilings of the sampler ε and the Poisson ε', async () => {
    const r = await runCaptured([...base, '--sampling', 'fixed-size', ...run, '--json'], { cwd, commands });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { kind: string; sampler: SamplerJson };
    expect(out.kind).toBe('empirical');
    const point = out.sampler.points[0] as SamplerJson['points'][number];
    expect(point.fpr).toBe(0.01);
    // the Poisson ε (≈ 0.9) caps TPR at 1 % FPR near 2.5 %; the fixed-size guarantee allows more
    expect(point.poissonMaxTpr).toBeLessThan(0.05);
    expect(point.guaranteeMaxTpr as number).toBeGreaterThan(point.poissonMaxTpr);
    expect(out.sampler.attackExceedsPoisson).toBe(point.tprLower > point.poissonMaxTpr);
    expect(out.sampler.attackExceedsPoisson).toBe(true);
    expect(out.sampler.attackExceedsGuarantee).toBe(point.tprLower > (point.guaranteeMaxTpr as number));
    const text = await runCaptured([...base, '--sampling', 'fixed-size', ...run], { cwd, commands });
    expect(text.stdout).toContain('attacked run (--sampling fixed-size)');
  });

  it('prices a shuffled run with --drop-last on the epochs the loop ran, and refuses the epoch flags without --sampling', async () => {
    const r = await runCaptured([...base, '--sampling', 'shuffle', '--batch-size', '400', '--dataset-size', '1000', '--noise-multiplier', '0.5', '--steps', '3', '--drop-last', '--json'], { cwd, commands });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { sampler: { batchesPerEpoch: number; epochs: number; readAs: string } };
    expect([out.sampler.batchesPerEpoch, out.sampler.epochs, out.sampler.readAs]).toEqual([2, 2, 'zero-out']);
    const lone = await runCaptured([...base, '--drop-last'], { cwd, commands });
    expect(lone.code).toBe(2);
    expect(lone.stderr).toMatch(/--drop-last describes the attacked run: it needs --sampling/);
  });

  it('at δ = 1e-320 (truncated Poisson) compares with a finite guarantee instead of refusing', async () => {
    // the CLI fuzz's attack --sampling truncated-poisson --delta 1e-320 was refused naming the library's `epsilon` (+∞)
    const r = await runCaptured([...base, '--sampling', 'truncated-poisson', '--max-batch-size', '120', ...run, '--delta', '1e-320', '--json'], { cwd, commands });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { sampler: SamplerJson & { epsilon: number; method: string } };
    expect(Number.isFinite(out.sampler.epsilon)).toBe(true);
    expect(out.sampler.method).toMatch(/^rdp: truncated Poisson/);
    const point = out.sampler.points[0] as SamplerJson['points'][number];
    expect(point.guaranteeMaxTpr).toBe(tprCeiling(out.sampler.epsilon, 1e-320, 0.01));
  });

  it('tprCeiling: ε = +∞ allows TPR 1 at any FPR > 0 (δ at FPR 0); a finite ε its (ε, δ) curve', () => {
    expect([tprCeiling(Infinity, 1e-5, 0.01), tprCeiling(Infinity, 1e-5, 0)]).toEqual([1, 1e-5]);
    expect(tprCeiling(1, 1e-5, 0.01)).toBeCloseTo(Math.E * 0.01 + 1e-5, 12);
    expect(tprCeiling(1e6, 1e-5, 0.01)).toBe(1);
  });

  it('refuses run flags without --sampling, and --batch-size stays a GLiR flag otherwise', async () => {
    const r = await runCaptured([...base, '--noise-multiplier', '1'], { cwd, commands });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--noise-multiplier describes the attacked run: it needs --sampling/);
    const b = await runCaptured([...base, '--batch-size', '10'], { cwd, commands });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--batch-size does not apply to --method loss/);
  });

  it('poisson with --sampling-rate: the comparison prices the rate the run ran (Opacus: 1/len(loader)), not b/N, and echoes the sizes', async () => {
    const opacus = ['--sampling', 'poisson', '--sampling-rate', '0.0097', '--noise-multiplier', '1', '--steps', '300'];
    const withSizes = JSON.parse((await runCaptured([...base, ...opacus, '--batch-size', '100', '--dataset-size', '10000', '--json'], { cwd, commands })).stdout) as { sampler: SamplerJson & { epsilon: number; samplingRate: number; batchSize: number; datasetSize: number; sizeRate: number; samplingNote: string; note: string } };
    const alone = JSON.parse((await runCaptured([...base, ...opacus, '--json'], { cwd, commands })).stdout) as { sampler: SamplerJson & { epsilon: number; batchSize?: number } };
    const dp = JSON.parse((await runCaptured(['dp', '--sampling-rate', '0.0097', '--noise-multiplier', '1', '--steps', '300', '--delta', '1e-5', '--json'], { commands: [dpCommand] })).stdout) as { epsilon: number };
    expect(withSizes.sampler.epsilon).toBe(dp.epsilon);
    expect(alone.sampler.epsilon).toBe(dp.epsilon);
    expect(alone.sampler.batchSize).toBeUndefined();
    expect(withSizes.sampler.poissonValidForRun).toBe(true);
    expect([withSizes.sampler.samplingRate, withSizes.sampler.batchSize, withSizes.sampler.datasetSize, withSizes.sampler.sizeRate]).toEqual([0.0097, 100, 10_000, 0.01]);
    expect(withSizes.sampler.samplingNote).toMatch(/priced at --sampling-rate q = 0\.0097/);
    expect(withSizes.sampler.note).toMatch(/probability q = 0\.0097 \(Poisson, --sampling-rate\)/);
    // b/N = 0.01 is another run: its ceiling is higher than that of the run that was run
    const atSizes = JSON.parse((await runCaptured([...base, '--sampling', 'poisson', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '300', '--json'], { cwd, commands })).stdout) as { sampler: SamplerJson };
    expect((withSizes.sampler.points[0] as SamplerJson['points'][number]).poissonMaxTpr).toBeLessThan((atSizes.sampler.points[0] as SamplerJson['points'][number]).poissonMaxTpr);
    const text = await runCaptured([...base, ...opacus, '--batch-size', '100', '--dataset-size', '10000'], { cwd, commands });
    expect(text.stdout).toMatch(/Poisson accountant: ε = [\d.]+ at q = 0\.0097 \(--sampling-rate\): valid for this run\n  sampling: priced at --sampling-rate q = 0\.0097/);
    // refusals: the rate without --sampling, a rate that contradicts another sampler's b/N
    const lone = await runCaptured([...base, '--sampling-rate', '0.0097'], { cwd, commands });
    expect(lone.stderr).toMatch(/--sampling-rate describes the attacked run: it needs --sampling/);
    const fixed = await runCaptured([...base, '--sampling', 'fixed-size', '--sampling-rate', '0.0097', ...run], { cwd, commands });
    expect(fixed.code).toBe(2);
    expect(fixed.stderr).toMatch(/--sampling fixed-size is priced from --batch-size and --dataset-size/);
  });
});
