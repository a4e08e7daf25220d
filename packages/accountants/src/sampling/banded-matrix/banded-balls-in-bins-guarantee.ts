/**
 * The amplified guarantee of a banded matrix mechanism with balls-in-bins participation
 * (docs/math/batch-samplers.md, section 7, eq. (B6)): by the noise-splitting reduction
 * (split-noise.ts, eqs. (B4)–(B5)) the run is post-processing of DP-SGD with the same
 * balls-in-bins batches and noise multiplier σ/ρ, whose random-allocation RDP bound
 * (`ballsInBinsRdpEpsilon`, section 5; Feldman and Shenfeld 2025 for adaptive steps) then holds
 * for the banded run.
 */
import { DpboundsTypeError, isDpboundsError, requireFunction, requireInRange } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { calibrateByBisection } from '../../calibration/calibrate-by-bisection.js';
import { requireOptions } from '../../events/validate-event.js';
import { ballsInBinsRdpEpsilon } from '../../rdp/balls-in-bins-gaussian-rdp.js';
import type { BandedMatrixEvent } from './banded-matrix-event.js';
import { bandedMatrixLedgerSteps } from './banded-matrix-event.js';
import { splitNoiseSensitivity } from './split-noise.js';

/** The amplified balls-in-bins guarantee of a banded run (see {@link bandedBallsInBinsGuarantee}). */
export interface BandedBallsInBinsGuarantee {
  readonly kind: 'guarantee';
  /** ε at δ; +∞ when σ/ρ is too small for a finite random-allocation bound. */
  readonly epsilon: number;
  /** ρ of eq. (B4): the run is post-processing of DP-SGD at noise σ/ρ. */
  readonly splitSensitivity: number;
  /** σ/ρ, the noise multiplier of that DP-SGD run. */
  readonly noiseMultiplier: number;
  /** k, the steps of one epoch (each record joins one of them). */
  readonly batchesPerEpoch: number;
  /** ⌈n/k⌉ (a shorter last epoch counts as a whole one). */
  readonly epochs: number;
}

/**
 * A guarantee on ε(δ) of a banded matrix mechanism (DP-FTRL / BandMF) with balls-in-bins
 * participation that credits the random placement: DP-SGD's random-allocation bound for
 * ⌈n/k⌉ epochs of k batches at noise σ/ρ (eqs. (B4)–(B6)). `undefined` when the strategy is given
 * by column norms only (ρ needs its entries). Compare it with the unamplified guarantee of the
 * event's ledger and keep the smaller: for strategies with many bands ρ = ‖c‖₁ can make it the
 * larger. A shorter last epoch is the first steps of a k-step epoch (records placed past its end
 * sit it out), as the reference trainer runs it.
 *
 * Domain: a valid banded event with participation `balls-in-bins`; 0 < δ < 1. About 0.25 s.
 *
 * @example bandedBallsInBinsGuarantee(bandedMatrixEvent({ strategy: { bands: [[1], [0.6], [0.3]] }, bands: 3, steps: 2000, noiseMultiplier: 4, participation: 'balls-in-bins', minSeparation: 100 }), 1e-5)?.epsilon
 */
export function bandedBallsInBinsGuarantee(event: BandedMatrixEvent, delta: number, neighbouring: NeighbouringRelation = 'add-remove'): BandedBallsInBinsGuarantee | undefined {
  bandedMatrixLedgerSteps(event);
  if (event.participation !== 'balls-in-bins') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'event.participation', expected: '"balls-in-bins" (the other participations are priced by the event\'s ledger)', found: event.participation });
  }
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const rho = splitNoiseSensitivity(event.strategy, event.bands, event.steps);
  if (rho === undefined) return undefined;
  const k = event.minSeparation;
  const epochs = Math.ceil(event.steps / k);
  const noiseMultiplier = event.noiseMultiplier / rho;
  const epsilon = randomAllocationEpsilon(noiseMultiplier, k, epochs, delta, neighbouring);
  return { kind: 'guarantee', epsilon, splitSensitivity: rho, noiseMultiplier, batchesPerEpoch: k, epochs };
}

