import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bandedBallsInBinsGuarantee, bandedMatrixEvent, GdpAccountant, PldAccountant, PrvAccountant, RdpAccountant } from '@dpbounds/accountants';
import type { BandedMatrixOptions } from '@dpbounds/accountants';
import { runCaptured } from '../test-helpers/capture-io.js';
import { dpCommand } from './dp.js';

const commands = [dpCommand];
type Json = Record<string, unknown>;
type Row = Record<string, number | string | boolean | null>;

const dp = async (argv: readonly string[], cwd?: string): Promise<Json> => {
  const run = await runCaptured(['dp', ...argv, '--json'], { commands, ...(cwd === undefined ? {} : { cwd }) });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Json;
};
const banded = (argv: readonly string[], cwd?: string): Promise<Json> => dp(['--mechanism', 'banded-matrix', ...argv], cwd);
/** Exit 2, nothing on stdout, exactly one line on stderr; returns that line. */
const refused = async (argv: readonly string[], cwd?: string): Promise<string> => {
  const run = await runCaptured(['dp', ...argv], { commands, ...(cwd === undefined ? {} : { cwd }) });
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  return lines[0] as string;
};
const DELTA = 1e-5;
const run = ['--noise-multiplier', '2', '--steps', '600', '--delta', String(DELTA)];
const library = (options: Partial<BandedMatrixOptions>): ReturnType<typeof bandedMatrixEvent> =>
  bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 600, noiseMultiplier: 2, participation: 'cyclic', minSeparation: 50, ...options });
const scratch = (): string => mkdtempSync(join(tmpdir(), 'dpbounds-banded-'));

