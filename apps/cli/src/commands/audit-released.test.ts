// `dpbounds audit --released --canary-bits`: the white-box audit of released values, on seeded
// simulations of honest and under-noised runs (test-helpers/released-values.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dpSgdEvent, PldAccountant } from '@dpbounds/accountants';
import { auditScores } from '@dpbounds/audit-one-run';
import { diracCanaryScores, releasedNoiseScale } from '@dpbounds/sgd-instrumentation';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { npyFloat64, npyHeader } from '../test-helpers/npy-file.js';
import { simulateRelease, writeRelease, type ReleasedSimulation } from '../test-helpers/released-values.js';
import { auditReleasedValues, readReleasedValues, type ReleasedScore } from './audit-released.js';

const DELTA = 1e-5;

/** Audits one simulated run with `score`, claiming `claimed` as the noise multiplier. */
function auditSimulated(s: ReleasedSimulation, claimed: number, score: ReleasedScore = 'measured') {
  const sim = simulateRelease(s);
  const values = { released: sim.released, steps: s.steps, canaries: s.canaries, bits: Float64Array.from(sim.bits), releasedPath: 'released.npy', bitsPath: 'canary-bits.npy' };
  return auditReleasedValues(values, { samplingRate: s.samplingRate, noiseMultiplier: claimed, steps: s.steps, delta: DELTA, clipNorm: s.clipNorm }, { score }).json;
}

function directory(): string {
  return mkdtempSync(join(tmpdir(), 'dpbounds-audit-released-'));
}

const RUN_FLAGS = ['--sampling-rate', '0.05', '--noise-multiplier', '1', '--steps', '200', '--clip-norm', '1'];
// real noise 0.3 while the accountant is told 1 (the injected bug)
const UNDER_NOISED: ReleasedSimulation = { seed: 1, steps: 200, canaries: 1000, samplingRate: 0.05, noiseMultiplier: 0.3, clipNorm: 1 };

