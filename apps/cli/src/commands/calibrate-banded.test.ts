import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { calibrateCommand } from './calibrate.js';
import { dpCommand } from './dp.js';

const commands = [calibrateCommand, dpCommand];
type Json = Record<string, unknown>;

const json = async (argv: readonly string[], cwd?: string): Promise<Json> => {
  const run = await runCaptured([...argv, '--json'], { commands, ...(cwd === undefined ? {} : { cwd }) });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Json;
};
const calibrate = (argv: readonly string[], cwd?: string): Promise<Json> => json(['calibrate', '--mechanism', 'banded-matrix', ...argv], cwd);
/** ε of `dp --mechanism banded-matrix` for the same run at noise multiplier σ. */
const dpEpsilon = async (argv: readonly string[], sigma: number, extra: readonly string[] = [], cwd?: string): Promise<number> =>
  (await json(['dp', '--mechanism', 'banded-matrix', ...argv, '--noise-multiplier', String(sigma), ...extra], cwd)).epsilon as number;
/** Exit 2, nothing on stdout, exactly one line on stderr, no stack trace, no NaN; returns that line. */
const refused = async (argv: readonly string[]): Promise<string> => {
  const run = await runCaptured(['calibrate', ...argv], { commands });
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).not.toContain('NaN');
  return lines[0] as string;
};

const TARGET = 2;
const target = ['--target-epsilon', String(TARGET), '--delta', '1e-5'];
const strategy = ['--band-values', '1,0.5,0.25', '--steps', '600'];
/**
 * Balls-in-bins over 4 epochs of 50 steps instead of 12: its amplified guarantee is priced by the
 * random-allocation accountant at every σ probe (~7 s of CPU per calibration at 600 steps, ~2.5 s at 200).
 */
const ballsInBinsStrategy = ['--band-values', '1,0.5,0.25', '--steps', '200'];