describe('dpbounds dp --mechanism banded-matrix: the library\'s ε, priced as the library prices it', () => {
  const cases: readonly { name: string; argv: readonly string[]; options: Partial<BandedMatrixOptions> }[] = [
    { name: 'cyclic, k ≥ b', argv: ['--participation', 'cyclic', '--min-separation', '50'], options: {} },
    { name: 'cyclic, k < b (overlapping columns)', argv: ['--participation', 'cyclic', '--min-separation', '1'], options: { minSeparation: 1, noiseMultiplier: 2 } },
    { name: 'poisson-in-group', argv: ['--participation', 'poisson-in-group', '--min-separation', '4', '--dataset-size', '10000', '--batch-size', '100'], options: { participation: 'poisson-in-group', minSeparation: 4, datasetSize: 10_000, batchSize: 100 } },
  ];
  for (const c of cases) {
    it(`${c.name}: PLD and RDP equal the accountants composing bandedMatrixEvent directly`, async () => {
      const event = library(c.options);
      const pld = new PldAccountant().compose(event).getEpsilonBounds(DELTA);
      const rdp = new RdpAccountant().compose(event).getEpsilonAndOrder(DELTA);
      const out = await banded(['--band-values', '1,0.5', ...c.argv, ...run]);
      expect(out.epsilon).toBe(pld.upper);
      expect(out.epsilonLower).toBe(pld.lower);
      expect(out.kind).toBe('guarantee');
      const byRdp = await banded(['--band-values', '1,0.5', ...c.argv, ...run, '--accountant', 'rdp']);
      expect(byRdp.epsilon).toBe(rdp.epsilon);
      expect(byRdp.order).toBe(rdp.order);
    });
  }

  it('balls-in-bins: every guarantee row is the smaller of the ledger\'s ε and the library\'s amplified guarantee, and says which', async () => {
    const event = library({ participation: 'balls-in-bins' });
    const amplified = bandedBallsInBinsGuarantee(event, DELTA);
    if (amplified === undefined) throw new Error('expected an amplified guarantee');
    const pld = new PldAccountant().compose(event).getEpsilonBounds(DELTA);
    const rdp = new RdpAccountant().compose(event).getEpsilonAndOrder(DELTA);
    expect(amplified.epsilon).toBeLessThan(pld.upper);
    const out = await banded(['--band-values', '1,0.5', '--participation', 'balls-in-bins', '--min-separation', '50', ...run]);
    expect(out.epsilon).toBe(amplified.epsilon);
    expect(out.epsilonUnamplified).toBe(pld.upper);
    expect(out.epsilonLower).toBeUndefined();
    expect(out.kind).toBe('guarantee');
    expect(out.amplification).toBe(true);
    expect(out.randomAllocation).toMatchObject({ kind: 'guarantee', epsilon: amplified.epsilon, splitSensitivity: amplified.splitSensitivity, batchesPerEpoch: 50, epochs: 12, credited: true });
    const byRdp = await banded(['--band-values', '1,0.5', '--participation', 'balls-in-bins', '--min-separation', '50', ...run, '--accountant', 'rdp']);
    expect(byRdp.epsilon).toBe(amplified.epsilon);
    expect(byRdp.epsilonUnamplified).toBe(rdp.epsilon);
    // where splitting the noise costs more than the placement gains (ρ = ‖c‖₁ = 20 against ‖c‖₂ ≈ 4.5), the ledger's ε stays
    const flat = ['--band-values', Array.from({ length: 20 }, () => '1').join(','), '--participation', 'balls-in-bins', '--min-separation', '20', '--noise-multiplier', '8', '--steps', '40', '--delta', String(DELTA)];
    const kept = await banded(flat);
    const wide = bandedMatrixEvent({ strategy: { bands: Array.from({ length: 20 }, () => [1]) }, bands: 20, steps: 40, noiseMultiplier: 8, participation: 'balls-in-bins', minSeparation: 20 });
    expect(kept.epsilon).toBe(new PldAccountant().compose(wide).getEpsilonBounds(DELTA).upper);
    expect(kept.epsilonUnamplified).toBeUndefined();
    expect(kept.amplification).toBe(false);
    expect((kept.randomAllocation as Row).credited).toBe(false);
    expect((kept.randomAllocation as Row).epsilon as number).toBeGreaterThan(kept.epsilon as number);
    expect(kept.amplificationNote).toContain('which is not below the guarantee without amplification');
  });

  it('the identity strategy with balls-in-bins is DP-SGD with balls-in-bins batches: dp --sampling balls-in-bins gives the same ε', async () => {
    const identity = await banded(['--band-values', '1', '--participation', 'balls-in-bins', '--min-separation', '50', ...run]);
    const sgd = await dp(['--sampling', 'balls-in-bins', '--dataset-size', '5000', '--batch-size', '100', '--batches-per-epoch', '50', '--noise-multiplier', '2', '--steps', '600', '--delta', String(DELTA)]);
    expect(identity.epsilon).toBe(sgd.epsilon);
  });

  it('PRV and GDP too: PRV\'s upper bound is epsilon; GDP keeps the PLD guarantee in epsilon and its μ-GDP value as the estimate', async () => {
    const event = library({});
    const all = (await banded(['--band-values', '1,0.5', '--participation', 'cyclic', '--min-separation', '50', ...run, '--accountant', 'all'])) as Json & { results: Row[] };
    expect(all.results.map((r) => r.accountant)).toEqual(['rdp', 'pld', 'prv', 'gdp']);
    const [, pld, prv, gdp] = all.results as [Row, Row, Row, Row];
    const prvBounds = new PrvAccountant({ epsError: 'relative' }).compose(event).getEpsilonBounds(DELTA);
    expect(prv.epsilon).toBe(prvBounds.upper);
    expect(prv.epsilonLower).toBe(prvBounds.lower);
    expect(gdp.epsilon).toBe(pld.epsilon);
    expect(gdp.kind).toBe('guarantee');
    expect(gdp.estimateKind).toBe('estimate');
    expect(gdp.epsilonEstimate).toBe(new GdpAccountant().compose(event).getEpsilon(DELTA));
    // the run's fields sit beside the results, once
    expect(all.mechanism).toBe('banded-matrix');
    expect(all.participation).toBe('cyclic');
  });
});

