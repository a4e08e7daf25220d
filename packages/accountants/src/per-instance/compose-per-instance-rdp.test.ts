import fc from 'fast-check';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { composeFromRatios, composePerInstanceRdp } from './compose-per-instance-rdp.js';
import { chooseHolderLambda, holderOrderSchedule } from './holder-order-schedule.js';
import { hoeffdingRuns } from './hoeffding-runs.js';
import { perInstanceStepRdp } from './per-instance-step-rdp.js';

const settings = { seed: 7, numRuns: 100 };
const epsSample = fc.double({ min: 0, max: 2, noNaN: true });
const steps = fc.array(fc.array(epsSample, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });

describe('composePerInstanceRdp (Thm 3.3)', () => {
  it('is plain RDP composition with one run', () => {
    fc.assert(
      fc.property(steps, fc.double({ min: 1.5, max: 1e4, noNaN: true }), (stepEps, lambda) => {
        const single = stepEps.map((runs) => [runs[0] as number]);
        const sum = single.reduce((acc, [e]) => acc + (e as number), 0);
        const out = composePerInstanceRdp({ alpha: 8, lambda, stepEps: single });
        expect(Math.abs(out.epsilon - sum)).toBeLessThanOrEqual(1e-12 * sum);
      }),
      settings,
    );
  });

  it('puts each term between the mean and the max of its runs, non-decreasing in lambda', () => {
    fc.assert(
      fc.property(steps, fc.double({ min: 1.5, max: 100, noNaN: true }), (stepEps, lambda) => {
        const out = composePerInstanceRdp({ alpha: 4, lambda, stepEps });
        const bigger = composePerInstanceRdp({ alpha: 4, lambda: lambda * 3, stepEps });
        stepEps.forEach((runs, t) => {
          const mean = runs.reduce((a, b) => a + b, 0) / runs.length;
          const max = Math.max(...runs);
          const term = out.termsChrono[t] as number;
          expect(term).toBeGreaterThanOrEqual(mean * (1 - 1e-12) - 1e-15);
          expect(term).toBeLessThanOrEqual(max * (1 + 1e-12));
        });
        // The last step's multiplier is lambda(alpha-1): larger lambda moves it toward the max.
        const last = stepEps.length - 1;
        expect(bigger.termsChrono[last] as number).toBeGreaterThanOrEqual((out.termsChrono[last] as number) * (1 - 1e-12));
      }),
      settings,
    );
  });

  it('tends to the sum of per-step maxima as lambda grows', () => {
    const stepEps = [[0.01, 0.03, 0.02], [0.2, 0.1, 0.05]];
    const out = composePerInstanceRdp({ alpha: 8, lambda: 1e9, stepEps });
    expect(out.epsilon).toBeCloseTo(0.23, 6);
  });

  it('keeps tiny terms to full relative accuracy (no logsumexp − ln R cancellation)', () => {
    const out = composePerInstanceRdp({ alpha: 8, lambda: 2, stepEps: [[1e-15, 1e-15, 1e-15, 1e-15]] });
    expect(out.epsilon).toBe(1e-15);
  });

  it('rejects empty input, negative samples and lambda <= 1', () => {
    expect(() => composePerInstanceRdp({ alpha: 8, lambda: 2, stepEps: [] })).toThrow(DpboundsRangeError);
    expect(() => composePerInstanceRdp({ alpha: 8, lambda: 2, stepEps: [[]] })).toThrow('stepEps[0] must be a non-empty array of runs');
    expect(() => composePerInstanceRdp({ alpha: 8, lambda: 2, stepEps: 'x' as unknown as number[][] })).toThrow(DpboundsTypeError);
    expect(() => composePerInstanceRdp({ alpha: 8, lambda: 2, stepEps: [[-1e-3]] })).toThrow('stepEps[0][0] must be in [0, ∞)');
    expect(() => composePerInstanceRdp({ alpha: 8, lambda: 1, stepEps: [[0.1]] })).toThrow(DpboundsRangeError);
    expect(() => composePerInstanceRdp({ alpha: 1, lambda: 2, stepEps: [[0.1]] })).toThrow(DpboundsRangeError);
  });
});

