import { describe, expect, it } from 'vitest';
import { createRng, DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { dpSgdEvent, gaussianEvent, selfComposedEvent } from '../../events/mechanism-event.js';
import { PldAccountant } from '../../pld/pld-accountant.js';
import { RdpAccountant } from '../../rdp/rdp-accountant.js';
import { bandedMatrixEvent, bandedMatrixLedgerSteps, bandedMatrixSensitivity, type BandedMatrixOptions } from './banded-matrix-event.js';

const DELTA = 1e-5;
const pld = (e: Parameters<PldAccountant['compose']>[0]): number => new PldAccountant().compose(e).getEpsilon(DELTA);
const rdp = (e: Parameters<RdpAccountant['compose']>[0]): number => new RdpAccountant().compose(e).getEpsilon(DELTA);

describe('bandedMatrixEvent: the identity strategy (b = 1) is DP-SGD, bit for bit', () => {
  it('cyclic: ⌈n/k⌉ Gaussian releases at σ (full diagonal or Toeplitz band)', () => {
    for (const strategy of [{ bands: [[1]] }, { bands: [new Array<number>(100).fill(1)] }, { columnNorms: new Array<number>(100).fill(1) }]) {
      const e = bandedMatrixEvent({ strategy, bands: 1, steps: 100, noiseMultiplier: 3, participation: 'cyclic', minSeparation: 20 });
      expect(pld(e)).toBe(pld(selfComposedEvent(gaussianEvent(3), 5)));
      expect(rdp(e)).toBe(rdp(selfComposedEvent(gaussianEvent(3), 5)));
    }
    // period from N and B: ⌈1000/100⌉ = 10 steps apart, 100 steps → 10 participations
    const byData = bandedMatrixEvent({ strategy: { bands: [[1]] }, bands: 1, steps: 100, noiseMultiplier: 3, participation: 'cyclic', datasetSize: 1000, batchSize: 100 });
    expect(byData.minSeparation).toBe(10);
    expect(pld(byData)).toBe(pld(selfComposedEvent(gaussianEvent(3), 10)));
  });

  it('poisson-in-group with one group: the Poisson-subsampled Gaussian ledger of DP-SGD', () => {
    const e = bandedMatrixEvent({ strategy: { bands: [[1]] }, bands: 1, steps: 500, noiseMultiplier: 1.1, participation: 'poisson-in-group', datasetSize: 10_000, batchSize: 100 });
    const sgd = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1.1, steps: 500 });
    expect(pld(e)).toBe(pld(sgd));
    expect(rdp(e)).toBe(rdp(sgd));
  });
});