describe('the identity strategy (--bands 1 --band-values 1) is DP-SGD', () => {
  it('cyclic every k steps equals full-batch DP-SGD: dp --sampling-rate 1 --steps ⌈n/k⌉, every accountant, bit for bit', async () => {
    // n = 1000, k = 30: the record at position 0 joins steps 0, 30, …, 990, i.e. ⌈1000/30⌉ = 34 times
    const identity = (await banded(['--bands', '1', '--band-values', '1', '--participation', 'cyclic', '--min-separation', '30', '--noise-multiplier', '3', '--steps', '1000', '--delta', '1e-6', '--accountant', 'all'])) as Json & { results: Row[] };
    const sgd = (await dp(['--sampling-rate', '1', '--noise-multiplier', '3', '--steps', String(Math.ceil(1000 / 30)), '--delta', '1e-6', '--accountant', 'all'])) as { results: Row[] };
    expect(identity.participations).toBe(34);
    expect(identity.sensitivity).toBeCloseTo(Math.sqrt(34), 12);
    expect(identity.results).toHaveLength(sgd.results.length);
    sgd.results.forEach((row, i) => {
      for (const [key, value] of Object.entries(row)) expect([key, (identity.results[i] as Row)[key]]).toEqual([key, value]);
    });
  });

  it('cyclic under substitution equals full-batch DP-SGD under substitution (PLD)', async () => {
    const identity = await banded(['--band-values', '1', '--participation', 'cyclic', '--min-separation', '10', '--noise-multiplier', '5', '--steps', '100', '--delta', '1e-5', '--neighbouring', 'substitution']);
    const sgd = await dp(['--sampling-rate', '1', '--noise-multiplier', '5', '--steps', '10', '--delta', '1e-5', '--neighbouring', 'substitution']);
    expect(identity.epsilon).toBe(sgd.epsilon);
    expect(identity.neighbouring).toBe('substitution');
  });

  it('poisson-in-group with k = 1 equals DP-SGD at q = B/N for n steps, every accountant', async () => {
    const identity = (await banded(['--band-values', '1', '--participation', 'poisson-in-group', '--min-separation', '1', '--dataset-size', '20000', '--batch-size', '100', '--noise-multiplier', '1.1', '--steps', '800', '--delta', '1e-5', '--accountant', 'all'])) as Json & { results: Row[] };
    const sgd = (await dp(['--sampling-rate', String(100 / 20000), '--noise-multiplier', '1.1', '--steps', '800', '--delta', '1e-5', '--accountant', 'all'])) as { results: Row[] };
    expect(identity.samplingRate).toBe(100 / 20000);
    expect(identity.amplification).toBe(true);
    sgd.results.forEach((row, i) => {
      for (const [key, value] of Object.entries(row)) expect([key, (identity.results[i] as Row)[key]]).toEqual([key, value]);
    });
  });
});

