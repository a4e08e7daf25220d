/**
 * PRV accountant speed (recorded in docs/benchmarks.md, never asserted in tests): the anchors'
 * absolute budget ε_err = 0.01 beside the relative budget (guarantee within 0.1 % of the tight ε),
 * on q = 0.004, σ = 1.1, T = 1e4, δ = 1e-5 (Opacus PRV 0.22 s, microsoft 1.19 s at ε_err 0.01/0.1)
 * and q = 1e-3, σ = 0.5, T = 1e5 (microsoft PRV 34 s).
 */
import { bench, describe } from 'vitest';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PrvAccountant } from './prv-accountant.js';

const std02 = dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000 });
const s05 = dpSgdEvent({ samplingRate: 0.001, noiseMultiplier: 0.5, steps: 100_000 });

describe('PRV ε bounds, fresh accountant per call', () => {
  bench('absolute ε_err = 0.01, q=0.004 σ=1.1 T=1e4 δ=1e-5', () => {
    new PrvAccountant({ epsError: 0.01 }).compose(std02).getEpsilonBounds(1e-5);
  }, { iterations: 3, warmupIterations: 1 });
  bench('relative (0.1 %), q=0.004 σ=1.1 T=1e4 δ=1e-5', () => {
    new PrvAccountant({ epsError: 'relative' }).compose(std02).getEpsilonBounds(1e-5);
  }, { iterations: 3, warmupIterations: 1 });
  bench('relative (0.1 %), q=1e-3 σ=0.5 T=1e5 δ=1e-5', () => {
    new PrvAccountant({ epsError: 'relative' }).compose(s05).getEpsilonBounds(1e-5);
  }, { iterations: 2, warmupIterations: 1 });
});