describe('composeFromRatios', () => {
  it('evaluates each step at its integer order and composes', () => {
    const ratios = [[0.5, 0.2], [0.9, 0.1], [0.3, 0.3]];
    const out = composeFromRatios({ alpha: 8, lambda: 6, q: 0.01, sigma: 1, ratios });
    const schedule = holderOrderSchedule({ alpha: 8, lambda: 6, T: 3 });
    expect([...out.intOrdersChrono]).toEqual([...schedule.intOrders].reverse());
    ratios.forEach((runs, t) =>
      runs.forEach((ratio, r) => {
        expect(out.stepEpsChrono[t]?.[r]).toBe(perInstanceStepRdp({ alpha: out.intOrdersChrono[t] as number, q: 0.01, sigma: 1, ratio }));
      }),
    );
    expect(out.epsilon).toBeCloseTo(out.termsChrono.reduce((a, b) => a + b, 0), 15);
  });

  it('never exceeds the data-independent composition at the same orders, and grows with the ratios', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }), (ratios) => {
        const base = { alpha: 8, lambda: 20, q: 0.01, sigma: 1 };
        const out = composeFromRatios({ ...base, ratios });
        const worst = composeFromRatios({ ...base, ratios: ratios.map(() => [1, 1]) });
        const larger = composeFromRatios({ ...base, ratios: ratios.map((runs) => runs.map((r) => Math.min(1, r * 1.2 + 0.01))) });
        expect(out.epsilon).toBeLessThanOrEqual(worst.epsilon * (1 + 1e-12));
        expect(out.epsilon).toBeLessThanOrEqual(larger.epsilon * (1 + 1e-12));
      }),
      settings,
    );
  });

  it('refuses schedules whose orders pass maxOrder', () => {
    expect(() => composeFromRatios({ alpha: 8, lambda: 1.5, q: 0.01, sigma: 1, ratios: Array.from({ length: 8 }, () => [0.5]) })).toThrow(DpboundsRangeError);
  });
});

describe('holderOrderSchedule and chooseHolderLambda (Fact 3.4)', () => {
  it('keeps every order within 1 + kappa(alpha − 1) at the chosen lambda', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.double({ min: 1.05, max: 4, noNaN: true }), (T, kappa) => {
        const lambda = chooseHolderLambda({ steps: T, kappa });
        const schedule = holderOrderSchedule({ alpha: 8, lambda, T });
        const top = schedule.realOrders[T - 1] as number;
        expect(top).toBeLessThanOrEqual(1 + kappa * 7 * (1 + 1e-12));
        expect((top - 1) / 7).toBeLessThanOrEqual(schedule.blowupBound * (1 + 1e-12));
      }),
      { seed: 3, numRuns: 60 },
    );
    expect(chooseHolderLambda({ steps: 1001 })).toBeCloseTo(3001, 9);
    expect(chooseHolderLambda({ steps: 1 })).toBe(2);
  });

  it('refuses a schedule that overflows', () => {
    expect(() => holderOrderSchedule({ alpha: 8, lambda: 1.5, T: 1000 })).toThrow(DpboundsRangeError);
  });
});

describe('hoeffdingRuns (Fact 3.5)', () => {
  it('needs more runs for a narrower target and fewer one-sided', () => {
    const two = hoeffdingRuns({ width: 1, t: 0.05, beta: 0.05 });
    expect(two.runs).toBe(Math.ceil(Math.log(40) / (2 * 0.0025)));
    expect(hoeffdingRuns({ width: 1, t: 0.025, beta: 0.05 }).runs).toBeGreaterThan(two.runs);
    expect(hoeffdingRuns({ width: 1, t: 0.05, beta: 0.05, twoSided: false }).runs).toBeLessThan(two.runs);
    expect(() => hoeffdingRuns({ width: 1, t: 0, beta: 0.05 })).toThrow(DpboundsRangeError);
    expect(() => hoeffdingRuns({ width: 1, t: 0.1, beta: 1 })).toThrow(DpboundsRangeError);
  });
});