describe('what was priced, in numbers derived by hand', () => {
  it('a second band raises ε over one band with the same diagonal, for every participation', async () => {
    // every step (k = 1) over 60 steps, not 600: ε ≈ 126 at 600 steps took the PLD ~1.5 s per run
    const every = ['--noise-multiplier', '2', '--steps', '60', '--delta', String(DELTA)];
    for (const [scheme, steps] of [
      [['--participation', 'cyclic', '--min-separation', '50'], run],
      [['--participation', 'cyclic', '--min-separation', '1'], every],
      [['--participation', 'balls-in-bins', '--min-separation', '50'], run],
      [['--participation', 'poisson-in-group', '--min-separation', '2', '--dataset-size', '10000', '--batch-size', '100'], run],
    ] as const) {
      const one = await banded(['--band-values', '1', ...scheme, ...steps]);
      const two = await banded(['--band-values', '1,0.5', ...scheme, ...steps]);
      expect(two.epsilon as number, scheme.join(' ')).toBeGreaterThan(one.epsilon as number);
      expect(two.sensitivity as number).toBeGreaterThan(one.sensitivity as number);
    }
  });

  it('cyclic k ≥ b: Δ² = m·(1 + a²) for a Toeplitz (1, a) and m = n/k participations', async () => {
    const out = await banded(['--band-values', '1,0.5', '--participation', 'cyclic', '--min-separation', '50', ...run]);
    // the record at position 0 joins 0, 50, …, 550: 12 full columns of norm² 1 + 0.25
    expect(out.participations).toBe(12);
    expect(out.sensitivity).toBeCloseTo(Math.sqrt(12 * 1.25), 12);
    expect(out.pricedAs).toBe('ledger');
    expect(out.ledger).toEqual([{ samplingRate: 1, noiseMultiplier: 2 / Math.sqrt(1.25), count: 12 }]);
  });

  it('balls-in-bins: the worst placement pairs neighbouring epochs (last step, first step): Δ² = m·(1 + a²) + ⌊m/2⌋·2a', async () => {
    // 12 epochs of 50 steps; a record can sit at the end of one epoch and the start of the next,
    // columns i and i + 1 overlapping in one entry (a·1), but each step pairs with one neighbour only
    const out = await banded(['--band-values', '1,0.5', '--participation', 'balls-in-bins', '--min-separation', '50', ...run]);
    expect(out.sensitivity).toBeCloseTo(Math.sqrt(12 * 1.25 + 6 * 2 * 0.5), 12);
    // the ledger stays the worst placement; the reported ε credits the random placement (below)
    expect(out.ledger).toEqual([{ samplingRate: 1, noiseMultiplier: 2 / Math.sqrt(12 * 1.25 + 6 * 2 * 0.5), count: 1 }]);
  });

  it('poisson-in-group at q = kB/N = 1 samples nothing: the same ledger and ε as cyclic every k steps (Toeplitz columns of equal norm)', async () => {
    const scheme = ['--band-values', '1,0.6,0.3', '--noise-multiplier', '4', '--steps', '2000', '--delta', '1e-5'];
    const group = await banded([...scheme, '--participation', 'poisson-in-group', '--min-separation', '100', '--dataset-size', '60000', '--batch-size', '600']);
    const cyclic = await banded([...scheme, '--participation', 'cyclic', '--min-separation', '100']);
    expect(group.samplingRate).toBe(1);
    expect(group.amplification).toBe(false);
    expect(group.amplificationNote).toMatch(/samples nothing/);
    expect(group.ledger).toEqual(cyclic.ledger);
    expect(group.epsilon).toBe(cyclic.epsilon);
    // and, unsampled, RDP prices it under substitution too
    const rdp = await banded([...scheme, '--participation', 'poisson-in-group', '--min-separation', '100', '--dataset-size', '60000', '--batch-size', '600', '--accountant', 'rdp', '--neighbouring', 'substitution']);
    expect(rdp.neighbouring).toBe('substitution');
  });

  it('poisson-in-group: ⌈n/k⌉ steps at q = kB/N and noise σ / max column norm', async () => {
    const out = await banded(['--band-values', '1,0.5', '--participation', 'poisson-in-group', '--min-separation', '4', '--dataset-size', '10000', '--batch-size', '100', ...run]);
    expect(out.samplingRate).toBe(0.04);
    expect(out.participations).toBe(150);
    expect(out.ledger).toEqual([{ samplingRate: 0.04, noiseMultiplier: 2 / Math.sqrt(1.25), count: 150 }]);
  });
});

