import { describe, expect, it } from 'vitest';
import { authorsComposeSum, authorsGpiAlpha } from './authors-compat.js';
import { holderOrderSchedule } from './holder-order-schedule.js';

describe('authors-compat composition', () => {
  it('equals i applications of g(a) = a·λ/(λ−1) − 1/λ and lies above the derived schedule', () => {
    for (const [alpha, lambda] of [[8, 3], [16, 12], [8, 600]] as const) {
      let a: number = alpha;
      const derived = holderOrderSchedule({ alpha, lambda, T: 40 });
      for (let i = 0; i < 40; i++) {
        const order = authorsGpiAlpha({ alpha, lambda, i }).order;
        expect(Math.abs(order - a) / a).toBeLessThan(1e-12);
        expect(order).toBeGreaterThanOrEqual((derived.realOrders[i] as number) * (1 - 1e-15));
        a = (a * lambda) / (lambda - 1) - 1 / lambda;
      }
    }
  });

  it('defaults lambda to 3·(max step index)', () => {
    const input = { alpha: 8, q: 0.0021333333333333334, sigma: 0.7, ratiosByStepIndex: { 0: [0.9, 0.8], 50: [0.3, 0.5] } };
    expect(authorsComposeSum(input).epsilon).toBe(authorsComposeSum({ ...input, lambda: 150 }).epsilon);
    expect(() => authorsComposeSum({ ...input, ratiosByStepIndex: { x: [0.1] } })).toThrow('ratiosByStepIndex');
  });
});
