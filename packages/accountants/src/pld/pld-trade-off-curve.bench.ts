/**
 * Speed of the DP trade-off curve of a run (the playground's first stage and the reference every
 * threat-specific curve is combined with): its privacy profile needs δ at 129 values of ε, which
 * `getDeltas` answers in one sweep of each composed PLD instead of one walk per ε.
 */
import { bench, describe } from 'vitest';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { dpSgdGuaranteeCurve } from '../threat/common/dp-sgd-guarantee-curve.js';
import { PldAccountant } from './pld-accountant.js';

let sink = 0;

const accountant = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.3, noiseMultiplier: 1.1, steps: 1000 }));
const epsilons = Array.from({ length: 129 }, (_, i) => 20 * (i / 128) ** 2);
accountant.getDelta(1); // compose both directions once, outside the timed part

describe('privacy profile at 129 ε (q = 0.3, σ = 1.1, T = 1000, composed PLD)', () => {
  bench('getDeltas: one sweep per direction', () => {
    sink += accountant.getDeltas(epsilons)[64] as number;
  });
  bench('getDelta at each ε', () => {
    for (const e of epsilons) sink += accountant.getDelta(e);
  });
});

describe('dpSgdGuaranteeCurve (compose, ε range, profile, knots)', () => {
  bench('q = 0.3, σ = 1.1, T = 1000', () => {
    sink += dpSgdGuaranteeCurve({ samplingRate: 0.3, noiseMultiplier: 1.1, steps: 1000, neighbouring: 'add-remove' }).evaluate(0.01);
  });
  bench('q = 0.004, σ = 1.1, T = 10⁴', () => {
    sink += dpSgdGuaranteeCurve({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000, neighbouring: 'add-remove' }).evaluate(0.01);
  });
});

export { sink };