describe('--strategy FILE', () => {
  it('full diagonals in JSON, the same diagonals as --band-values, and column norms (JSON or one per line) give the same ε where they describe the same C', async () => {
    const dir = scratch();
    const n = 200;
    writeFileSync(join(dir, 'full.json'), JSON.stringify({ bands: [new Array<number>(n).fill(1), new Array<number>(n - 1).fill(0.5)] }));
    const norms = Array.from({ length: n }, (_, i) => (i < n - 1 ? Math.sqrt(1.25) : 1));
    writeFileSync(join(dir, 'norms.json'), JSON.stringify({ columnNorms: norms }));
    writeFileSync(join(dir, 'norms.txt'), `columnNorms\n${norms.map((v) => v.toExponential(17)).join('\n')}\n`);
    const scheme = ['--participation', 'cyclic', '--min-separation', '20', '--noise-multiplier', '2', '--steps', String(n), '--delta', '1e-5'];
    const toeplitz = await banded(['--band-values', '1,0.5', ...scheme]);
    const full = await banded(['--strategy', 'full.json', ...scheme], dir);
    expect(full.epsilon).toBe(toeplitz.epsilon);
    expect(full.strategyForm).toBe('bands');
    expect(full.strategyFile).toBe('full.json');
    // k ≥ b: disjoint columns, so the column norms alone are exact here
    const byNorms = await banded(['--strategy', 'norms.json', '--bands', '2', ...scheme], dir);
    const byLines = await banded(['--strategy', 'norms.txt', '--bands', '2', ...scheme], dir);
    expect(byNorms.epsilon).toBe(toeplitz.epsilon);
    expect(byLines.epsilon).toBe(byNorms.epsilon);
    expect(byLines.strategyForm).toBe('column-norms');
  });

  it('many different column norms are priced as the one Gaussian of noise σ/Δ (the same mechanism), which RDP confirms against the library', async () => {
    const dir = scratch();
    const n = 120;
    const k = 10;
    const norms = Array.from({ length: n }, (_, i) => 1 + 0.01 * i);
    writeFileSync(join(dir, 'ramp.txt'), norms.join('\n'));
    const scheme = ['--participation', 'cyclic', '--min-separation', String(k), '--bands', '2', '--noise-multiplier', '8', '--steps', String(n), '--delta', '1e-5'];
    const out = await banded(['--strategy', 'ramp.txt', ...scheme], dir);
    expect(out.pricedAs).toBe('one-gaussian');
    // the worst residue is the last one (9, 19, …, 119: the largest norms); Δ² = Σ of their squares
    const worst = norms.filter((_, i) => i % k === k - 1);
    const delta = Math.sqrt(worst.reduce((s, v) => s + v * v, 0));
    expect(out.sensitivity).toBeCloseTo(delta, 12);
    expect(out.ledger).toEqual([{ samplingRate: 1, noiseMultiplier: 8 / (out.sensitivity as number), count: 1 }]);
    expect(out.summary).toContain('(its 12 noise levels composed exactly into that one Gaussian)');
    // one Gaussian release of noise σ/Δ is what `dp` prices for one full-batch step at that σ
    const one = await dp(['--sampling-rate', '1', '--steps', '1', '--noise-multiplier', String(8 / (out.sensitivity as number)), '--delta', '1e-5']);
    expect(out.epsilon).toBe(one.epsilon);
    // and the library composing the 12 releases one by one gives the same RDP ε (μ² adds exactly)
    const event = bandedMatrixEvent({ strategy: { columnNorms: norms }, bands: 2, steps: n, noiseMultiplier: 8, participation: 'cyclic', minSeparation: k });
    const rdp = await banded(['--strategy', 'ramp.txt', ...scheme, '--accountant', 'rdp'], dir);
    expect(rdp.epsilon as number).toBeCloseTo(new RdpAccountant().compose(event).getEpsilon(1e-5), 9);
  });
});