describe('bandedMatrixLedgerSteps', () => {
  // a 2-banded Toeplitz strategy: column norm √(1 + a²) except the last column (1)
  const a = 0.6;
  const two = (over: Partial<BandedMatrixOptions> = {}): BandedMatrixOptions => ({ strategy: { bands: [[1], [a]] }, bands: 2, steps: 12, noiseMultiplier: 2, participation: 'cyclic', minSeparation: 3, ...over });

  it('cyclic with k ≥ b: one Gaussian per participation at σ/‖C[:, i]‖, i.e. Δ² = Σ‖C_i‖² (hand-computed)', () => {
    const steps = bandedMatrixLedgerSteps(bandedMatrixEvent(two()));
    // worst record joins steps 0, 3, 6, 9: four columns of norm √1.36
    expect(steps).toHaveLength(4);
    for (const s of steps) expect(s.noiseMultiplier).toBeCloseTo(2 / Math.sqrt(1 + a * a), 14);
  });

  it('cyclic with k < b: one Gaussian at σ/Δ with Δ² = Σ_{i,j} |⟨C_i, C_j⟩| (hand-computed)', () => {
    // k = 1: every step; columns i, i+1 overlap in row i+1: ⟨C_i, C_{i+1}⟩ = a·1
    const [s] = bandedMatrixLedgerSteps(bandedMatrixEvent(two({ minSeparation: 1 })));
    const squared = 11 * (1 + a * a) + 1 + 2 * 11 * a;
    expect(s?.noiseMultiplier).toBeCloseTo(2 / Math.sqrt(squared), 14);
    // the column-norm form bounds the overlap by Cauchy–Schwarz: more pessimistic
    const norms = Array.from({ length: 12 }, (_, i) => (i < 11 ? Math.sqrt(1 + a * a) : 1));
    const [byNorms] = bandedMatrixLedgerSteps(bandedMatrixEvent(two({ minSeparation: 1, strategy: { columnNorms: norms } })));
    expect(byNorms?.noiseMultiplier).toBeLessThan(s?.noiseMultiplier ?? 0);
  });

  it('balls-in-bins: the worst pattern over epochs (one step per epoch), found exactly on a small case against brute force', () => {
    const strategy = { bands: [[1, 0.9, 1.2, 1, 0.8, 1.1, 1, 1.3], [0.5, -0.4, 0.3, 0.7, -0.2, 0.6, 0.1], [0.2, 0.1, -0.3, 0.4, 0.2, 0.1]] };
    const e = bandedMatrixEvent({ strategy, bands: 3, steps: 8, noiseMultiplier: 1, participation: 'balls-in-bins', minSeparation: 3 });
    const [s] = bandedMatrixLedgerSteps(e);
    // brute force over the 3·3·2 patterns with the dense matrix
    const C = Array.from({ length: 8 }, (_, r) => Array.from({ length: 8 }, (_, c) => (r - c >= 0 && r - c < 3 ? (strategy.bands[r - c] as number[])[c] ?? 0 : 0)));
    const inner = (i: number, j: number): number => Math.abs(C.reduce((acc, row) => acc + (row[i] as number) * (row[j] as number), 0));
    let best = 0;
    for (const p0 of [0, 1, 2]) for (const p1 of [3, 4, 5]) for (const p2 of [6, 7]) {
      const pat = [p0, p1, p2];
      let sum = 0;
      for (const i of pat) for (const j of pat) sum += inner(i, j);
      best = Math.max(best, sum);
    }
    expect(s?.noiseMultiplier).toBeCloseTo(1 / Math.sqrt(best), 12);
  });

  it('a bin drawn once (cyclic at k, every offset) never prices above balls-in-bins at k, whose placements include it', () => {
    // docs/math/batch-samplers.md §7: the fixed-bin loop's patterns r, r + k, … are per-epoch placements
    const rng = createRng(7);
    const rand = (): number => rng.uniform();
    for (let trial = 0; trial < 40; trial++) {
      const b = 1 + Math.floor(rand() * 4);
      const k = b + Math.floor(rand() * 5);
      const steps = k + Math.floor(rand() * 4 * k);
      const bands = Array.from({ length: b }, (_, d) => Array.from({ length: steps - d }, () => (d === 0 ? 0.5 + rand() : rand() - 0.3)));
      const options = { strategy: { bands }, bands: b, steps, noiseMultiplier: 1, minSeparation: k };
      const cyclic = bandedMatrixSensitivity(bandedMatrixEvent({ ...options, participation: 'cyclic' })).sensitivity;
      const binned = bandedMatrixSensitivity(bandedMatrixEvent({ ...options, participation: 'balls-in-bins' })).sensitivity;
      expect(cyclic).toBeLessThanOrEqual(binned * (1 + 1e-12));
    }
  });

  it('reuses the worst record of an event\'s own (frozen) strategy across σ, with the same ledger as a fresh strategy and the same checks', () => {
    const bands = [[1, 0.9, 1.2, 1, 0.8, 1.1, 1, 1.3, 1, 1], [0.5, -0.4, 0.3, 0.7, -0.2, 0.6, 0.1, 0.2, 0.3], [0.2, 0.1, -0.3, 0.4, 0.2, 0.1, 0.3, 0.1]];
    for (const participation of ['cyclic', 'balls-in-bins', 'poisson-in-group'] as const) {
      const sizes = participation === 'poisson-in-group' ? { datasetSize: 100, batchSize: 10 } : {};
      const first = bandedMatrixEvent({ strategy: { bands }, bands: 3, steps: 10, noiseMultiplier: 1, participation, minSeparation: 3, ...sizes });
      expect(Object.isFrozen(first.strategy)).toBe(true);
      const again = bandedMatrixEvent({ strategy: first.strategy, bands: 3, steps: 10, noiseMultiplier: 2.5, participation, minSeparation: 3, ...sizes });
      expect(again.strategy).toBe(first.strategy);
      const fresh = bandedMatrixEvent({ strategy: { bands: bands.map((r) => [...r]) }, bands: 3, steps: 10, noiseMultiplier: 2.5, participation, minSeparation: 3, ...sizes });
      expect(bandedMatrixLedgerSteps(again)).toEqual(bandedMatrixLedgerSteps(fresh));
      // a cached strategy still has its other fields checked
      expect(() => bandedMatrixLedgerSteps({ ...again, minSeparation: participation === 'cyclic' ? 0 : 2 })).toThrow(/minSeparation/);
      expect(() => bandedMatrixLedgerSteps({ ...again, steps: 11 })).toThrow(/strategy\.bands\[0\]/);
    }
  });

  it('poisson-in-group: ⌈n/k⌉ subsampled steps at q = kB/N and σ/max column norm', () => {
    const steps = bandedMatrixLedgerSteps(bandedMatrixEvent({ ...two(), participation: 'poisson-in-group', minSeparation: 4, datasetSize: 1000, batchSize: 50 }));
    expect(steps).toEqual([{ samplingRate: 0.2, noiseMultiplier: 2 / Math.sqrt(1 + a * a), count: 3 }]);
    expect(bandedMatrixEvent({ ...two(), participation: 'poisson-in-group', minSeparation: undefined as never, datasetSize: 1000, batchSize: 50 }).minSeparation).toBe(2);
  });

  it('ε decreases in σ, grows with the off-diagonal band and with more participations', () => {
    const eps = (over: Partial<BandedMatrixOptions>): number => pld(bandedMatrixEvent({ ...two(), steps: 60, ...over }));
    expect(eps({ noiseMultiplier: 3 })).toBeLessThan(eps({ noiseMultiplier: 2 }));
    expect(eps({ strategy: { bands: [[1], [0.9]] } })).toBeGreaterThan(eps({}));
    expect(eps({ minSeparation: 2 })).toBeGreaterThan(eps({ minSeparation: 6 }));
    for (const participation of ['balls-in-bins', 'poisson-in-group'] as const) {
      const base = { ...two(), steps: 60, participation, minSeparation: 4, ...(participation === 'poisson-in-group' ? { datasetSize: 1000, batchSize: 50 } : {}) };
      expect(pld(bandedMatrixEvent({ ...base, noiseMultiplier: 3 }))).toBeLessThan(pld(bandedMatrixEvent(base)));
    }
    // amplification: sampling within groups beats the same strategy run cyclically without it
    expect(pld(bandedMatrixEvent({ ...two(), steps: 60, noiseMultiplier: 1, participation: 'poisson-in-group', minSeparation: 4, datasetSize: 4000, batchSize: 50 })))
      .toBeLessThan(pld(bandedMatrixEvent({ ...two(), steps: 60, noiseMultiplier: 1, minSeparation: 4 })));
  });

  it('priced by both relations (substitution doubles the sensitivity)', () => {
    const e = bandedMatrixEvent(two({ steps: 60 }));
    const sub = new PldAccountant({ neighbouring: 'substitution' }).compose(e).getEpsilon(DELTA);
    expect(sub).toBeGreaterThan(pld(e));
  });

  it('refuses bad strategies and runs, naming the field', () => {
    expect(() => bandedMatrixEvent(two({ strategy: { bands: [[1], [a], [0.1]] } }))).toThrow(/strategy\.bands.*2 diagonals/);
    expect(() => bandedMatrixEvent(two({ strategy: { bands: [[0], [a]] } }))).toThrow(/strategy\.bands\[0\]\[0\]/);
    expect(() => bandedMatrixEvent(two({ strategy: { bands: [[1], [Number.NaN]] } }))).toThrow(/strategy\.bands\[1\]\[0\]/);
    expect(() => bandedMatrixEvent(two({ strategy: { bands: [[1], [a, a]] } }))).toThrow(/strategy\.bands\[1\].*11 entries/);
    expect(() => bandedMatrixEvent(two({ strategy: { columnNorms: [1, 2] } }))).toThrow(/strategy\.columnNorms.*12 column norms/);
    expect(() => bandedMatrixEvent(two({ strategy: { columnNorms: new Array<number>(12).fill(-1) } }))).toThrow(/strategy\.columnNorms\[0\]/);
    expect(() => bandedMatrixEvent(two({ strategy: { bands: [[1]], columnNorms: [1] } as never }))).toThrow(/strategy/);
    expect(() => bandedMatrixEvent(two({ bands: 13 }))).toThrow(/bands/);
    expect(() => bandedMatrixEvent(two({ noiseMultiplier: 0 }))).toThrow(/noiseMultiplier/);
    expect(() => bandedMatrixEvent(two({ participation: 'shuffle' as never }))).toThrow(DpboundsTypeError);
    expect(() => bandedMatrixEvent(two({ participation: 'balls-in-bins', minSeparation: 1 }))).toThrow(/minSeparation/);
    expect(() => bandedMatrixEvent(two({ participation: 'poisson-in-group' }))).toThrow(/datasetSize/);
    expect(() => bandedMatrixEvent(two({ participation: 'poisson-in-group', datasetSize: 100, batchSize: 50 }))).toThrow(DpboundsRangeError);
    expect(() => bandedMatrixEvent(two({ minSeparation: undefined as never }))).toThrow(/datasetSize/);
    expect(() => bandedMatrixEvent({ ...two(), extra: 1 } as never)).toThrow(/options\.extra/);
    // hand-built literals are validated by the accountants too
    expect(() => new PldAccountant().compose({ kind: 'banded-matrix', strategy: { bands: [[1]] }, bands: 1, steps: 10, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 0 } as never)).toThrow(/event\.minSeparation/);
  });
});

describe('bandedMatrixSensitivity', () => {
  it('reads Δ off the ledger: √⌈n/k⌉ for the identity, the column norm for poisson-in-group', () => {
    const cyclic = bandedMatrixSensitivity(bandedMatrixEvent({ strategy: { bands: [[1]] }, bands: 1, steps: 100, noiseMultiplier: 2, participation: 'cyclic', minSeparation: 30 }));
    expect(cyclic).toEqual({ sensitivity: 2, participations: 4, samplingRate: 1 });
    const grouped = bandedMatrixSensitivity(bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 100, noiseMultiplier: 2, participation: 'poisson-in-group', datasetSize: 1000, batchSize: 10 }));
    expect(grouped.sensitivity).toBeCloseTo(Math.sqrt(1.25), 12);
    expect(grouped.samplingRate).toBeCloseTo(0.02, 15);
    // two bands at separation k ≥ b: the worst record's columns are disjoint, Δ² = Σ ‖C[:, i]‖²
    const two = bandedMatrixSensitivity(bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 10, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 5 }));
    expect(two.sensitivity).toBeCloseTo(Math.sqrt(2 * 1.25), 12);
  });
});
