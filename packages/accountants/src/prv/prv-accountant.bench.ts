/**
 * PRV accountant and PRV calibration speed (recorded in docs/benchmarks.md, "PRV vs Opacus"; never
 * asserted in tests). The rows of the Opacus comparison: its PRVAccountant at eps_error 0.01,
 * delta_error δ/1000 (our `{ epsError: 0.01 }`, both add-remove directions priced) on
 * (a) q = 0.004, σ = 1.1, T = 1e4, δ = 1e-5 and (b) q = 1e-4, σ = 2, T = 5e5, δ = 1e-7, each
 * beside the default relative budget (guarantee within 0.1 % of the tight ε); and its
 * `get_noise_multiplier(target_epsilon=1, target_delta=1e-5, sample_rate=0.01, steps=1000,
 * accountant='prv')` (epsilon_tolerance 0.01) beside ours with the default accountant and with
 * Opacus' ε_err. Plus q = 1e-3, σ = 0.5, T = 1e5 (microsoft PRV 34 s).
 *
 * Run: `cd packages/accountants && npx vitest bench --run src/prv/prv-accountant.bench.ts`.
 */
import { bench, describe } from 'vitest';
import { calibrateNoiseMultiplier } from '../calibration/calibrate.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PrvAccountant } from './prv-accountant.js';

const rowA = dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000 });
const rowB = dpSgdEvent({ samplingRate: 1e-4, noiseMultiplier: 2, steps: 500_000 });
const s05 = dpSgdEvent({ samplingRate: 0.001, noiseMultiplier: 0.5, steps: 100_000 });

describe('PRV ε bounds, fresh accountant per call', () => {
  bench('(a) ε_err = 0.01, q=0.004 σ=1.1 T=1e4 δ=1e-5', () => {
    new PrvAccountant({ epsError: 0.01 }).compose(rowA).getEpsilonBounds(1e-5);
  }, { iterations: 5, warmupIterations: 1 });
  bench('(a) relative (0.1 %), q=0.004 σ=1.1 T=1e4 δ=1e-5', () => {
    new PrvAccountant().compose(rowA).getEpsilonBounds(1e-5);
  }, { iterations: 3, warmupIterations: 1 });
  bench('(b) ε_err = 0.01, q=1e-4 σ=2 T=5e5 δ=1e-7', () => {
    new PrvAccountant({ epsError: 0.01 }).compose(rowB).getEpsilonBounds(1e-7);
  }, { iterations: 5, warmupIterations: 1 });
  bench('(b) relative (0.1 %), q=1e-4 σ=2 T=5e5 δ=1e-7', () => {
    new PrvAccountant().compose(rowB).getEpsilonBounds(1e-7);
  }, { iterations: 3, warmupIterations: 1 });
  bench('relative (0.1 %), q=1e-3 σ=0.5 T=1e5 δ=1e-5', () => {
    new PrvAccountant().compose(s05).getEpsilonBounds(1e-5);
  }, { iterations: 2, warmupIterations: 1 });
});

describe('PRV noise calibration, target ε = 1, δ = 1e-5, q = 0.01, T = 1000', () => {
  bench('default PRV accountant (relative), tolerance 1e-5 (default)', () => {
    calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: 'prv' });
  }, { iterations: 2, warmupIterations: 1 });
  bench('default PRV accountant (relative), tolerance 1e-3', () => {
    calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: 'prv', tolerance: 1e-3 });
  }, { iterations: 3, warmupIterations: 1 });
  bench('ε_err = 0.01 (Opacus), tolerance 1e-3', () => {
    calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: () => new PrvAccountant({ epsError: 0.01 }), tolerance: 1e-3 });
  }, { iterations: 5, warmupIterations: 1 });
});
