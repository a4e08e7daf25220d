import { describe, expect, it } from 'vitest';
import { normalGrid } from './test-helpers/normal-grid.js';
import { ballsInBinsAddRdp, ballsInBinsAddRdpMeanBound, ballsInBinsRdpEpsilon, ballsInBinsRemoveRdp, ballsInBinsSubstitutionRdp, BALLS_IN_BINS_MAX_ORDER } from './balls-in-bins-gaussian-rdp.js';
import { rdpCurveToEpsilon } from './rdp-to-epsilon.js';

// One epoch of balls-in-bins: P = (1/k) Σⱼ N(eⱼ, σ²I) (with the record), Q = N(0, σ²I) (without).
// c = 1/(2σ²); the remove direction is D_α(P‖Q), the add direction D_α(Q‖P).

/** E_Q[(P/Q)^α] for α = 2, 3 by hand (counting the ways α draws fall into k batches). */
function handMoment(alpha: 2 | 3, sigma: number, k: number): number {
  const c = 1 / (2 * sigma * sigma);
  if (alpha === 2) return (k * Math.exp(2 * c) + k * (k - 1)) / k ** 2;
  return (k * Math.exp(6 * c) + 3 * k * (k - 1) * Math.exp(2 * c) + k * (k - 1) * (k - 2)) / k ** 3;
}

describe('balls-in-bins Gaussian RDP (one epoch)', () => {
  it('is the Gaussian mechanism α/(2σ²) in both directions when there is one batch per epoch', () => {
    for (const sigma of [0.7, 1.1, 3]) {
      const remove = ballsInBinsRemoveRdp(sigma, 1);
      for (const alpha of [2, 3, 10, 64, BALLS_IN_BINS_MAX_ORDER]) {
        const gaussian = alpha / (2 * sigma * sigma);
        expect(Math.abs((remove[alpha - 2] as number) - gaussian)).toBeLessThan(1e-9 * gaussian);
        expect(Math.abs(ballsInBinsAddRdpMeanBound(sigma, 1, alpha) - gaussian)).toBeLessThan(1e-12 * gaussian);
        expect(Math.abs((ballsInBinsAddRdp(sigma, 1)[alpha - 2] as number) - gaussian)).toBeLessThan(1e-12 * gaussian);
      }
    }
  });

  it('the remove direction equals the moments counted by hand at orders 2 and 3', () => {
    for (const [sigma, k] of [[1.1, 2], [0.8, 7], [2, 235], [5, 100_000]] as const) {
      const remove = ballsInBinsRemoveRdp(sigma, k);
      for (const alpha of [2, 3] as const) {
        const want = Math.log(handMoment(alpha, sigma, k)) / (alpha - 1);
        const got = remove[alpha - 2] as number;
        // on the safe side, and within 1e-9 relative or 1e-11 absolute (the rounding allowance)
        expect(got).toBeGreaterThanOrEqual(want);
        expect(got - want).toBeLessThan(Math.max(1e-9 * want, 1e-11));
      }
    }
  });

  it('the add-direction bounds are above the add divergence integrated numerically (k = 2)', () => {
    const { x, w } = normalGrid(0.02);
    for (const sigma of [0.8, 1.5]) {
      for (const alpha of [2, 3, 5]) {
        // E_Q[(Q/P)^{α−1}] with Q/P = 2 / (L₁ + L₂), Lⱼ = exp((σzⱼ − ½)/σ²), zⱼ standard normal
        let moment = 0;
        for (let i = 0; i < x.length; i++) {
          for (let j = 0; j < x.length; j++) {
            const l1 = Math.exp((sigma * (x[i] as number) - 0.5) / (sigma * sigma));
            const l2 = Math.exp((sigma * (x[j] as number) - 0.5) / (sigma * sigma));
            moment += (w[i] as number) * (w[j] as number) * (2 / (l1 + l2)) ** (alpha - 1);
          }
        }
        const divergence = Math.log(moment) / (alpha - 1);
        const meanBound = ballsInBinsAddRdpMeanBound(sigma, 2, alpha);
        const bound = ballsInBinsAddRdp(sigma, 2)[alpha - 2] as number;
        expect(meanBound).toBeGreaterThanOrEqual(divergence);
        expect(bound).toBeGreaterThanOrEqual(divergence);
        expect(bound).toBeLessThanOrEqual(meanBound);
        expect(bound).toBeLessThan(alpha / (2 * sigma * sigma)); // and amplified below the Gaussian
      }
    }
  });

  it('both directions decrease in the batches per epoch and in σ, and increase in the order', () => {
    let previous = ballsInBinsRemoveRdp(1.1, 1);
    for (const k of [2, 10, 100, 1000]) {
      const remove = ballsInBinsRemoveRdp(1.1, k);
      for (let i = 0; i < remove.length; i++) {
        expect(remove[i] as number).toBeLessThanOrEqual(previous[i] as number);
        if (i > 0) expect(remove[i] as number).toBeGreaterThanOrEqual(remove[i - 1] as number);
      }
      expect(ballsInBinsAddRdpMeanBound(1.1, k, 8)).toBeLessThan(ballsInBinsAddRdpMeanBound(1.1, k / 2, 8));
      expect(ballsInBinsAddRdp(1.1, k)[6] as number).toBeLessThan(ballsInBinsAddRdp(1.1, k / 2)[6] as number);
      previous = remove;
    }
    const loud = ballsInBinsRemoveRdp(2, 50);
    const quiet = ballsInBinsRemoveRdp(1, 50);
    for (let i = 0; i < loud.length; i++) expect(loud[i] as number).toBeLessThan(quiet[i] as number);
  });

  it('the add direction shrinks like 1/k (the mean bound keeps the constant 1/(2σ²))', () => {
    const at = (k: number): number => ballsInBinsAddRdp(1.1, k)[9] as number; // α = 11
    expect(at(235)).toBeLessThan(0.1 * ballsInBinsAddRdpMeanBound(1.1, 235, 11));
    const ratio = at(1000) / at(10_000);
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(11);
  });

  it('the substitution bound is above the substitution divergence integrated numerically (k = 2) and below sensitivity 2 for many batches', () => {
    const { x, w } = normalGrid(0.02);
    for (const sigma of [0.8, 1.5]) {
      const bound = ballsInBinsSubstitutionRdp(sigma, 2);
      for (const alpha of [2, 3]) {
        // P = ½ Σⱼ N(eⱼ, σ²I), P′ = ½ Σⱼ N(−eⱼ, σ²I): E_{P′}[(P/P′)^α] over P′'s first component (symmetric)
        let moment = 0;
        for (let i = 0; i < x.length; i++) {
          for (let j = 0; j < x.length; j++) {
            const y1 = sigma * (x[i] as number) - 1; // P′'s first component: record in batch 1 at −1
            const y2 = sigma * (x[j] as number);
            const p = Math.exp(-((y1 - 1) ** 2 + y2 ** 2) / (2 * sigma * sigma)) + Math.exp(-(y1 ** 2 + (y2 - 1) ** 2) / (2 * sigma * sigma));
            const q = Math.exp(-((y1 + 1) ** 2 + y2 ** 2) / (2 * sigma * sigma)) + Math.exp(-(y1 ** 2 + (y2 + 1) ** 2) / (2 * sigma * sigma));
            moment += (w[i] as number) * (w[j] as number) * (p / q) ** alpha;
          }
        }
        expect(bound[alpha - 2] as number).toBeGreaterThanOrEqual(Math.log(moment) / (alpha - 1));
      }
    }
    const many = ballsInBinsSubstitutionRdp(1.1, 235);
    // at low orders only: the remove direction at 2α loses its amplification as 2α grows (all draws in one batch)
    for (const alpha of [2, 4, 8]) expect(many[alpha - 2] as number).toBeLessThan(0.2 * (4 * alpha) / (2 * 1.1 * 1.1));
  });

  it('stays finite for little noise and many batches (log-space sums)', () => {
    const remove = ballsInBinsRemoveRdp(0.3, 100_000);
    for (const v of remove) expect(Number.isFinite(v) && v >= 0).toBe(true);
  });
});

