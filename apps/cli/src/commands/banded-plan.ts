/**
 * What `dpbounds dp --mechanism banded-matrix` prices: the library's banded matrix event
 * (`bandedMatrixEvent`, docs/math/batch-samplers.md section 7) and the ledger of the worst
 * record that the accountants compose (`bandedMatrixLedgerSteps`), read back as the numbers a
 * practitioner reports: the record's sensitivity Δ, its participations, and the sampling rate
 * where the scheme samples.
 *
 * cyclic and balls-in-bins are Gaussian releases without sampling (q = 1). When the worst
 * record's releases carry many different noise levels (a strategy file whose column norms
 * differ, e.g. an optimised BandMF strategy), the PLD and PRV accountants would compose each
 * level separately, which takes minutes; those releases are then priced as the one Gaussian of
 * noise σ/Δ with Δ² = Σᵢ ‖C[:, i]‖², which is the same mechanism: a composition of Gaussian
 * mechanisms of noise σᵢ is exactly the Gaussian mechanism with 1/σ² = Σ 1/σᵢ² (Dong, Roth, Su
 * 2022, "Gaussian differential privacy": each is exactly (1/σᵢ)-GDP and μ² adds under
 * composition). The JSON says which was priced (`pricedAs`).
 */
import { bandedMatrixEvent, gaussianEvent } from '@dpbounds/accountants';
import type { BandedMatrixEvent, BandedMatrixOptions, MechanismEvent } from '@dpbounds/accountants';
import { bandedMatrixLedgerSteps, bandedMatrixSensitivity, groupLedger } from '@dpbounds/accountants/advanced';
import type { BandedLedgerStep } from '@dpbounds/accountants/advanced';

/** More distinct noise levels than this among Gaussian releases: priced as the one equivalent Gaussian. */
export const MAX_LEDGER_NOISE_LEVELS: number = 8;

/** The priced run and what it means. */
export interface BandedPlan {
  readonly event: BandedMatrixEvent;
  /** The worst record's ledger steps, equal (q, σ) merged. */
  readonly ledger: readonly BandedLedgerStep[];
  /** The event the accountants compose: the banded event itself, or its one equivalent Gaussian. */
  readonly priced: MechanismEvent;
  readonly pricedAs: 'ledger' | 'one-gaussian';
  /** The (q, σ, count) steps the accountants compose: `ledger`, or the one Gaussian step of noise σ/Δ. */
  readonly pricedLedger: readonly BandedLedgerStep[];
  /**
   * cyclic, balls-in-bins: Δ, the L2 norm of the worst record's whole contribution to the
   * release (one Gaussian of noise σ/Δ); poisson-in-group: maxᵢ ‖C[:, i]‖, the sensitivity of one
   * participation. Add-remove; substitution doubles it (the accountants apply that).
   */
  readonly sensitivity: number;
  /** The most steps one record joins: ⌈n/k⌉ (poisson-in-group: the steps of its group, each joined with probability q). */
  readonly participations: number;
  /** q = kB/N for poisson-in-group; 1 otherwise (no sampling). */
  readonly samplingRate: number;
}

/**
 * Builds the event (validated by the library) and reads its ledger. Every ledger step must
 * have a finite noise multiplier above 0: a strategy whose column norms overflow (or vanish
 * below the smallest double) is refused by the caller's error mapping, not priced as ε = ∞.
 *
 * @throws the library's typed errors (naming `strategy…`, `bands`, `minSeparation`, …).
 * @example bandedPlan({ strategy: { bands: [[1]] }, bands: 1, steps: 10, noiseMultiplier: 2, participation: 'cyclic', minSeparation: 5 }).sensitivity // √2
 */
export function bandedPlan(options: BandedMatrixOptions): BandedPlan {
  const event = bandedMatrixEvent(options);
  const ledger = groupLedger(bandedMatrixLedgerSteps(event));
  const sigma = event.noiseMultiplier;
  const { sensitivity, participations, samplingRate } = bandedMatrixSensitivity(event);
  if (event.participation === 'poisson-in-group') return { event, ledger, priced: event, pricedAs: 'ledger', pricedLedger: ledger, sensitivity, participations, samplingRate };
  if (ledger.length <= MAX_LEDGER_NOISE_LEVELS) return { event, ledger, priced: event, pricedAs: 'ledger', pricedLedger: ledger, sensitivity, participations, samplingRate: 1 };
  const one = { samplingRate: 1, noiseMultiplier: sigma / sensitivity, count: 1 };
  return { event, ledger, priced: gaussianEvent(one.noiseMultiplier), pricedAs: 'one-gaussian', pricedLedger: [one], sensitivity, participations, samplingRate: 1 };
}

/**
 * True when every priced noise level is a finite number above 0 and Δ is finite and above 0
 * (false: the strategy's scale does not fit in double precision together with σ).
 *
 * @example plannedNoiseIsFinite(bandedPlan({ strategy: { bands: [[1e200]] }, bands: 1, steps: 10, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 5 })) // false
 */
export function plannedNoiseIsFinite(plan: BandedPlan): boolean {
  const ok = (v: number): boolean => Number.isFinite(v) && v > 0;
  return ok(plan.sensitivity) && plan.ledger.every((step) => ok(step.noiseMultiplier)) && plan.pricedLedger.every((step) => ok(step.noiseMultiplier));
}
