/**
 * The banded matrix mechanism (DP-FTRL / BandMF; Choquette-Choo et al. 2023, "Amplified Banded
 * Matrix Factorization") as the playground prices it: the library's `bandedMatrixEvent` for a
 * Toeplitz strategy, composed by the PLD accountant (ε at δ, a guarantee) whose privacy loss
 * distribution also gives the run's DP trade-off curve (`pldTradeOffCurve`), and the worst
 * record's sensitivity read back from the ledger the accountants price
 * (`bandedMatrixSensitivity`), for the sentence the page shows. For balls-in-bins participation
 * the event's PLD credits no amplification; the library's `bandedBallsInBinsGuarantee` does (the
 * run is post-processing of DP-SGD at σ/ρ with the same batches, priced by DP-SGD's
 * random-allocation RDP bound), and since both are guarantees the page's ε is the smaller
 * ({@link bandedEpsilon}). The curve stays the PLD's: no curve is derived from the RDP bound.
 * Plain functions, so tests run them in Node and compare with the library.
 */
import {
  bandedBallsInBinsGuarantee,
  bandedMatrixEvent,
  PldAccountant,
  pldTradeOffCurve,
  type BandedBallsInBinsGuarantee,
  type BandedMatrixEvent,
  type BandedParticipation,
  type EpsilonBounds,
} from '@dpbounds/accountants';
import { bandedMatrixSensitivity } from '@dpbounds/accountants/advanced';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { ResolvedConfig } from './params.js';

/**
 * The library event of a BandMF configuration: strategy `{ bands: [[v₀], [v₁], …] }` (one value
 * per Toeplitz band), b = number of values, n = T steps, σ, participation and k; B and N for
 * poisson-in-group.
 *
 * @throws when `config` is not a BandMF configuration, or the library's typed errors (naming `strategy…`, `minSeparation`, …).
 * @example bandedEventOf(validateParams(queryToParams('?mech=bandmf&bandValues=1,0.5&T=1000&k=100')).config!).bands // 2
 */
export function bandedEventOf(config: ResolvedConfig): BandedMatrixEvent {
  const banded = config.banded;
  if (banded === undefined) throw new Error('not a BandMF configuration');
  const sizes =
    banded.participation === 'poisson-in-group' ? { datasetSize: config.datasetSize as number, batchSize: config.batchSize as number } : {};
  return bandedMatrixEvent({
    strategy: { bands: banded.bandValues.map((v) => [v]) },
    bands: banded.bandValues.length,
    steps: config.steps,
    noiseMultiplier: config.noiseMultiplier,
    participation: banded.participation,
    minSeparation: banded.minSeparation,
    ...sizes,
  });
}

let memo: { readonly key: string; readonly accountant: PldAccountant } | undefined;

/**
 * The PLD accountant composed with the run's event for the page's relation (the same call as
 * `new PldAccountant({ neighbouring }).compose(bandedMatrixEvent(…))`). The last one is kept, so
 * the worker's curve stage and ε stage compose the run once.
 *
 * @example bandedAccountant(config).getEpsilonBounds(1e-5).upper
 */
export function bandedAccountant(config: ResolvedConfig): PldAccountant {
  const key = JSON.stringify([config.banded, config.steps, config.noiseMultiplier, config.relation, config.batchSize, config.datasetSize]);
  if (memo?.key !== key) memo = { key, accountant: new PldAccountant({ neighbouring: config.relation }).compose(bandedEventOf(config)) };
  return memo.accountant;
}

/**
 * The DP trade-off curve of the run from its PLD (a guarantee: the discretisation is pessimistic).
 *
 * @example bandedDpCurve(config).evaluate(0.01)
 */
export function bandedDpCurve(config: ResolvedConfig): TradeOffCurve {
  return pldTradeOffCurve(bandedAccountant(config));
}

