import { describe, expect, it } from 'vitest';
import { samplerEpsilon } from '@dpbounds/accountants';
import { runCaptured } from '../test-helpers/capture-io.js';
import { calibrateCommand } from './calibrate.js';
import { DEFAULT_CALIBRATION_MAX_WORK } from '@dpbounds/accountants/advanced';
import { lowerBoundMaxEvaluations, lowerBoundNoiseMultiplier, samplerCalibrationWork } from './calibrate-sampler.js';

const commands = [calibrateCommand];
const BIG = process.env.DPBOUNDS_BIG === '1';
const sizes = ['--batch-size', '100', '--dataset-size', '10000'];
const target = ['--target-epsilon', '2', '--delta', '1e-5', '--steps', '300'];
const runJson = async (argv: readonly string[]): Promise<Record<string, unknown>> => {
  const run = await runCaptured(['calibrate', ...argv, '--json'], { commands });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
};

describe('lowerBoundNoiseMultiplier', () => {
  it('returns the crossing of a decreasing lower bound from below (every smaller σ misses the target)', () => {
    const sigma = lowerBoundNoiseMultiplier((s) => 2 / s, 1, 4) as number;
    expect(sigma).toBeLessThanOrEqual(2);
    expect(sigma).toBeGreaterThan(2 * (1 - 2e-3));
  });
  it('is undefined when the lower bound never exceeds the target for σ ≥ 0.1', () => {
    expect(lowerBoundNoiseMultiplier(() => 0, 1, 3)).toBeUndefined();
  });
  it('stops at its work budget: a lower bound that stays at 0 from σ = 6307 (10⁷ shuffled epochs) is evaluated at most the budgeted times', () => {
    let calls = 0;
    const budget = { evaluations: 0, exhausted: false };
    const max = lowerBoundMaxEvaluations(10_000_000);
    expect(max).toBe(14);
    expect(lowerBoundMaxEvaluations(10_000)).toBe(24);
    expect(lowerBoundNoiseMultiplier(() => (calls++, 0), 2, 6307, budget, max)).toBeUndefined();
    expect(calls).toBe(14);
    expect(budget).toEqual({ evaluations: 14, exhausted: true });
    // a crossing inside the budget is still found, and counted
    const found = { evaluations: 0, exhausted: false };
    expect(lowerBoundNoiseMultiplier((s) => 2 / s, 1, 4, found, 24)).toBeGreaterThan(2 * (1 - 2e-3));
    expect(found.exhausted).toBe(false);
    expect(found.evaluations).toBeLessThanOrEqual(24);
  });
});

describe('calibrate --sampling work budget', () => {
  it('truncated-poisson past 10⁶ steps is refused naming --steps before any search', async () => {
    const run = await runCaptured(['calibrate', '--sampling', 'truncated-poisson', ...sizes, '--max-batch-size', '200', '--target-epsilon', '2', '--steps', '1000000000', '--delta', '1e-5'], { commands });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^dpbounds calibrate: --steps must be at most 1000000 for calibrate --sampling truncated-poisson .*found 1000000000/);
  });

  // the three slowest sampler calibrations seen (37–57 s of CPU before the total budget): refused
  // from their estimate, so the work counted before the refusal is 0, within the budget
  const slow: readonly [string, readonly string[]][] = [
    ['shuffle', ['--sampling', 'shuffle', ...sizes]],
    ['shuffle, one batch per epoch', ['--sampling', 'shuffle', '--batch-size', '10000', '--dataset-size', '10000']],
    ['balls-in-bins', ['--sampling', 'balls-in-bins', ...sizes]],
  ];
  for (const [name, flags] of slow) {
    it(`${name} at 10⁹ steps is refused before any work, naming --steps with the budget and the value found`, async () => {
      const sampler = flags[1] as 'shuffle' | 'balls-in-bins';
      const work = samplerCalibrationWork({ sampler, datasetSize: Number(flags[5]), batchSize: Number(flags[3]), steps: 1e9 });
      expect(work.own + work.poisson + work.lowerBound).toBeGreaterThan(DEFAULT_CALIBRATION_MAX_WORK);
      const run = await runCaptured(['calibrate', ...flags, '--target-epsilon', '2', '--steps', '1000000000', '--delta', '1e-5'], { commands });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(new RegExp(`^dpbounds calibrate: --steps must be small enough for the calibration's work budget, --max-work ${DEFAULT_CALIBRATION_MAX_WORK} grid points .*; found 1000000000\\. Lower --steps, or raise --max-work\n$`));
    });
  }

  it('an ordinary sampler calibration is estimated well within the budget', () => {
    for (const sampler of ['fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson', 'poisson'] as const) {
      const work = samplerCalibrationWork({ sampler, datasetSize: 10_000, batchSize: 100, steps: 300, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 150 } : {}) });
      expect(work.own + work.poisson + work.lowerBound).toBeLessThan(DEFAULT_CALIBRATION_MAX_WORK / 2);
    }
  });

  it('--max-work is validated, names itself, and belongs to --target-epsilon', async () => {
    const bad = await runCaptured(['calibrate', ...target, '--sampling', 'fixed-size', ...sizes, '--max-work', '100'], { commands });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dpbounds calibrate: --max-work must be .*found 100/);
    const small = await runCaptured(['calibrate', ...target, '--sampling', 'fixed-size', ...sizes, '--max-work', '4096'], { commands });
    expect(small.code).toBe(2);
    expect(small.stderr).toMatch(/^dpbounds calibrate: --steps must be small enough for the calibration's work budget, --max-work 4096 grid points .*found 300\. Lower --steps, or raise --max-work\n$/);
    const dpSgd = await runCaptured(['calibrate', '--target-epsilon', '1', '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '1000', '--max-work', '4096'], { commands });
    expect(dpSgd.code).toBe(2);
    expect(dpSgd.stderr).toMatch(/^dpbounds calibrate: --steps must be small enough for the calibration's work budget, --max-work = 4096 grid points .*raise --max-work; found 1000\n$/);
    const other = await runCaptured(['calibrate', '--target-bayes-security', '0.9', '--sampling-rate', '0.01', '--steps', '100', '--max-work', '1000000'], { commands });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^dpbounds calibrate: --max-work bounds the σ search of --target-epsilon/);
  });
});

