/**
 * Regression: the demo report and the train summary price a shuffle or balls-in-bins run with the
 * batches per epoch the trainer recorded (shuffle cuts ⌊N/L⌋ batches, balls-in-bins round(N/L)),
 * not ⌈N/b⌉. With fewer batches per epoch the same T steps are more epochs, hence more Gaussian
 * releases per record; the reported guarantee must cover the epochs the trainer actually ran.
 */
import { ballsInBinsRdpEpsilon } from '@dpbounds/accountants/advanced';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-sampler-epochs-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const lines = ['x,outcome'];
for (let i = 0; i < 1000; i++) lines.push(`${Math.sin(i).toFixed(3)},${Math.sin(i) > 0 ? 'yes' : 'no'}`);
writeFileSync(join(cwd, 'data.csv'), `${lines.join('\n')}\n`);
// 1000 training records (no held-out split), σ = 0.5; --epochs 1.2 gives T = round(1.2·N/L) steps
const data = ['--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--test-fraction', '0', '--model', 'logistic', '--noise-multiplier', '0.5', '--epochs', '1.2'];
const demo = ['demo', ...data, '--canaries', '0', '--input-canaries', '0'];
const SIGMA = 0.5;
const DELTA = 1e-5;

interface Priced {
  readonly epsilon: number;
  readonly kind: string;
  readonly upper?: { readonly epsilon: number; readonly kind: string };
  readonly batchesPerEpoch?: number;
  readonly epochs?: number;
}

/** The ε of E Gaussian releases of sensitivity 1 (one per epoch, no amplification): μ = √E/σ. */
function noAmplification(epochs: number): number {
  return gdpEpsilon(Math.sqrt(epochs) / SIGMA, DELTA);
}

describe('the demo report prices the epochs the trainer ran', () => {
  it('shuffle, N = 1000, L = 400, T = 3: the trainer ran 2 epochs of 2 batches; the guarantee covers 2 Gaussian releases', async () => {
    const run = await runCaptured([...demo, '--batch-size', '400', '--sampling', 'shuffle', '--out', 'shuffle', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { config: { steps: number }; batchSampling: Priced };
    expect(report.config.steps).toBe(3);
    const s = report.batchSampling;
    expect(s.upper?.kind).toBe('guarantee');
    expect(s.upper?.epsilon).toBeGreaterThanOrEqual(noAmplification(2));
    expect(s.batchesPerEpoch).toBe(2);
    expect(s.epochs).toBe(2);
  }, 120_000);

  it('balls-in-bins, N = 1000, L = 300, T = 4: the trainer ran 3 batches per epoch over 2 epochs; the guarantee is priced on 2 epochs of 3', async () => {
    const run = await runCaptured([...demo, '--batch-size', '300', '--sampling', 'balls-in-bins', '--out', 'bins', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { config: { steps: number }; batchSampling: Priced };
    expect(report.config.steps).toBe(4);
    const s = report.batchSampling;
    // the smaller of 2 Gaussian releases and the random-allocation bound of 2 epochs of 3 batches;
    // pricing 1 epoch (k = ⌈N/b⌉ = 4 batches, T = 4) would give less than either bound for 2
    const twoEpochs = Math.min(noAmplification(2), ballsInBinsRdpEpsilon({ noiseMultiplier: SIGMA, batchesPerEpoch: 3, epochs: 2 }, DELTA));
    expect(s.upper?.epsilon).toBeGreaterThanOrEqual(twoEpochs * (1 - 1e-9));
    expect(s.upper?.epsilon).toBeGreaterThan(Math.max(noAmplification(1), ballsInBinsRdpEpsilon({ noiseMultiplier: SIGMA, batchesPerEpoch: 4, epochs: 1 }, DELTA)));
    expect(s.batchesPerEpoch).toBe(3);
    expect(s.epochs).toBe(2);
  }, 120_000);
});

describe('the train summary prices the sampler that ran', () => {
  it('shuffle, N = 1000, L = 400, T = 3: batchSampling carries the trainer\'s 2 batches per epoch and a guarantee for 2 epochs', async () => {
    const run = await runCaptured(['train', ...data, '--batch-size', '400', '--sampling', 'shuffle', '--out', 'train-shuffle', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { steps: number; sampler: { batchesPerEpoch: number }; batchSampling: Priced };
    expect(summary.steps).toBe(3);
    expect(summary.batchSampling.batchesPerEpoch).toBe(summary.sampler.batchesPerEpoch);
    expect(summary.batchSampling.epochs).toBe(2);
    expect(summary.batchSampling.upper?.epsilon).toBeGreaterThanOrEqual(noAmplification(2));
  }, 120_000);
});
