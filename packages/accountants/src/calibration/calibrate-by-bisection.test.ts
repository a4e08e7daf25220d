import { describe, expect, it } from 'vitest';
import { calibrateByBisection } from './calibrate-by-bisection.js';

/** ε(σ) with a counter of its evaluations. */
function counted(eps: (sigma: number) => number): { eps: (sigma: number) => number; calls: () => number } {
  let n = 0;
  return { eps: (s) => (n++, eps(s)), calls: () => n };
}

/** The contract: ε(σ) ≤ target, and ε > target somewhere at or above (1 − tol)·σ (σ is the smallest to tol). */
function expectSmallest(eps: (sigma: number) => number, target: number, sigma: number, tol: number): void {
  expect(eps(sigma)).toBeLessThanOrEqual(target);
  expect(eps(sigma * (1 - tol))).toBeGreaterThan(target);
}

describe('calibrateByBisection', () => {
  // Shapes of sampler ε(σ): power laws (ε ∝ 1/σ at large σ, steeper at small), a minimum of two
  // bounds with a kink, a curve with flat steps (a discretised accountant), an ε infinite below a σ.
  const shapes: ReadonlyArray<readonly [string, (s: number) => number, number]> = [
    ['1/σ', (s) => 1 / s, 0.37],
    ['1/σ² + 1/σ', (s) => 1 / s ** 2 + 1 / s, 2],
    ['exp(3/σ) − 1', (s) => Math.expm1(3 / s), 0.05],
    ['min of two bounds (kink)', (s) => Math.min(4 / s, 1 / s ** 3 + 0.5 / s), 1.2],
    ['steps of 1e-3 in σ', (s) => 1 / (Math.ceil(s * 1000) / 1000), 0.31],
    ['infinite below σ = 0.9', (s) => (s < 0.9 ? Infinity : 3 / s), 2.5],
    ['0 above σ = 40', (s) => (s > 40 ? 0 : 1 / s), 0.026],
  ];

  it.each(shapes)('returns the smallest σ (1e-5 relative) whose ε meets the target (%s)', (_name, eps, target) => {
    const sigma = calibrateByBisection(eps, target, 'test');
    expectSmallest(eps, target, sigma, 1e-5);
  });

  it('needs at most half the evaluations of bisection on smooth ε (Brent on log ε against log σ)', () => {
    // bisection from a factor-2 bracket to 1e-5 relative takes ⌈log2(1e5)⌉ = 17 evaluations after bracketing
    for (const [name, eps, target] of shapes.slice(0, 3)) {
      const run = counted(eps);
      calibrateByBisection(run.eps, target, 'test');
      expect(run.calls(), name).toBeLessThanOrEqual(12);
    }
  });

  it('keeps bisection\'s worst case on a non-smooth ε (at most 2 × 17 + bracketing evaluations)', () => {
    const run = counted(shapes[4]?.[1] as (s: number) => number);
    calibrateByBisection(run.eps, 0.31, 'test');
    expect(run.calls()).toBeLessThanOrEqual(45);
  });

  it('from a start near the answer (a related sampler\'s σ), brackets in a few evaluations and keeps the contract', () => {
    for (const [name, eps, target] of shapes) {
      const plain = counted(eps);
      const sigma = calibrateByBisection(plain.eps, target, 'test');
      // a start 0.03 % off either side (truncated vs plain Poisson σ), and 30 % off (a poor guess)
      for (const offset of [1 + 3e-4, 1 - 3e-4, 1.3, 0.7]) {
        const run = counted(eps);
        const started = calibrateByBisection(run.eps, target, 'test', 1e-5, sigma * offset);
        expectSmallest(eps, target, started, 1e-5);
        if (Math.abs(offset - 1) < 1e-3 && !name.startsWith('steps')) expect(run.calls(), `${name}, start ×${offset}`).toBeLessThanOrEqual(6);
        // a poor start costs a few bracketing steps more than the doubling from [0.25, 1] (≤ 12 on smooth ε), not bisection's 17 + bracketing
        if (!name.startsWith('steps')) expect(run.calls(), `${name}, start ×${offset}`).toBeLessThanOrEqual(16);
      }
    }
  });

  it('returns the floor of the search when even σ = 0.05 meets the target, and refuses an unreachable target naming epsilon', () => {
    expect(calibrateByBisection((s) => 1e-3 / s, 1, 'test')).toBeLessThan(0.1);
    expect(() => calibrateByBisection(() => 5, 1, 'test')).toThrow(/epsilon/);
  });
});