describe('dpbounds calibrate --sampling', () => {
  it('fixed-size: a guaranteed σ above the Poisson σ', async () => {
    const out = await runJson([...target, '--sampling', 'fixed-size', ...sizes]);
    expect(out.sampling).toBe('fixed-size');
    expect(out.noiseMultiplierKind).toBe('guarantee');
    expect(out.achievedKind).toBe('guarantee');
    expect(out.achieved as number).toBeLessThanOrEqual(2);
    expect(out.noiseMultiplier as number).toBeGreaterThan(out.poissonNoiseMultiplier as number);
    expect(out.poissonValidForRun).toBe(false);
    // the guaranteed σ does meet the target; a guarantee needs no lower-bound σ
    const run = { sampler: 'fixed-size', datasetSize: 10_000, batchSize: 100, steps: 300 } as const;
    expect(samplerEpsilon({ ...run, noiseMultiplier: out.noiseMultiplier as number }, 1e-5).epsilon.value).toBeLessThanOrEqual(2);
    expect(out.lowerBoundNoiseMultiplier).toBeUndefined();
    // the text says a sampler's σ guarantees the target (a small ε keeps this cheap: large σ, coarse grid)
    const text = await runCaptured(['calibrate', '--target-epsilon', '0.5', '--delta', '1e-5', '--steps', '300', '--sampling', 'fixed-size', ...sizes], { commands });
    expect(text.stdout).toMatch(/\(guarantees the target\)/);
  });

  // The random-allocation accountant prices every σ probe (seconds each): the default run
  // calibrates a short run (20 steps, ε = 1); `DPBOUNDS_BIG=1` (pnpm test:big) the original
  // 300 steps at ε = 2 and its text output as well.
  const ballsInBins = BIG ? { epsilon: 2, steps: 300 } : { epsilon: 1, steps: 20 };
  it(`balls-in-bins: σ is calibrated on its guarantee (random allocation), and the Poisson σ at b/N is beside it (${ballsInBins.steps} steps)`, async () => {
    const bibTarget = ['--target-epsilon', String(ballsInBins.epsilon), '--delta', '1e-5', '--steps', String(ballsInBins.steps)];
    const out = await runJson([...bibTarget, '--sampling', 'balls-in-bins', ...sizes]);
    expect(out.achievedKind).toBe('guarantee');
    expect(out.noiseMultiplierKind).toBe('guarantee');
    expect(out.achieved as number).toBeLessThanOrEqual(ballsInBins.epsilon);
    const run = { sampler: 'balls-in-bins', datasetSize: 10_000, batchSize: 100, steps: ballsInBins.steps } as const;
    const sigma = out.noiseMultiplier as number;
    expect(samplerEpsilon({ ...run, noiseMultiplier: sigma }, 1e-5).epsilon).toMatchObject({ kind: 'guarantee', value: out.achieved });
    expect(samplerEpsilon({ ...run, noiseMultiplier: sigma * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(ballsInBins.epsilon);
    // the guarantee costs more noise than the Poisson accountant would claim
    expect(sigma).toBeGreaterThan(out.poissonNoiseMultiplier as number);
    if (BIG) {
      const text = await runCaptured(['calibrate', ...bibTarget, '--sampling', 'balls-in-bins', ...sizes], { commands });
      expect(text.stdout).toMatch(/\(guarantees the target\)/);
    }
  }, 600_000);

  it('--drop-last: calibrates shuffle on the epochs the loop runs (more epochs than ⌈N/b⌉ batches give, more noise) and states them', async () => {
    const dropped = await runJson(['--target-epsilon', '4', '--delta', '1e-5', '--steps', '3', '--sampling', 'shuffle', '--batch-size', '400', '--dataset-size', '1000', '--drop-last']);
    expect([dropped.batchesPerEpoch, dropped.epochs]).toEqual([2, 2]);
    expect(dropped.noiseMultiplierKind).toBe('guarantee');
    const run = { sampler: 'shuffle', datasetSize: 1000, batchSize: 400, steps: 3 } as const;
    expect(samplerEpsilon({ ...run, batchesPerEpoch: 2, noiseMultiplier: dropped.noiseMultiplier as number }, 1e-5).upper?.value as number).toBeLessThanOrEqual(4);
    // ⌈N/b⌉ = 3 batches per epoch would be 1 epoch, calibrated with less noise: at the dropped
    // loop's σ its guarantee is already strictly inside the target, so (ε decreasing in σ) the
    // smallest σ meeting it is smaller (one evaluation instead of a second calibration)
    expect(samplerEpsilon({ ...run, noiseMultiplier: dropped.noiseMultiplier as number }, 1e-5).upper?.value as number).toBeLessThan(4 * (1 - 1e-3));
  }, 120_000);

  it('refuses the epoch flags without --target-epsilon --sampling, or out of range, in one line naming the flag', async () => {
    for (const [argv, message] of [
      [['--target-epsilon', '1', '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '100', '--drop-last'], /^dpbounds calibrate: --drop-last describes the epochs of a --sampling shuffle\|balls-in-bins loop: it needs --target-epsilon with --sampling\n$/],
      [['--target-bayes-security', '0.9', '--sampling-rate', '0.01', '--steps', '100', '--batches-per-epoch', '3'], /--batches-per-epoch describes the epochs/],
      [[...target, '--sampling', 'balls-in-bins', ...sizes, '--batches-per-epoch', '20000'], /^dpbounds calibrate: --batches-per-epoch must be an integer in \[1, --dataset-size = 10000\]; found 20000\n$/],
      [[...target, '--sampling', 'fixed-size', ...sizes, '--drop-last'], /--drop-last is for --sampling shuffle\|balls-in-bins only/],
    ] as const) {
      const r = await runCaptured(['calibrate', ...argv], { commands });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it('refuses threat targets and other accountants for a sampler other than Poisson, naming the flags', async () => {
    const a = await runCaptured(['calibrate', '--target-bayes-security', '0.9', '--sampling-rate', '0.01', '--steps', '100', '--sampling', 'shuffle'], { commands });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--target-bayes-security assumes Poisson sampling; --sampling shuffle/);
    const b = await runCaptured(['calibrate', ...target, '--sampling', 'fixed-size', ...sizes, '--accountant', 'rdp'], { commands });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--accountant pld only/);
  });

  it('poisson: --sampling-rate beside --batch-size/--dataset-size calibrates the rate (Opacus: 1/len(loader)), echoes the sizes and says b/N was not priced', async () => {
    const short = ['--target-epsilon', '2', '--delta', '1e-5', '--steps', '50'];
    const plain = await runJson([...short, '--sampling-rate', '0.02']);
    for (const sampling of [['--sampling', 'poisson'], []]) {
      const out = await runJson([...short, ...sampling, '--sampling-rate', '0.02', ...sizes]);
      expect(out.noiseMultiplier).toBe(plain.noiseMultiplier);
      expect(out.achieved).toBe(plain.achieved);
      expect([out.sampling, out.samplingRate, out.batchSize, out.datasetSize, out.sizeRate]).toEqual(['poisson', 0.02, 100, 10_000, 0.01]);
      expect(out.samplingNote).toMatch(/^priced at --sampling-rate q = 0\.02, .*--batch-size \/ --dataset-size = 0\.01 is context, not priced$/);
    }
    const r = await runCaptured(['calibrate', ...short, '--sampling', 'fixed-size', '--sampling-rate', '0.02', ...sizes], { commands });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sampling fixed-size is priced from --batch-size and --dataset-size .*--sampling-rate 0\.02 contradicts --batch-size \/ --dataset-size = 0\.01; drop --sampling-rate/);
  });
});