describe('the JSON and the text', () => {
  it('--json: dp\'s fields first (accountant, neighbouring, epsilon, delta, kind), then the run', async () => {
    const out = await banded(['--band-values', '1,0.5', '--participation', 'cyclic', '--min-separation', '50', ...run]);
    expect(Object.keys(out).slice(0, 5)).toEqual(['accountant', 'neighbouring', 'epsilon', 'delta', 'kind']);
    expect(out).toMatchObject({ accountant: 'pld', neighbouring: 'add-remove', delta: DELTA, kind: 'guarantee', mechanism: 'banded-matrix', participation: 'cyclic', bands: 2, minSeparation: 50, steps: 600, noiseMultiplier: 2, strategySource: 'band-values', bandValues: [1, 0.5], amplification: false });
    expect(out.summary).toMatch(/^BandMF, 2 bands, cyclic every 50 steps: the worst record's 12 participations/);
    expect(out.summary).toMatch(/no amplification$/);
  });

  it('--min-separation from --dataset-size / --batch-size is ⌈N/B⌉ and says so', async () => {
    const out = await banded(['--band-values', '1,0.5', '--participation', 'cyclic', '--dataset-size', '1001', '--batch-size', '100', ...run]);
    expect(out.minSeparation).toBe(11);
    expect(out.minSeparationFrom).toBe('dataset-size/batch-size');
    expect(out.datasetSize).toBeUndefined();
  });

  it('balls-in-bins says, in the JSON and the text, what the random placement is credited with, and how a fixed-bin loop is priced', async () => {
    const argv = ['--mechanism', 'banded-matrix', '--band-values', '1,0.5', '--participation', 'balls-in-bins', '--min-separation', '50', ...run];
    const out = await dp(argv);
    expect(out.amplificationNote).toMatch(/credited with amplification: splitting the noise across the strategy's columns makes the release post-processing of DP-SGD with the same balls-in-bins batches at noise σ\/ρ = [\d.]+ \(ρ = 1\.5\), whose random-allocation bound over 12 epochs of 50 steps gives ε ≤ [\d.]+/);
    // a loop that draws each record's bin once is told the participation that prices it
    expect(out.amplificationNote).toContain('`--participation cyclic --min-separation 50` prices that loop');
    const text = await runCaptured(['dp', ...argv], { commands });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('credited with amplification');
    expect(text.stdout).toContain('BandMF, 2 bands, balls-in-bins in epochs of 50 steps');
    expect(text.stdout).toMatch(/pld +[\d.]+ +amplified \(random allocation\); pld without: [\d.]+/);
    // a strategy of column norms has no amplified bound (ρ needs the entries) and says so
    const dir = scratch();
    writeFileSync(join(dir, 'norms.txt'), `${Array.from({ length: 600 }, () => '1.118').join('\n')}\n`);
    const norms = await dp(['--mechanism', 'banded-matrix', '--strategy', 'norms.txt', '--bands', '2', '--participation', 'balls-in-bins', '--min-separation', '50', ...run], dir);
    expect(norms.amplificationNote).toMatch(/priced WITHOUT amplification.*needs the strategy's entries/);
    expect(norms).not.toHaveProperty('randomAllocation');
  });

  it('--accountant all under substitution runs the accountants that price it: every one but PRV without sampling, PLD only with poisson-in-group', async () => {
    const cyclic = (await banded(['--band-values', '1,0.5', '--participation', 'cyclic', '--min-separation', '50', ...run, '--neighbouring', 'substitution', '--accountant', 'all'])) as { results: Row[] };
    expect(cyclic.results.map((r) => r.accountant)).toEqual(['rdp', 'pld', 'gdp']);
    const group = (await banded(['--band-values', '1,0.5', '--participation', 'poisson-in-group', '--dataset-size', '10000', '--batch-size', '100', ...run, '--neighbouring', 'substitution', '--accountant', 'all'])) as { results: Row[] };
    expect(group.results.map((r) => r.accountant)).toEqual(['pld']);
  });
});

describe('bad input: exit 2 with one line naming the flag, its range and the value found', () => {
  const base = ['--mechanism', 'banded-matrix', ...run];
  it('ranges of the banded flags', async () => {
    expect(await refused([...base, '--band-values', '1,0.5', '--bands', '601', '--participation', 'cyclic', '--min-separation', '5'])).toContain('--bands must be an integer in [1, --steps = 600]; found 601');
    expect(await refused([...base, '--band-values', '1,0.5', '--bands', '3', '--participation', 'cyclic', '--min-separation', '5'])).toContain('--band-values must have --bands = 3 values');
    expect(await refused([...base, '--band-values', '0,0.5', '--participation', 'cyclic', '--min-separation', '5'])).toContain('--band-values must start with the main-diagonal value v0 > 0; found v0 = 0');
    expect(await refused([...base, '--band-values', '-1', '--participation', 'cyclic', '--min-separation', '5'])).toContain('found v0 = -1');
    expect(await refused([...base, '--band-values', '1,NaN', '--participation', 'cyclic', '--min-separation', '5'])).toContain('--band-values must be a number');
    expect(await refused([...base, '--band-values', '1,0.5,0.2', '--participation', 'balls-in-bins', '--min-separation', '2'])).toContain('--min-separation must be an integer in [--bands = 3, inf); found 2');
    expect(await refused([...base, '--band-values', '1,0.5,0.2', '--participation', 'poisson-in-group', '--min-separation', '2', '--dataset-size', '1000', '--batch-size', '10'])).toContain('--min-separation must be an integer in [--bands = 3, inf); found 2');
    expect(await refused([...base, '--band-values', '1,0.5', '--participation', 'poisson-in-group', '--dataset-size', '1000', '--batch-size', '600'])).toContain('--batch-size must be at most --dataset-size / --min-separation = 1000/2');
    expect(await refused([...base, '--band-values', '1,0.5', '--participation', 'balls-in-bins', '--dataset-size', '100', '--batch-size', '100'])).toContain('needs epochs of at least --bands = 2 steps; ⌈--dataset-size / --batch-size⌉ = ⌈100/100⌉ = 1');
    expect(await refused([...base, '--band-values', '1,0.5', '--participation', 'shuffle', '--min-separation', '5'])).toContain('--participation must be one of cyclic, balls-in-bins, poisson-in-group; found "shuffle"');
    expect(await refused([...base, '--band-values', '1,0.5', '--participation', 'cyclic'])).toContain('--participation cyclic needs --min-separation');
  });

  it('flags that do not apply are refused, not ignored', async () => {
    expect(await refused([...base, '--band-values', '1', '--participation', 'cyclic', '--min-separation', '5', '--sampling-rate', '0.1'])).toContain('--sampling-rate does not apply to --mechanism banded-matrix');
    expect(await refused([...base, '--band-values', '1', '--participation', 'cyclic', '--min-separation', '5', '--fpr', '0.1'])).toContain('--fpr does not apply');
    expect(await refused([...base, '--band-values', '1', '--participation', 'cyclic', '--min-separation', '5', '--dataset-size', '1000', '--batch-size', '10'])).toContain('give --min-separation or --dataset-size with --batch-size');
    expect(await refused([...base, '--band-values', '1', '--participation', 'poisson-in-group', '--batch-size', '10'])).toContain('needs --dataset-size N and --batch-size B');
    expect(await refused([...base, '--band-values', '1', '--participation', 'cyclic', '--min-separation', '5', '--accountant', 'prv', '--neighbouring', 'substitution'])).toContain('--accountant prv supports --neighbouring add-remove only');
    expect(await refused([...base, '--band-values', '1', '--participation', 'poisson-in-group', '--dataset-size', '1000', '--batch-size', '10', '--accountant', 'rdp', '--neighbouring', 'substitution'])).toContain('--accountant rdp supports --neighbouring add-remove only for --participation poisson-in-group');
    expect(await refused([...base, '--band-values', '1', '--strategy', 'x.json', '--participation', 'cyclic', '--min-separation', '5'])).toContain('give only one of --band-values or --strategy');
    // the banded flags without --mechanism banded-matrix: a DP-SGD run would silently ignore them
    expect(await refused(['--sampling-rate', '0.01', ...run, '--bands', '2'])).toContain('--bands is for --mechanism banded-matrix');
    expect(await refused(['--mechanism', 'dp-sgd', '--sampling-rate', '0.01', ...run, '--participation', 'cyclic'])).toContain('--participation is for --mechanism banded-matrix');
    expect(await refused(['--mechanism', 'bandmf', '--sampling-rate', '0.01', ...run])).toContain('--mechanism must be one of dp-sgd, banded-matrix; found "bandmf"');
  });

  it('strategy files: missing, malformed, of the wrong shape or length, named by the file', async () => {
    const dir = scratch();
    const scheme = [...base, '--participation', 'cyclic', '--min-separation', '5'];
    writeFileSync(join(dir, 'broken.json'), '{ "bands": [[1], [0.5, ');
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ bands: [[1]], note: 'x' }));
    writeFileSync(join(dir, 'null.json'), '{ "bands": [[1], [null]] }');
    writeFileSync(join(dir, 'short.json'), JSON.stringify({ bands: [[1], [0.5, 0.5]] }));
    writeFileSync(join(dir, 'zero.json'), JSON.stringify({ columnNorms: new Array<number>(600).fill(0) }));
    writeFileSync(join(dir, 'words.txt'), '1\n1\ntwo\n');
    writeFileSync(join(dir, 'strategy.npy'), 'x');
    expect(await refused([...scheme, '--strategy', 'missing.json'], dir)).toMatch(/--strategy missing\.json: .*not found/);
    expect(await refused([...scheme, '--strategy', 'broken.json'], dir)).toMatch(/^dpbounds dp: --strategy broken\.json: not valid JSON/);
    expect(await refused([...scheme, '--strategy', 'keys.json'], dir)).toContain('--strategy keys.json: expected a JSON object with exactly one key, "bands" or "columnNorms"');
    expect(await refused([...scheme, '--strategy', 'null.json'], dir)).toContain('--strategy null.json: bands[1][0] must be a number; found null');
    expect(await refused([...scheme, '--strategy', 'short.json'], dir)).toContain('--strategy short.json: bands[1] must be 599 entries (the diagonal C[i + 1, i]) or 1 (a Toeplitz band); found 2');
    expect(await refused([...scheme, '--strategy', 'zero.json', '--bands', '1'], dir)).toContain('--strategy zero.json: columnNorms[0] must be');
    expect(await refused([...scheme, '--strategy', 'zero.json'], dir)).toContain('gives column norms only: give --bands b');
    expect(await refused([...scheme, '--strategy', 'words.txt', '--bands', '1'], dir)).toContain('--strategy words.txt: line 3: expected one column norm');
    expect(await refused([...scheme, '--strategy', 'strategy.npy'], dir)).toContain('--strategy strategy.npy: unsupported file type ".npy"');
  });

  it('a strategy whose scale leaves double precision is refused naming --noise-multiplier and the strategy, never priced as ε = ∞ or NaN', async () => {
    const scheme = [...base, '--participation', 'cyclic', '--min-separation', '5'];
    expect(await refused([...scheme, '--band-values', '1e200'])).toMatch(/^dpbounds dp: --noise-multiplier 2 with --band-values 1e200: .*outside double precision/);
    expect(await refused([...scheme, '--band-values', '1,1e308'])).toContain('--band-values 1,1e308');
    // tiny noise per release: the PLD grid cannot hold it, and the message says to use RDP
    expect(await refused([...scheme, '--band-values', '1e100'])).toMatch(/--noise-multiplier 2 with --band-values 1e100: .*use --accountant rdp/);
  });

  it('a run too large for the sensitivity search is refused before any work', async () => {
    expect(await refused(['--mechanism', 'banded-matrix', '--noise-multiplier', '1', '--steps', '100000', '--delta', '1e-5', '--band-values', ['1', ...new Array<string>(299).fill('0.1')].join(','), '--participation', 'balls-in-bins', '--min-separation', '300'])).toContain('--steps 100000 with --bands 300');
  });
});