describe('dpbounds audit --released (the command)', () => {
  it('scores the released values at the measured noise, audits them and holds the audit against the claimed guarantee', async () => {
    const dir = directory();
    const files = writeRelease(dir, simulateRelease(UNDER_NOISED), 'npy');
    const run = await runCaptured(['audit', '--released', files.released, '--canary-bits', files.bits, ...RUN_FLAGS, '--json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as Record<string, unknown> & { guarantee: Record<string, unknown> };
    const claimedEpsilon = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate: 0.05, noiseMultiplier: 1, steps: 200 })).getEpsilon(DELTA);
    expect(json.guarantee).toEqual({ epsilon: claimedEpsilon, delta: DELTA, kind: 'guarantee', neighbouring: 'add-remove', accountant: 'pld', samplingRate: 0.05, noiseMultiplier: 1, steps: 200 });
    expect(json).toMatchObject({ score: 'measured', claimedNoiseMultiplier: 1, clipNorm: 1, samplingRate: 0.05, steps: 200, canaries: 1000, neighbouring: 'add-remove', kind: 'empirical', auditExceedsGuarantee: true });
    expect(json.measuredNoiseMultiplier as number).toBeGreaterThan(0.3);
    expect(json.measuredNoiseMultiplier as number).toBeLessThan(0.33);
    expect(json.scoredNoiseMultiplier).toBe(json.measuredNoiseMultiplier);
    expect(json.empiricalEpsilon as number).toBeGreaterThan(claimedEpsilon);
    // the numbers docs/audit-one-run.md quotes
    expect(claimedEpsilon).toBeCloseTo(4.766, 3);
    expect(json.measuredNoiseMultiplier as number).toBeCloseTo(0.309, 3);
    expect(json.empiricalEpsilon as number).toBeCloseTo(8.765, 3);
    expect(auditSimulated(UNDER_NOISED, 1, 'claimed').empiricalEpsilon).toBeCloseTo(7.644, 3);
    expect(json.verdict).toMatch(/exceeds the proven ε ≤ [\d.]+ of the claimed run .*not what its parameters describe/);
    expect(json.verdict).toMatch(/measured from the released values, 0\.3\d*, is below the claimed 1/);
    expect(json.scoreAssumes).toMatch(/measured from the released values/);
    expect(json.canaryAssumption).toMatch(/fair coin/);
    // the same numbers as scoring and auditing by hand with the library functions
    const sim = simulateRelease(UNDER_NOISED);
    const sigma = releasedNoiseScale(sim.released);
    const scores = diracCanaryScores(sim.released, { canaries: 1000, samplingRate: 0.05, noiseMultiplier: sigma, clipNorm: 1 });
    expect(json.empiricalEpsilon).toBe(auditScores({ scores, members: Float64Array.from(sim.bits) }, { delta: DELTA }).empiricalEpsilon);
    // the readable form says the same
    const text = await runCaptured(['audit', '--released', files.released, '--canary-bits', files.bits, ...RUN_FLAGS], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/audit exceeds guarantee\s+true/);
    expect(text.stdout).toMatch(/measured noise multiplier\s+0\.3/);
    expect(text.stdout).toMatch(/claimed guarantee\s+ε ≤ [\d.]+ at δ = 1e-5 \(pld, add-remove/);
  });

  it('reads CSV released values (with a header) and bits as a member column, one value per line or a 1-D .npy alike', async () => {
    const dir = directory();
    const s = { ...UNDER_NOISED, steps: 60, canaries: 200 };
    const sim = simulateRelease(s);
    const csv = writeRelease(dir, sim, 'csv');
    writeRelease(dir, sim, 'npy');
    writeFileSync(join(dir, 'bits-lines.csv'), `${Array.from(sim.bits).join('\n')}\n`);
    writeFileSync(join(dir, 'bits-columns.csv'), `id,member\n${Array.from(sim.bits, (b, i) => `${i},${b}`).join('\n')}\n`);
    const flags = ['--sampling-rate', '0.05', '--noise-multiplier', '1', '--steps', '60', '--clip-norm', '1', '--json'];
    const results = [];
    for (const [released, bits] of [[csv.released, csv.bits], ['released.npy', 'canary-bits.npy'], [csv.released, 'bits-lines.csv'], ['released.npy', 'bits-columns.csv']]) {
      const r = await runCaptured(['audit', '--released', released as string, '--canary-bits', bits as string, ...flags], { cwd: dir });
      expect(r.stderr, `${released} ${bits}`).toBe('');
      results.push(JSON.parse(r.stdout) as Record<string, unknown>);
    }
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
    // float32 .npy (as torch tensors are usually saved)
    const header = npyHeader(60, 200).toString('latin1').replace("'<f8'", "'<f4'");
    writeFileSync(join(dir, 'released-f4.npy'), Buffer.concat([Buffer.from(header, 'latin1'), Buffer.from(Float32Array.from(sim.released).buffer)]));
    const f4 = await runCaptured(['audit', '--released', 'released-f4.npy', '--canary-bits', 'canary-bits.npy', ...flags], { cwd: dir });
    expect(f4.stderr).toBe('');
    expect((JSON.parse(f4.stdout) as { canaries: number }).canaries).toBe(200);
  });

  it('--score sum needs no clip norm; measured and claimed refuse to guess it', async () => {
    const dir = directory();
    const files = writeRelease(dir, simulateRelease({ ...UNDER_NOISED, steps: 50, canaries: 100 }), 'npy');
    const base = ['audit', '--released', files.released, '--canary-bits', files.bits, '--sampling-rate', '0.05', '--noise-multiplier', '1', '--steps', '50'];
    const sum = await runCaptured([...base, '--score', 'sum', '--json'], { cwd: dir });
    expect(sum.code).toBe(0);
    expect(JSON.parse(sum.stdout)).toMatchObject({ score: 'sum', clipNorm: null, measuredNoiseMultiplier: null, scoredNoiseMultiplier: null });
    for (const score of [[], ['--score', 'claimed']]) {
      const r = await runCaptured([...base, ...score], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--clip-norm C is needed for --score (measured|claimed): the released values are in the units of your gradients/);
    }
  });

  it('refuses malformed input with one line naming the flag', async () => {
    const dir = directory();
    const sim = simulateRelease({ ...UNDER_NOISED, steps: 20, canaries: 30 });
    writeRelease(dir, sim, 'npy');
    writeFileSync(join(dir, 'bits-short.csv'), `member\n${Array.from(sim.bits.subarray(0, 29)).join('\n')}\n`);
    writeFileSync(join(dir, 'bits-two.csv'), `${Array.from(sim.bits, (b) => (b === 1 ? 2 : 0)).join('\n')}\n`);
    // the same bytes with a 1-D shape (600,) (padded to the same header length)
    writeFileSync(join(dir, 'released-1d.npy'), Buffer.from(npyFloat64(20, 30, sim.released).toString('latin1').replace('(20, 30)', '(600,)  '), 'latin1'));
    const ok = ['--sampling-rate', '0.05', '--noise-multiplier', '1', '--clip-norm', '1'];
    const bad: [string[], RegExp][] = [
      [['--released', 'released.npy', '--steps', '20', ...ok], /--released needs --canary-bits FILE/],
      [['--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok], /--canary-bits needs --released FILE/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '21', ...ok], /--released released\.npy: 20 rows, but --steps is 21 \(one row per step\)/],
      [['--released', 'released.npy', '--canary-bits', 'bits-short.csv', '--steps', '20', ...ok], /--canary-bits bits-short\.csv: 29 bits, but --released released\.npy has 30 columns \(one per canary\)/],
      [['--released', 'released.npy', '--canary-bits', 'bits-two.csv', '--steps', '20', ...ok], /--canary-bits bits-two\.csv: value \d+ must be 0 or 1/],
      [['--released', 'released-1d.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok], /--released released-1d\.npy: expected a 2-D array of 20 steps × m canaries/],
      [['--released', 'missing.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok], /--released missing\.npy/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok, '--delta', '0'], /--delta/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok, '--sampling', 'shuffle'], /--released audits Poisson-sampled canaries at --sampling-rate q; found --sampling shuffle/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok, '--batch-size', '10'], /--batch-size does not apply with --released/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok, '--scores', 'x.csv'], /--scores does not apply with --released/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', '--noise-multiplier', '1', '--clip-norm', '1'], /--sampling-rate/],
      [['--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--steps', '20', ...ok, '--score', 'claimd'], /--score must be one of measured, claimed, sum; found "claimd" \(did you mean claimed\?\)/],
    ];
    for (const [argv, message] of bad) {
      const r = await runCaptured(['audit', ...argv], { cwd: dir });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr, argv.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('auditReleasedValues on seeded simulations', () => {
  it('honest runs (noise as claimed) are consistent with their guarantee in at least 95 % of seeds', () => {
    let consistent = 0;
    let proved = 0;
    const seeds = 12;
    const epsilons: number[] = [];
    const noises: number[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const json = auditSimulated({ seed, steps: 100, canaries: 500, samplingRate: 0.1, noiseMultiplier: 1, clipNorm: 1 }, 1);
      if (!json.auditExceedsGuarantee) consistent++;
      if (json.empiricalEpsilon > 0) proved++;
      expect(json.guarantee.epsilon).toBeCloseTo(7.047, 3);
      epsilons.push(json.empiricalEpsilon);
      noises.push(json.measuredNoiseMultiplier as number);
      // the measured noise of an honest run is the claimed one, up to the canaries' small inflation
      expect(json.measuredNoiseMultiplier as number).toBeGreaterThan(1);
      expect(json.measuredNoiseMultiplier as number).toBeLessThan(1.05);
    }
    expect(consistent).toBeGreaterThanOrEqual(Math.ceil(0.95 * seeds));
    // the ranges docs/audit-one-run.md quotes
    expect(Math.min(...epsilons)).toBeCloseTo(2.302, 3);
    expect(Math.max(...epsilons)).toBeCloseTo(4.442, 3);
    expect(Math.min(...noises)).toBeCloseTo(1.011, 3);
    expect(Math.max(...noises)).toBeCloseTo(1.031, 3);
    // and the audit has power: it proves some loss on most of them
    expect(proved).toBeGreaterThanOrEqual(seeds - 1);
  });

  it('under-noised runs exceed the claimed guarantee with the default (measured) score: 0.3 claimed as 1, 0.6 claimed as 2', () => {
    for (const [real, claimed] of [[0.3, 1], [0.6, 2]] as const) {
      for (const seed of [1, 2, 3]) {
        const json = auditSimulated({ seed, steps: 200, canaries: 1000, samplingRate: 0.05, noiseMultiplier: real, clipNorm: 1 }, claimed);
        expect(json.auditExceedsGuarantee, `real ${real}, claimed ${claimed}, seed ${seed}`).toBe(true);
        if (claimed === 2) expect(json.guarantee.epsilon).toBeCloseTo(1.561, 3);
        expect(json.measuredNoiseMultiplier as number).toBeGreaterThan(real);
        expect(json.measuredNoiseMultiplier as number).toBeLessThan(real * 1.1);
      }
    }
  });

  it('the claimed-σ score misses an under-noised run that the measured score catches (real-gradient components on the canary coordinates)', () => {
    // q = 0.01, T = 300, σ claimed 1 (ε ≤ 1.068 at δ = 1e-5), real noise 0.3,
    // and real-gradient components of standard deviation 0.5·C on the canary coordinates
    const setting = { steps: 300, canaries: 1000, samplingRate: 0.01, noiseMultiplier: 0.3, clipNorm: 1, gradientNoise: 0.5 };
    const measured: number[] = [];
    const claimed: number[] = [];
    let caught = 0;
    let missed = 0;
    for (const seed of [1, 2, 3, 4]) {
      const m = auditSimulated({ seed, ...setting }, 1, 'measured');
      const c = auditSimulated({ seed, ...setting }, 1, 'claimed');
      expect(c.scoredNoiseMultiplier).toBe(1);
      measured.push(m.empiricalEpsilon);
      claimed.push(c.empiricalEpsilon);
      if (m.auditExceedsGuarantee) caught++;
      if (!c.auditExceedsGuarantee) missed++;
      if (seed === 1) {
        // the numbers docs/audit-one-run.md quotes
        expect(m.guarantee.epsilon).toBeCloseTo(1.068, 3);
        expect(m.measuredNoiseMultiplier as number).toBeCloseTo(0.587, 3);
        expect(m.empiricalEpsilon).toBeCloseTo(1.217, 3);
        expect(c.empiricalEpsilon).toBeCloseTo(0.801, 3);
        expect(auditSimulated({ seed, ...setting }, 1, 'sum').empiricalEpsilon).toBeCloseTo(0.452, 3);
      }
    }
    expect(caught).toBe(4);
    expect(missed).toBe(2);
  });
});

describe('readReleasedValues / auditReleasedValues for other callers (dpbounds report)', () => {
  it('name the caller’s fields in their messages and return a JSON-ready result', async () => {
    const dir = directory();
    const files = writeRelease(dir, simulateRelease({ ...UNDER_NOISED, steps: 40, canaries: 100 }), 'npy');
    const io = { stdout: () => undefined, stderr: () => undefined, stderrIsTTY: false, cwd: dir };
    const names = { released: 'evidence released', canaryBits: 'evidence canaryBits', steps: 'run steps' };
    await expect(readReleasedValues(io, { released: files.released, canaryBits: files.bits }, { steps: 41 }, names)).rejects.toThrow(/^evidence released released\.npy: 40 rows, but run steps is 41/);
    await expect(readReleasedValues(io, { released: files.released, canaryBits: 'nope.npy' }, { steps: 40 }, names)).rejects.toThrow(/^evidence canaryBits nope\.npy/);
    const values = await readReleasedValues(io, { released: files.released, canaryBits: files.bits }, { steps: 40 }, names);
    expect([values.steps, values.canaries, values.bits.length]).toEqual([40, 100, 100]);
    const run = { samplingRate: 0.05, noiseMultiplier: 1, steps: 40, delta: 1e-5 };
    expect(() => auditReleasedValues(values, run, { names: { clipNorm: 'run clipNorm', delta: 'run delta', steps: 'run steps' } })).toThrow(/^run clipNorm C is needed for the measured score/);
    // a C so small that noise scale / C overflows is refused naming C, not the σ it produced
    expect(() => auditReleasedValues(values, { ...run, clipNorm: 1e-320 }, { names: { clipNorm: 'run clipNorm', delta: 'run delta', steps: 'run steps' } })).toThrow(/^run clipNorm must be large enough for the measured noise multiplier .* found 1e-320$/);
    const audit = auditReleasedValues(values, { ...run, clipNorm: 1 });
    expect(JSON.parse(JSON.stringify(audit.json))).toEqual(audit.json);
    expect(audit.json).toMatchObject({ kind: 'empirical', neighbouring: 'add-remove', guarantee: { kind: 'guarantee', neighbouring: 'add-remove' } });
    expect(audit.text).toContain(audit.json.verdict);
  });
});