/** ε at δ of a BandMF run: the unamplified PLD guarantee, the amplified one (balls-in-bins), and the smaller. */
export interface BandedEpsilon {
  /** The headline: min(unamplified upper end, amplified ε); both are guarantees, so the smaller holds. */
  readonly epsilon: number;
  /** Which bound gave `epsilon`: `unamplified` when there is no amplified bound, or it is not smaller. */
  readonly binds: 'unamplified' | 'amplified';
  /** The PLD of the event, crediting no amplification for balls-in-bins (its `upper` is the guarantee). */
  readonly unamplified: EpsilonBounds;
  /** Balls-in-bins: the amplified guarantee (DP-SGD's random-allocation bound at σ/ρ); undefined otherwise. */
  readonly amplified: BandedBallsInBinsGuarantee | undefined;
}

/**
 * ε at δ of the run for the page's relation: the PLD of its event (`bandedAccountant`) and, for
 * balls-in-bins participation, the library's amplified guarantee (`bandedBallsInBinsGuarantee`,
 * about 0.25 s); the headline is the smaller of the two, as `dpbounds dp` reports it.
 *
 * @example bandedEpsilon(validateParams(queryToParams('?mech=bandmf&bandValues=1,0.6,0.3&participation=balls-in-bins&k=100&T=2000&sigma=4&delta=0.00001')).config!).binds // 'amplified'
 */
export function bandedEpsilon(config: ResolvedConfig): BandedEpsilon {
  const unamplified = bandedAccountant(config).getEpsilonBounds(config.delta);
  const amplified = config.banded?.participation === 'balls-in-bins' ? bandedBallsInBinsGuarantee(bandedEventOf(config), config.delta, config.relation) : undefined;
  if (amplified !== undefined && amplified.epsilon < unamplified.upper) return { epsilon: amplified.epsilon, binds: 'amplified', unamplified, amplified };
  return { epsilon: unamplified.upper, binds: 'unamplified', unamplified, amplified };
}

/** What the accountants price for the worst record, in a practitioner's terms. */
export interface BandedSummary {
  readonly participation: BandedParticipation;
  readonly bands: number;
  readonly minSeparation: number;
  /** The most steps one record joins (poisson-in-group: may join), ⌈n/k⌉. */
  readonly participations: number;
  /**
   * cyclic and balls-in-bins: Δ, the L2 norm of the worst record's whole contribution to C·G
   * (the run is the Gaussian mechanism of noise σ/Δ); poisson-in-group: maxᵢ ‖C[:, i]‖, the
   * sensitivity of one participation. Add/remove; substitution doubles it inside the accountant.
   */
  readonly sensitivity: number;
  /** q = kB/N for poisson-in-group, 1 otherwise (no sampling). */
  readonly samplingRate: number;
}

/**
 * The worst record's sensitivity as the accountants price it (`bandedMatrixSensitivity`), with
 * the run's participation, bands and k.
 *
 * @example bandedSummary(validateParams(queryToParams('?mech=bandmf&bandValues=1&T=10&k=5')).config!).sensitivity // √2
 */
export function bandedSummary(config: ResolvedConfig): BandedSummary {
  const event = bandedEventOf(config);
  return { participation: event.participation, bands: event.bands, minSeparation: event.minSeparation, ...bandedMatrixSensitivity(event) };
}

/**
 * The sentence the page shows under ε for a BandMF run: the participation, the worst record's
 * sensitivity and whether sampling amplifies it. For balls-in-bins it gives both guarantees of
 * `priced` (the amplified one: DP-SGD at σ/ρ with the same batches, its random-allocation bound;
 * the unamplified one: the PLD at the worst participation pattern's sensitivity) and says which is
 * the headline. `format` writes a number as the page does.
 *
 * @example bandedWords(summary, 'add-remove', 1.1, String, bandedEpsilon(config))
 */