/**
 * DP-SGD's random-allocation ε (`ballsInBinsRdpEpsilon`) at noise multiplier σ′; +∞ when σ′ is too
 * small for a finite RDP bound (no amplified guarantee beyond the unamplified one).
 */
function randomAllocationEpsilon(noiseMultiplier: number, batchesPerEpoch: number, epochs: number, delta: number, neighbouring: NeighbouringRelation | undefined): number {
  try {
    return ballsInBinsRdpEpsilon({ noiseMultiplier, batchesPerEpoch, epochs }, delta, neighbouring);
  } catch (error) {
    if (isDpboundsError(error) && error.parameter === 'noiseMultiplier') return Infinity;
    throw error;
  }
}

/**
 * The smallest σ (to 1e-4 relative) whose amplified balls-in-bins guarantee
 * ({@link bandedBallsInBinsGuarantee}) meets `targetEpsilon` at δ, for the family σ ↦ `event(σ)`
 * (the same run at every σ); with it the guarantee at that σ (ε ≤ target). `undefined` when the
 * strategy has column norms only, or when no σ up to 1e4·ρ meets the target: then only the
 * unamplified ledger can be calibrated. The σ a user needs is the smaller of this one and the
 * ledger's (`calibrateEventNoiseMultiplier`), since each bound is a guarantee. `below`, when given
 * (the ledger's σ), limits the search to σ that could be that smaller one: the amplified ε falls
 * as σ grows, so where it misses the target at `below` its own σ is larger, and `undefined` is
 * returned at once instead of searching (slowest at little noise).
 *
 * Domain: `event(σ)` a valid balls-in-bins banded event for every σ > 0; target ε > 0; 0 < δ < 1.
 *
 * @example bandedBallsInBinsNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, event: (s) => bandedMatrixEvent({ strategy: { bands: [[1], [0.6], [0.3]] }, bands: 3, steps: 2000, noiseMultiplier: s, participation: 'balls-in-bins', minSeparation: 100 }) })?.noiseMultiplier
 */
export function bandedBallsInBinsNoiseMultiplier(options: {
  readonly targetEpsilon: number;
  readonly delta: number;
  readonly neighbouring?: NeighbouringRelation;
  readonly event: (noiseMultiplier: number) => BandedMatrixEvent;
  readonly below?: number;
}): { noiseMultiplier: number; guarantee: BandedBallsInBinsGuarantee } | undefined {
  const o = requireOptions<typeof options>('options', options, ['targetEpsilon', 'delta', 'neighbouring', 'event', 'below'], false);
  const target = requireInRange('targetEpsilon', o.targetEpsilon, { min: 0, minExclusive: true });
  const eventAt = requireFunction<(noiseMultiplier: number) => BandedMatrixEvent>('event', o.event);
  if (o.below !== undefined) {
    const atBelow = bandedBallsInBinsGuarantee(eventAt(requireInRange('below', o.below, { min: 0, minExclusive: true })), o.delta, o.neighbouring);
    if (atBelow === undefined || atBelow.epsilon > target) return undefined;
  }
  const unit = bandedBallsInBinsGuarantee(eventAt(1), o.delta, o.neighbouring);
  if (unit === undefined) return undefined;
  const rho = unit.splitSensitivity;
  const epsilonAt = (s: number): number => randomAllocationEpsilon(s, unit.batchesPerEpoch, unit.epochs, o.delta, o.neighbouring);
  let scaled: number;
  try {
    // 1e-4 relative: each evaluation is a random-allocation bound (~0.25 s), and σ is not known better than that
    scaled = calibrateByBisection(epsilonAt, target, 'banded balls-in-bins', 1e-4);
  } catch (error) {
    if (isDpboundsError(error) && error.parameter === 'epsilon') return undefined;
    throw error;
  }
  // σ = ρ·σ′ rounds; step up by ulps until the guarantee at σ itself meets the target
  let sigma = rho * scaled;
  for (let i = 0; i < 64; i++) {
    const guarantee = bandedBallsInBinsGuarantee(eventAt(sigma), o.delta, o.neighbouring) as BandedBallsInBinsGuarantee;
    if (guarantee.epsilon <= target) return { noiseMultiplier: sigma, guarantee };
    sigma *= 1 + 2 ** -50;
  }
  return undefined;
}