describe('ballsInBinsRdpEpsilon', () => {
  it('never exceeds the Gaussian mechanism composed over the epochs, and equals it for one batch per epoch', () => {
    const orders = Array.from({ length: BALLS_IN_BINS_MAX_ORDER - 1 }, (_, i) => i + 2);
    for (const [sigma, epochs] of [[1.1, 10], [3, 20], [0.8, 3]] as const) {
      const gaussian = rdpCurveToEpsilon(orders, orders.map((a) => (epochs * a) / (2 * sigma * sigma)), 1e-5, 'improved').epsilon;
      const one = ballsInBinsRdpEpsilon({ noiseMultiplier: sigma, batchesPerEpoch: 1, epochs }, 1e-5);
      expect(Math.abs(one - gaussian)).toBeLessThan(1e-9 * gaussian);
      const many = ballsInBinsRdpEpsilon({ noiseMultiplier: sigma, batchesPerEpoch: 235, epochs }, 1e-5);
      expect(many).toBeLessThan(gaussian);
    }
  });

  it('is non-increasing in σ and in k, non-decreasing in the epochs and as δ shrinks', () => {
    const at = (sigma: number, k: number, epochs: number, delta = 1e-5): number => ballsInBinsRdpEpsilon({ noiseMultiplier: sigma, batchesPerEpoch: k, epochs }, delta);
    expect(at(1.2, 235, 10)).toBeLessThanOrEqual(at(1.1, 235, 10));
    expect(at(1.1, 500, 10)).toBeLessThanOrEqual(at(1.1, 235, 10));
    expect(at(1.1, 235, 11)).toBeGreaterThanOrEqual(at(1.1, 235, 10));
    expect(at(1.1, 235, 10, 1e-7)).toBeGreaterThanOrEqual(at(1.1, 235, 10, 1e-5));
  });

  it('names the bad parameter', () => {
    expect(() => ballsInBinsRdpEpsilon({ noiseMultiplier: 0, batchesPerEpoch: 10, epochs: 1 }, 1e-5)).toThrow(/noiseMultiplier/);
    expect(() => ballsInBinsRdpEpsilon({ noiseMultiplier: 1, batchesPerEpoch: 2.5, epochs: 1 }, 1e-5)).toThrow(/batchesPerEpoch/);
    expect(() => ballsInBinsRdpEpsilon({ noiseMultiplier: 1, batchesPerEpoch: 10, epochs: 0 }, 1e-5)).toThrow(/epochs/);
    expect(() => ballsInBinsRdpEpsilon({ noiseMultiplier: 1, batchesPerEpoch: 10, epochs: 1 }, 0)).toThrow(/delta/);
  });
});
