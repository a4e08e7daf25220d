/**
 * The check, before any training, that the PLD accountant which prices a `train` or `demo` run
 * (and every view of its report) can hold one step of it. Its one-step grid does not depend on
 * the number of steps, so a noise multiplier it refuses (σ so small that one step's privacy loss
 * does not fit 2²² grid points at a grid step ≤ 10, e.g. σ = 1e-4 at q = 0.05) was refused only
 * after the whole training, with a hint to "use the RDP accountant" that these commands do not offer.
 */
import { dpSgdEvent, PldAccountant } from '@dpbounds/accountants';
import { isDpboundsError } from '@dpbounds/special-functions';
import { formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';

/**
 * Throws a UsageError naming --noise-multiplier when the PLD accountant refuses one Poisson step
 * at rate `samplingRate` (q = b/N of the run, before canaries join) and noise `noiseMultiplier`.
 * Domain: q ∈ (0, 1], σ > 0 (both validated by the flag readers).
 *
 * @example requireAccountableNoise(0.05, 1) // passes
 * @example requireAccountableNoise(0.05, 1e-4) // throws: "--noise-multiplier must be …; found 0.0001"
 */
export function requireAccountableNoise(samplingRate: number, noiseMultiplier: number): void {
  try {
    new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate, noiseMultiplier, steps: 1 })).getEpsilon(0.5);
  } catch (error) {
    if (!isDpboundsError(error) || error.parameter !== 'noiseMultiplier') throw error;
    throw new UsageError(
      `--noise-multiplier must be large enough for the PLD accountant that prices the run and its report to hold one step's privacy loss at q = ${formatNumber(samplingRate)} (2²² grid points; such a run's ε is astronomically large: dpbounds dp --accountant rdp prices it); found ${String(noiseMultiplier)}`,
    );
  }
}