describe('dpbounds calibrate --mechanism banded-matrix: the smallest σ whose dp ε meets the target', () => {
  const cases: readonly { name: string; run: readonly string[] }[] = [
    { name: 'cyclic (k ≥ b)', run: [...strategy, '--participation', 'cyclic', '--min-separation', '50'] },
    { name: 'cyclic (k < b, overlapping columns)', run: [...strategy, '--participation', 'cyclic', '--min-separation', '2'] },
    { name: 'cyclic (k = ⌈N/B⌉)', run: [...strategy, '--participation', 'cyclic', '--dataset-size', '5000', '--batch-size', '100'] },
    { name: 'balls-in-bins', run: [...ballsInBinsStrategy, '--participation', 'balls-in-bins', '--min-separation', '50'] },
    { name: 'poisson-in-group', run: [...strategy, '--participation', 'poisson-in-group', '--min-separation', '4', '--dataset-size', '10000', '--batch-size', '100'] },
  ];
  for (const c of cases) {
    it(`${c.name}: dp's ε at σ is ≤ the target (and is "achieved"), at σ·(1 − 1e-3) it is above`, async () => {
      const out = await calibrate([...c.run, ...target]);
      const sigma = out.noiseMultiplier as number;
      expect(out.achieved as number).toBeLessThanOrEqual(TARGET);
      const atSigma = await dpEpsilon(c.run, sigma, ['--delta', '1e-5']);
      expect(atSigma).toBe(out.achieved);
      expect(atSigma).toBeLessThanOrEqual(TARGET);
      expect(await dpEpsilon(c.run, sigma * (1 - 1e-3), ['--delta', '1e-5'])).toBeGreaterThan(TARGET);
    });
  }

  it('a strategy file of column norms, whose many noise levels dp prices as one Gaussian: the same contract', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-calibrate-banded-'));
    writeFileSync(join(dir, 'norms.txt'), `${Array.from({ length: 300 }, (_, i) => (1 + 0.5 * Math.sin(i)).toFixed(4)).join('\n')}\n`);
    const run = ['--strategy', 'norms.txt', '--bands', '3', '--participation', 'cyclic', '--min-separation', '7', '--steps', '300'];
    const out = await calibrate([...run, ...target], dir);
    expect(out.pricedAs).toBe('one-gaussian');
    const sigma = out.noiseMultiplier as number;
    expect(await dpEpsilon(run, sigma, ['--delta', '1e-5'], dir)).toBe(out.achieved);
    expect(out.achieved as number).toBeLessThanOrEqual(TARGET);
    expect(await dpEpsilon(run, sigma * (1 - 1e-3), ['--delta', '1e-5'], dir)).toBeGreaterThan(TARGET);
  });

  it('substitution and the rdp accountant: the same contract against dp with the same flags', async () => {
    const run = [...ballsInBinsStrategy, '--participation', 'balls-in-bins', '--min-separation', '50'];
    for (const extra of [['--neighbouring', 'substitution'], ['--accountant', 'rdp']]) {
      const out = await calibrate([...run, ...target, ...extra]);
      const sigma = out.noiseMultiplier as number;
      expect(await dpEpsilon(run, sigma, ['--delta', '1e-5', ...extra])).toBe(out.achieved);
      expect(await dpEpsilon(run, sigma * (1 - 1e-3), ['--delta', '1e-5', ...extra])).toBeGreaterThan(TARGET);
    }
  });

  it('prints calibrate\'s fields first, then the BandMF fields of dp --json at the calibrated σ', async () => {
    const run = [...ballsInBinsStrategy, '--participation', 'balls-in-bins', '--min-separation', '50'];
    const out = await calibrate([...run, ...target]);
    const plain = await json(['calibrate', '--target-epsilon', '1', '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '100']);
    expect(Object.keys(out).slice(0, Object.keys(plain).length)).toEqual(Object.keys(plain));
    expect(out).toMatchObject({ target: TARGET, targetKind: 'epsilon', delta: 1e-5, accountant: 'pld', neighbouring: 'add-remove', kind: 'guarantee', approximation: false });
    const dp = await json(['dp', '--mechanism', 'banded-matrix', ...run, '--noise-multiplier', String(out.noiseMultiplier), '--delta', '1e-5']);
    for (const key of ['mechanism', 'participation', 'bands', 'minSeparation', 'steps', 'noiseMultiplier', 'strategySource', 'bandValues', 'participations', 'sensitivity', 'amplification', 'pricedAs', 'ledger', 'summary', 'amplificationNote']) {
      expect(out[key], key).toEqual(dp[key]);
    }
    expect(out.amplificationNote).toContain('credited with amplification');
    // the amplified guarantee needs less noise than the ledger's; the ledger's σ is given beside it
    expect(out.noiseMultiplierWithoutAmplification as number).toBeGreaterThan(out.noiseMultiplier as number);
    expect(out.randomAllocation).toEqual(dp.randomAllocation);
    expect(out).not.toHaveProperty('evaluations');
  });

  it('balls-in-bins where splitting the noise costs more than the placement gains: the ledger\'s σ, and no σ without amplification', async () => {
    // 20 equal bands: ρ = ‖c‖₁ = 20 against ‖c‖₂ ≈ 4.5 per column
    const run = ['--band-values', Array.from({ length: 20 }, () => '1').join(','), '--participation', 'balls-in-bins', '--min-separation', '20', '--steps', '40'];
    const out = await calibrate([...run, ...target]);
    expect(out).not.toHaveProperty('noiseMultiplierWithoutAmplification');
    expect(out.amplification).toBe(false);
    const sigma = out.noiseMultiplier as number;
    expect(await dpEpsilon(run, sigma, ['--delta', '1e-5'])).toBe(out.achieved);
    expect(await dpEpsilon(run, sigma * (1 - 1e-3), ['--delta', '1e-5'])).toBeGreaterThan(TARGET);
  });

  it('GDP calibrates an estimate; the text says so, and says what balls-in-bins is credited with', async () => {
    const run = [...ballsInBinsStrategy, '--participation', 'balls-in-bins', '--min-separation', '50'];
    const gdp = await calibrate([...run, ...target, '--accountant', 'gdp']);
    expect(gdp.kind).toBe('estimate');
    expect(gdp.approximation).toBe(true);
    expect(gdp.achieved as number).toBeLessThanOrEqual(TARGET);
    const text = await runCaptured(['calibrate', '--mechanism', 'banded-matrix', ...run, ...target], { commands });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/noise multiplier σ\s+[\d.]+/);
    expect(text.stdout).toContain('(≤ target)');
    expect(text.stdout).toMatch(/without amplification +σ = [\d.]+ \(the random placement is credited: see the note\)/);
    expect(text.stdout).toContain('credited with amplification');
  });
});

describe('the identity strategy (--band-values 1) is full-batch DP-SGD', () => {
  it('cyclic every k steps over n steps calibrates to the σ of calibrate --sampling-rate 1 --steps ⌈n/k⌉, bit for bit', async () => {
    // n = 1000, k = 30: the worst record joins ⌈1000/30⌉ = 34 steps, each a Gaussian release of
    // noise σ with no sampling, exactly DP-SGD at q = 1 over 34 steps: the same ε(σ) for every σ,
    // so the same search returns the same σ
    for (const accountant of ['pld', 'rdp']) {
      const banded = await calibrate(['--band-values', '1', '--participation', 'cyclic', '--min-separation', '30', '--steps', '1000', ...target, '--accountant', accountant]);
      const sgd = await json(['calibrate', ...target, '--sampling-rate', '1', '--steps', String(Math.ceil(1000 / 30)), '--accountant', accountant]);
      expect(banded.noiseMultiplier).toBe(sgd.noiseMultiplier);
      expect(banded.achieved).toBe(sgd.achieved);
      expect(banded.participations).toBe(34);
    }
  });
});