export function bandedWords(
  summary: BandedSummary,
  relation: ResolvedConfig['relation'],
  noiseMultiplier: number,
  format: (x: number) => string,
  priced: Pick<BandedEpsilon, 'binds' | 'amplified'> & { readonly unamplified: { readonly upper: number } },
): string {
  const { participation, bands: b, minSeparation: k, participations: m } = summary;
  const delta = format(summary.sensitivity);
  const noise = format(noiseMultiplier / summary.sensitivity);
  const sub = relation === 'substitution' ? ' Under substitution the sensitivity doubles (the accountant applies it).' : '';
  const times = m === 1 ? 'step' : 'steps';
  switch (participation) {
    case 'cyclic': {
      const overlap = k >= b ? `its steps are k = ${k} ≥ b = ${b} apart, so their columns of C do not overlap` : `its steps are k = ${k} < b = ${b} apart, so their columns overlap and Δ bounds their inner products`;
      return `Cyclic participation: each record joins every ${k}-th step, the worst record ${m} ${times}; ${overlap}. Its sensitivity is Δ = ${delta}: the run is the Gaussian mechanism of noise σ/Δ = ${noise}. No sampling, so no amplification is credited (PLD accountant, a guarantee).${sub}`;
    }
    case 'balls-in-bins':
      return `Balls-in-bins participation: in each epoch of k = ${k} steps a record joins one step chosen at random (the worst record up to ${m} ${times}). ${ballsInBinsPricing(priced, delta, noise, format)} A loop that draws each record's step once and reuses it every epoch is not balls-in-bins and gets no amplification; it is priced, tighter than the unamplified bound, by cyclic participation every ${k} steps.${sub}`;
    case 'poisson-in-group':
      return `Poisson within groups: records are split into k = ${k} groups and each step Poisson-samples one group at q = k·B/N = ${format(summary.samplingRate)}, so the worst record has up to ${m} possible participations, ${k} ≥ b = ${b} steps apart. Each has sensitivity maxᵢ ‖C[:, i]‖ = ${delta} (noise σ/‖C‖ = ${noise}) and is amplified by sampling (Choquette-Choo et al. 2023; PLD accountant, a guarantee).${sub}`;
  }
}

/** The balls-in-bins half of {@link bandedWords}: both guarantees, the headline first. */
function ballsInBinsPricing(priced: Parameters<typeof bandedWords>[4], delta: string, noise: string, format: (x: number) => string): string {
  const unamplified = `at the worst participation pattern's sensitivity Δ = ${delta} (one Gaussian of noise σ/Δ = ${noise}; PLD accountant)`;
  const a = priced.amplified;
  if (a === undefined) return `Priced without amplification, ${unamplified}: ε ≤ ${format(priced.unamplified.upper)}, a guarantee (no amplified bound for this strategy).`;
  const epochs = `${a.epochs} ${a.epochs === 1 ? 'epoch' : 'epochs'} of k = ${a.batchesPerEpoch} batches`;
  const split = `post-processing of DP-SGD with the same batches at noise σ/ρ = ${format(a.noiseMultiplier)} (ρ = ${format(a.splitSensitivity)} from splitting the noise across the strategy's columns)`;
  if (priced.binds === 'amplified') {
    return `ε credits the random placement: the run is ${split}, and DP-SGD's random-allocation bound (RDP, ${epochs}) gives ε ≤ ${format(a.epsilon)}; without amplification, ${unamplified}, ε ≤ ${format(priced.unamplified.upper)}. Both are guarantees; the smaller is shown.`;
  }
  const amplified = a.epsilon === Infinity ? 'is vacuous here (too little noise for a finite random-allocation bound)' : `gives ε ≤ ${format(a.epsilon)}`;
  return `ε is priced without amplification, ${unamplified}: ε ≤ ${format(priced.unamplified.upper)}. Crediting the random placement does not do better here: the run is ${split}, and DP-SGD's random-allocation bound (RDP, ${epochs}) ${amplified}. Both are guarantees; the smaller is shown.`;
}