describe('calibrate --mechanism banded-matrix refuses what it cannot calibrate, in one line naming the flag', () => {
  const run = [...strategy, '--participation', 'cyclic', '--min-separation', '50'];
  it('bad or missing run flags: the flag, its range and the value found', async () => {
    expect(await refused(['--mechanism', 'banded-matrix', ...strategy, '--min-separation', '50', ...target])).toMatch(/--participation/);
    expect(await refused(['--mechanism', 'banded-matrix', ...strategy, '--participation', 'cyclic', '--min-separation', '0', ...target])).toBe('dpbounds calibrate: --min-separation must be an integer in [1, inf); found 0');
    expect(await refused(['--mechanism', 'banded-matrix', ...strategy, '--participation', 'balls-in-bins', '--min-separation', '2', ...target])).toMatch(/--min-separation .*--bands.*found 2/);
    expect(await refused(['--mechanism', 'banded-matrix', '--band-values', '0,1', '--steps', '600', '--participation', 'cyclic', '--min-separation', '50', ...target])).toMatch(/--band-values .*v0 > 0.*found v0 = 0/);
    expect(await refused(['--mechanism', 'banded-matrix', ...strategy, '--participation', 'poisson-in-group', '--dataset-size', '1000', '--batch-size', '400', ...target])).toMatch(/--batch-size must be at most --dataset-size \/ --min-separation.*found 400/);
    expect(await refused(['--mechanism', 'banded-matrix', ...run, '--delta', '1e-5'])).toMatch(/--target-epsilon/);
    expect(await refused(['--mechanism', 'banded-matrix', ...run, '--target-epsilon', '2'])).toMatch(/missing --delta/);
    expect(await refused(['--mechanism', 'banded-matrix', ...run, '--target-epsilon', '-1', '--delta', '1e-5'])).toMatch(/--target-epsilon must be a number in \(0, inf\); found -1/);
    expect(await refused(['--mechanism', 'banded-matrix', ...run, ...target, '--sampling-rate', '0.1'])).toMatch(/--sampling-rate does not apply to --mechanism banded-matrix/);
    expect(await refused(['--mechanism', 'banded-matrix', ...run, ...target, '--accountant', 'prv', '--neighbouring', 'substitution'])).toMatch(/--accountant prv supports --neighbouring add-remove only/);
    expect(await refused(['--mechanism', 'fancy', ...run, ...target])).toMatch(/--mechanism .*dp-sgd.*banded-matrix.*found "?fancy/);
    // the banded flags without --mechanism banded-matrix are an error, not a DP-SGD calibration
    expect(await refused([...target, '--sampling-rate', '0.1', '--steps', '100', '--bands', '2'])).toMatch(/--bands is for --mechanism banded-matrix/);
  });

  it('the DP-SGD targets (β*, μ-GMIP, TPR at FPR): their analyses assume DP-SGD with Poisson sampling', async () => {
    for (const [flag, value] of [['--target-bayes-security', '0.9'], ['--target-gmip-mu', '0.5'], ['--target-tpr', '0.1']] as const) {
      expect(await refused(['--mechanism', 'banded-matrix', ...run, flag, value])).toMatch(new RegExp(`${flag} does not apply to --mechanism banded-matrix.*DP-SGD.*--target-epsilon`));
    }
    expect(await refused(['--mechanism', 'banded-matrix', ...run, ...target, '--at-fpr', '0.01'])).toMatch(/--at-fpr does not apply to --mechanism banded-matrix/);
  });

  it('targets no σ meets: out of reach, or δ already met without noise', async () => {
    // every step: 10⁴ Gaussian releases of the identity strategy, ε = 1e-6 needs more than σ/Δ = 1e6
    const line = await refused(['--mechanism', 'banded-matrix', '--band-values', '1', '--steps', '10000', '--participation', 'cyclic', '--min-separation', '1', '--target-epsilon', '1e-6', '--delta', '1e-5', '--accountant', 'rdp']);
    expect(line).toMatch(/--target-epsilon 1e-6/);
    // poisson-in-group at q = kB/N = 1e-7 over 3 steps: a record is used with probability 3e-7 < δ
    const rare = await refused(['--mechanism', 'banded-matrix', ...strategy, '--participation', 'poisson-in-group', '--min-separation', '200', '--dataset-size', '100000000000', '--batch-size', '50', ...target]);
    expect(rare).toMatch(/--delta 1e-5 .*without noise/);
  });
});
