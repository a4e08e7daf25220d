/**
 * The ε of the batch sampler a training loop actually uses, next to the Poisson ε at the same
 * expected batch size: the user-level contract called by the CLI, the trainer report, the
 * playground and sweeps (derivations: docs/math/batch-samplers.md).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger } from '@dpbounds/special-functions';
import type { NeighbouringRelation, ResultKind } from '@dpbounds/tradeoff-core';
import { requireNeighbouring } from '../accountant.js';
import { calibrateNoiseMultiplierWithin } from '../calibration/calibrate.js';
import { chargeWork, chargeWorkBlaming, createWorkMeter, requireEstimatedWork, requireMaxWork } from '../calibration/calibration-work.js';
import type { TiltedCompositionHook } from '../pld/tilted-tail.js';
import { BALLS_IN_BINS_RDP_WORK, ballsInBinsPldWork, samplerCalibrationWorkEstimate, samplerEpsilonWork, samplerEvaluationWork, TILTED_COMPOSITION_WORK_FACTOR } from './sampler-calibration-work.js';
import { createAccountant } from '../calibration/accountant-factory.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { dpSgdEvent, gaussianEvent, selfComposedEvent, type MechanismEvent } from '../events/mechanism-event.js';
import { ballsInBinsEvent, binsPerEpoch, fixedSizeSampledEvent, truncatedPoissonSampledEvent } from '../events/sampler-events.js';
import { requireBatchesPerEpoch, requireBatchWithinDataset, requireOptions } from '../events/validate-event.js';
import { ballsInBinsEpsilonLowerBound } from './balls-in-bins-lower-bound.js';
import { ballsInBinsRdpEpsilon } from '../rdp/balls-in-bins-gaussian-rdp.js';
import { calibrateByBisection } from '../calibration/calibrate-by-bisection.js';
import { fixedSizeSubstitutionEpsilon } from './fixed-size-substitution.js';
import { withoutReplacementRdpEpsilon } from '../rdp/sampled-without-replacement-gaussian-rdp.js';
import { requireShuffleBatchesPerEpoch, shuffleEpsilonLowerBound } from './shuffle-lower-bound.js';
import { truncatedPoissonEpsilonWithMethod, truncationParameters } from './truncated-poisson-pld.js';

/** How batches are drawn: the five samplers whose ε this package reports. */
export type BatchSampler = 'poisson' | 'fixed-size' | 'shuffle' | 'balls-in-bins' | 'truncated-poisson';

/** One DP-SGD run described by its batch sampler. */
export interface SamplerRun {
  readonly sampler: BatchSampler;
  /** Number of records N (integer ≥ 1). */
  readonly datasetSize: number;
  /** Batch size b (expected size for Poisson and truncated Poisson; integer, 1 ≤ b ≤ N). */
  readonly batchSize: number;
  /** Cap on the batch size (truncated Poisson only; integer ≥ 1). */
  readonly maxBatchSize?: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of steps T (integer ≥ 1; for balls-in-bins and shuffle a partial last epoch is accounted as a whole one in the guarantee). */
  readonly steps: number;
  /**
   * Batches per epoch k of an epoch-based loop (`shuffle` and `balls-in-bins` only): every record
   * is used at most once in each run of k steps, so T steps are ⌈T/k⌉ epochs. An integer in
   * [1, N] (for shuffle in [1, ⌈N/b⌉]). Default ⌈N/b⌉: a loop that keeps the last, smaller batch
   * (PyTorch `DataLoader(drop_last=False)`); a loop with `drop_last=True` runs ⌊N/b⌋
   * (`binsPerEpoch(N, b, { dropLast: true })`). Give what the loop actually ran: fewer batches
   * per epoch means more epochs, hence a larger ε (docs/math/batch-samplers.md, sections 5 and 6).
   */
  readonly batchesPerEpoch?: number;
  /** Neighbouring relation (default `add-remove`). */
  readonly neighbouring?: NeighbouringRelation;
}

/** One ε with what it is and how it was computed. */
export interface SamplerEpsilonValue<K extends ResultKind = ResultKind> {
  readonly value: number;
  readonly kind: K;
  readonly method: string;
  /**
   * Present when the value holds for a narrower reading of the run's `neighbouring`:
   * `'zero-out'` for shuffling under add-remove (the record replaced by one whose gradient is 0,
   * not removed, since removing it would move every later batch; docs/math/batch-samplers.md,
   * section 6, "Relations").
   */
  readonly readAs?: 'zero-out';
}

/** The ε of a sampler's run, next to the Poisson ε at the same expected batch size. */
export interface SamplerEpsilon {
  readonly sampler: BatchSampler;
  readonly neighbouring: NeighbouringRelation;
  readonly delta: number;
  /** The sampler's own ε (its kind says whether it is a guarantee, an estimate or a lower bound). */
  readonly epsilon: SamplerEpsilonValue;
  /** A valid upper bound when one is known. */
  readonly upper?: SamplerEpsilonValue<'guarantee'>;
  /** A lower bound when one is known. */
  readonly lower?: SamplerEpsilonValue<'lower-bound'>;
  /** An approximation when one is known and below the guarantee (balls-in-bins: Poisson at rate 1/k). */
  readonly estimate?: SamplerEpsilonValue<'estimate'>;
  /** The Poisson ε at sampling rate b/N with the same σ and T. */
  readonly poisson: SamplerEpsilonValue;
  /** True when the Poisson ε is a valid guarantee for this run (only for the Poisson sampler). */
  readonly poissonValidForRun: boolean;
  /** Epoch-based samplers (`shuffle`, `balls-in-bins`): the batches per epoch k the run was priced with. */
  readonly batchesPerEpoch?: number;
  /** Epoch-based samplers: the epochs ⌈T/k⌉ the guarantee counts (a partial last epoch counted whole). */
  readonly epochs?: number;
  /** Epoch-based samplers: the full epochs ⌊T/k⌋ the lower bound uses. */
  readonly fullEpochs?: number;
  /** A sentence for practitioners. */
  readonly note: string;
}

/** Every batch sampler, in the order the CLI lists them. */
export const BATCH_SAMPLERS: readonly BatchSampler[] = Object.freeze(['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'] as const);


/** Accountant used by {@link samplerEpsilon}: `pld` (default, tight) or `rdp`. */
export type SamplerAccountant = 'pld' | 'rdp';

const RUN_KEYS: readonly string[] = ['sampler', 'datasetSize', 'batchSize', 'maxBatchSize', 'noiseMultiplier', 'steps', 'batchesPerEpoch', 'neighbouring'];

/** Checks a sampler name. */
function requireSampler(value: unknown): BatchSampler {
  if (typeof value !== 'string' || !(BATCH_SAMPLERS as readonly string[]).includes(value)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'sampler', expected: `one of ${BATCH_SAMPLERS.join(', ')}`, found: value });
  }
  return value as BatchSampler;
}

/** A validated run: defaults filled in, `batchesPerEpoch` resolved for the epoch-based samplers. */
type ValidRun = Required<Omit<SamplerRun, 'maxBatchSize' | 'batchesPerEpoch'>> & { maxBatchSize?: number; batchesPerEpoch?: number };

/** The batches per epoch of an epoch-based sampler (given, or ⌈N/b⌉); refuses the field for the other samplers. */
function requireRunBatchesPerEpoch(sampler: BatchSampler, r: SamplerRun): number | undefined {
  if (sampler !== 'shuffle' && sampler !== 'balls-in-bins') {
    if (r.batchesPerEpoch !== undefined) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'batchesPerEpoch', expected: 'absent (only the shuffle and balls-in-bins samplers run in epochs)', found: r.batchesPerEpoch });
    return undefined;
  }
  if (r.batchesPerEpoch === undefined) return binsPerEpoch(r.datasetSize, r.batchSize);
  return sampler === 'shuffle' ? requireShuffleBatchesPerEpoch('batchesPerEpoch', r.batchesPerEpoch, r.datasetSize, r.batchSize) : requireBatchesPerEpoch('batchesPerEpoch', r.batchesPerEpoch, r.datasetSize);
}

/** Validates a run (σ optional for calibration) and returns it with its defaults. */
function requireRun(run: unknown, needSigma: boolean): ValidRun {
  const r = requireOptions<SamplerRun>('run', run, RUN_KEYS, false);
  const sampler = requireSampler(r.sampler);
  requireBatchWithinDataset('', r.batchSize, r.datasetSize);
  const steps = requireInteger('steps', r.steps, { min: 1 });
  const batchesPerEpoch = requireRunBatchesPerEpoch(sampler, r);
  const noiseMultiplier = needSigma ? requireInRange('noiseMultiplier', r.noiseMultiplier, { min: 0, minExclusive: true }) : 1;
  const neighbouring = requireNeighbouring(r.neighbouring ?? 'add-remove');
  if (sampler === 'truncated-poisson') {
    if (r.maxBatchSize === undefined) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'maxBatchSize', expected: 'an integer in [batchSize, datasetSize] for the truncated-poisson sampler', found: undefined });
    requireBatchWithinDataset('', r.maxBatchSize, r.datasetSize, 'maxBatchSize');
    if (r.maxBatchSize < r.batchSize) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'maxBatchSize', expected: `an integer in [batchSize = ${r.batchSize}, datasetSize = ${r.datasetSize}] (the cap must not be below the expected batch size)`, found: r.maxBatchSize });
    return { sampler, datasetSize: r.datasetSize, batchSize: r.batchSize, maxBatchSize: r.maxBatchSize, noiseMultiplier, steps, neighbouring };
  }
  if (r.maxBatchSize !== undefined) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'maxBatchSize', expected: 'absent (only the truncated-poisson sampler has a maximum batch size)', found: r.maxBatchSize });
  }
  return { sampler, datasetSize: r.datasetSize, batchSize: r.batchSize, noiseMultiplier, steps, neighbouring, ...(batchesPerEpoch === undefined ? {} : { batchesPerEpoch }) };
}

function requireAccountant(options: unknown): SamplerAccountant {
  const o = requireOptions<{ accountant?: unknown }>('options', options, ['accountant']);
  const a = o.accountant ?? 'pld';
  if (a !== 'pld' && a !== 'rdp') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'accountant', expected: '"pld" or "rdp"', found: a });
  return a;
}

/** ε of `event` in a fresh accountant of the given kind and relation. */
function accountantEpsilon(kind: SamplerAccountant, neighbouring: NeighbouringRelation, event: MechanismEvent, delta: number): number {
  return createAccountant(kind, { neighbouring }).compose(event).getEpsilon(delta);
}

/**
 * ε of `event` and, with PLD, the rigorous lower end of its discretisation bracket: a lower
 * bound on the run's ε when the pair priced is attained by some data set (Poisson; fixed-size).
 */
function epsilonWithLower(kind: SamplerAccountant, neighbouring: NeighbouringRelation, event: MechanismEvent, delta: number): { value: number; lower?: SamplerEpsilonValue<'lower-bound'> } {
  if (kind !== 'pld') return { value: accountantEpsilon(kind, neighbouring, event, delta) };
  const bounds = new PldAccountant({ neighbouring }).compose(event).getEpsilonBounds(delta);
  if (!(bounds.lower > 0) || bounds.method !== 'pld') return { value: bounds.upper };
  return { value: bounds.upper, lower: { value: bounds.lower, kind: 'lower-bound', method: 'pld: optimistic discretisation of the same pair (attained by a worst-case data set)' } };
}

/** The Poisson ε at rate b/N: RDP has no substitution bound for q < 1, so substitution uses PLD there. */
function poissonValue(run: { datasetSize: number; batchSize: number; noiseMultiplier: number; steps: number; neighbouring: NeighbouringRelation }, delta: number, kind: SamplerAccountant): SamplerEpsilonValue {
  const q = run.batchSize / run.datasetSize;
  const used: SamplerAccountant = kind === 'rdp' && run.neighbouring === 'substitution' && q < 1 ? 'pld' : kind;
  const value = accountantEpsilon(used, run.neighbouring, dpSgdEvent({ samplingRate: q, noiseMultiplier: run.noiseMultiplier, steps: run.steps }), delta);
  return { value, kind: 'guarantee', method: `${used}: Poisson subsampled Gaussian, q = b/N = ${fmt(q)}${used !== kind ? ' (RDP has no substitution bound for q < 1)' : ''}` };
}

function fmt(x: number): string {
  // +∞: an ε beyond double precision (σ ≈ 1e-320 priced by RDP), "ε = +∞" in the note's words
  return Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : x === Infinity ? '+∞' : String(x);
}

/**
 * The epochs of an epoch-based run (docs/math/batch-samplers.md, sections 5 and 6): k batches per
 * epoch (the run's `batchesPerEpoch`), `epochs` = ⌈T/k⌉ (a partial last epoch counted whole, as
 * the guarantee counts it) and `fullEpochs` = ⌊T/k⌋ (as the lower bounds count them).
 */
function epochsOf(r: ValidRun): { k: number; epochs: number; fullEpochs: number } {
  const k = r.batchesPerEpoch as number;
  return { k, epochs: Math.ceil(r.steps / k), fullEpochs: Math.floor(r.steps / k) };
}

/**
 * The guarantee for shuffled batches that ignores the shuffling: each record is in at most one
 * batch per epoch, so ⌈T/k⌉ epochs (a partial one counted whole) are ⌈T/k⌉ Gaussian releases of
 * sensitivity 1 (zero-out) or 2 (substitution, applied by the accountant).
 */
function shuffleNoAmplification(r: ValidRun, delta: number, kind: SamplerAccountant): SamplerEpsilonValue<'guarantee'> {
  const { k, epochs } = epochsOf(r);
  const value = accountantEpsilon(kind, r.neighbouring, selfComposedEvent(gaussianEvent(r.noiseMultiplier), epochs), delta);
  return { value, kind: 'guarantee', method: `${kind}: one Gaussian release per epoch (${epochs} epochs of ${k} batches), no amplification` };
}

/**
 * The ε of `run` at δ with its kind, and the Poisson ε at the same expected batch size b/N
 * (derivations and references: docs/math/batch-samplers.md).
 *
 * - `poisson`: the accountant's ε (guarantee).
 * - `fixed-size`: add-remove: the Poisson add-remove pair at q = b/N with σ/2 (sensitivity 2);
 *   substitution: the symmetrised version of that pair (Dong, Roth, Su 2022; Lebeda et al. 2024)
 *   with PLD, the sampling-without-replacement RDP bound (Wang, Balle, Kasiviswanathan 2019,
 *   Thm 9) with RDP. All guarantees.
 * - With PLD, `poisson` and `fixed-size` also carry `lower`: the optimistic end of the PLD's
 *   discretisation bracket, a lower bound because a worst-case data set attains the pair.
 * - `truncated-poisson`: the mixture PLD of dp_accounting's truncated analysis (PLD only; guarantee);
 *   below the δ its FFT composition resolves, by exponential tilting, and below what tilting
 *   resolves (δ ≲ T·10⁻³⁰⁴) the RDP bound of the same mixture (`method` says which).
 * - The epoch-based samplers run k = `run.batchesPerEpoch` batches per epoch (default ⌈N/b⌉, a
 *   loop that keeps the last, smaller batch); their guarantee counts ⌈T/k⌉ epochs, their lower
 *   bound the ⌊T/k⌋ full ones, and the result carries `batchesPerEpoch`, `epochs`, `fullEpochs`.
 * - `balls-in-bins`: epsilon = upper = the smaller of one Gaussian release per epoch (no
 *   amplification) and the random-allocation RDP bound (`ballsInBinsRdpEpsilon`), a guarantee;
 *   `estimate` = Poisson at rate 1/k when below it (Feldman & Shenfeld 2025 bound random
 *   allocation by Poisson at rate (1 + o(1))/k; not a finite-k guarantee);
 *   lower = the largest-batch-output attacker (`ballsInBinsEpsilonLowerBound`).
 * - `shuffle` (a new permutation each epoch, cut into batches of b): epsilon = lower = the max-test
 *   lower bound (`shuffleEpsilonLowerBound`; Chua et al. 2024), upper = one Gaussian release per
 *   epoch (a guarantee without amplification; no bound crediting the shuffling is known).
 *   add-remove is read as zero-out (the record replaced by a zero-gradient one): those three values
 *   carry `readAs: 'zero-out'`.
 *
 * Throws typed errors naming the bad field (`sampler`, `batchSize`, `maxBatchSize`, `delta`, …).
 *
 * @example samplerEpsilon({ sampler: 'fixed-size', datasetSize: 60_000, batchSize: 256, noiseMultiplier: 1.1, steps: 10_000 }, 1e-5).epsilon.value
 */
export function samplerEpsilon(run: SamplerRun, delta: number, options?: { readonly accountant?: SamplerAccountant }): SamplerEpsilon {
  if (options !== undefined) requireOptions('options', options, ['accountant']);
  return samplerEpsilonCounted(run, delta, requireAccountant(options));
}

/**
 * {@link samplerEpsilon} with the accountant read, and a hook that sees each tilted composition
 * of truncated Poisson at a tiny δ before it runs (the calibration's work budget counts them).
 */
function samplerEpsilonCounted(run: SamplerRun, delta: number, kind: SamplerAccountant, beforeTiltedComposition?: TiltedCompositionHook): SamplerEpsilon {
  const r = requireRun(run, true);
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const base = { sampler: r.sampler, neighbouring: r.neighbouring, delta };
  const q = r.batchSize / r.datasetSize;
  switch (r.sampler) {
    case 'poisson': {
      const poisson = poissonValue(r, delta, kind);
      const { lower } = kind === 'pld' ? epsilonWithLower('pld', r.neighbouring, dpSgdEvent({ samplingRate: q, noiseMultiplier: r.noiseMultiplier, steps: r.steps }), delta) : {};
      return { ...base, epsilon: poisson, upper: { ...poisson, kind: 'guarantee' }, ...(lower === undefined ? {} : { lower }), poisson, poissonValidForRun: true, note: `Your loop samples each record independently with probability b/N = ${fmt(q)} (Poisson): the accountant's ε = ${fmt(poisson.value)} applies to it.` };
    }
    case 'fixed-size': {
      const poisson = poissonValue(r, delta, kind);
      const event = selfComposedEvent(fixedSizeSampledEvent({ batchSize: r.batchSize, datasetSize: r.datasetSize, event: gaussianEvent(r.noiseMultiplier) }), r.steps);
      // add-remove: each ordered pair meets one direction at every step; its lower end is attained
      // under both relations (all other records at g(x′), or all at g(x))
      const addRemove = epsilonWithLower(kind, 'add-remove', event, delta);
      const substitution = r.neighbouring === 'substitution';
      const value = !substitution
        ? addRemove.value
        : kind === 'rdp'
          ? withoutReplacementRdpEpsilon(q, r.noiseMultiplier / 2, r.steps, delta)
          : fixedSizeSubstitutionEpsilon({ datasetSize: r.datasetSize, batchSize: r.batchSize, noiseMultiplier: r.noiseMultiplier, steps: r.steps }, delta);
      const lower = addRemove.lower;
      const epsilon: SamplerEpsilonValue<'guarantee'> = {
        value,
        kind: 'guarantee',
        method: substitution && kind === 'rdp'
          ? `rdp: fixed-size sampling under substitution, sampling without replacement at γ = b/N = ${fmt(q)} (Wang, Balle, Kasiviswanathan 2019, Thm 9) with sensitivity 2 (σ/2 = ${fmt(r.noiseMultiplier / 2)})`
          : substitution
          ? `pld: fixed-size sampling under substitution, symmetrised Poisson pair at q = b/N = ${fmt(q)} with sensitivity 2 (σ/2 = ${fmt(r.noiseMultiplier / 2)})`
          : `${kind}: fixed-size sampling as the Poisson add-remove pair at q = b/N = ${fmt(q)} with sensitivity 2 (σ/2 = ${fmt(r.noiseMultiplier / 2)})`,
      };
      return { ...base, epsilon, upper: epsilon, ...(lower === undefined ? {} : { lower }), poisson, poissonValidForRun: false, note: `Your loop draws fixed-size batches of ${r.batchSize} without replacement: the Poisson ε = ${fmt(poisson.value)} does not apply (a record that enters a fixed-size batch pushes another one out, so one record can move the sum by twice the clip norm); fixed-size batches give ε = ${fmt(value)} (a guarantee).` };
    }
    case 'truncated-poisson': {
      if (kind !== 'pld') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'accountant', expected: '"pld" for the truncated-poisson sampler (its only RDP bound, the weak triangle inequality for the sensitivity-2 step, is far looser: it is used only below the δ the PLD resolves)', found: kind });
      const poisson = poissonValue(r, delta, kind);
      const cap = r.maxBatchSize as number;
      const { epsilon: value, method } = truncatedPoissonEpsilonWithMethod({ samplingRate: q, maxBatchSize: cap, datasetSize: r.datasetSize, noiseMultiplier: r.noiseMultiplier, steps: r.steps }, delta, r.neighbouring, undefined, beforeTiltedComposition);
      const { truncationProbability } = truncationParameters(q, cap, r.datasetSize);
      const mixture = `truncated Poisson as a mixture of the Poisson step and a sensitivity-2 step, truncation probability ${fmt(truncationProbability)}`;
      const how = method === 'pld'
        ? `pld: ${mixture}`
        : method === 'pld-tilted'
        ? `pld: ${mixture}; δ = ${fmt(delta)} is below what its FFT composition resolves: exponentially tilted PLD, every rounding bounded`
        : `rdp: ${mixture}; δ = ${fmt(delta)} is below what even the tilted PLD resolves: Rényi moments of the mixture (the sensitivity-2 step by the weak triangle inequality), looser`;
      const epsilon: SamplerEpsilonValue<'guarantee'> = { value, kind: 'guarantee', method: how };
      return { ...base, epsilon, upper: epsilon, poisson, poissonValidForRun: false, note: `Your loop draws Poisson batches (rate ${fmt(q)}) capped at ${cap} records; a batch that hits the cap (probability ${fmt(truncationProbability)} for a batch holding a given record) drops records, so the Poisson ε = ${fmt(poisson.value)} does not apply; the capped batches give ε = ${fmt(value)} (a guarantee).` };
    }
    case 'balls-in-bins': {
      const poisson = poissonValue(r, delta, kind);
      const { k, epochs, fullEpochs } = epochsOf(r);
      const allocationRate = 1 / k;
      const poissonAtAllocation = allocationRate === q ? poisson.value : accountantEpsilon(kind === 'rdp' && r.neighbouring === 'substitution' ? 'pld' : kind, r.neighbouring, dpSgdEvent({ samplingRate: allocationRate, noiseMultiplier: r.noiseMultiplier, steps: r.steps }), delta);
      const { value, amplified } = ballsInBinsGuarantee(r, k, epochs, delta, kind);
      const epsilon: SamplerEpsilonValue<'guarantee'> = amplified
        ? { value, kind: 'guarantee', method: `rdp: random allocation over ${epochs} epochs of ${k} batches (exact Rényi moments when the record is removed, a Laplace-transform bound when it is added${r.neighbouring === 'substitution' ? ', joined by the weak triangle inequality' : ''})` }
        : { value, kind: 'guarantee', method: `${kind}: one Gaussian release per epoch (${epochs} epochs of ${k} batches), no amplification` };
      // the estimate is reported when it is below the guarantee (few epochs of few batches: Poisson at 1/k can be worse)
      const estimate: SamplerEpsilonValue<'estimate'> | undefined = poissonAtAllocation < value
        ? { value: poissonAtAllocation, kind: 'estimate', method: `Poisson at the allocation rate 1/${k} (random allocation is bounded by Poisson at rate (1 + o(1))/k: Feldman & Shenfeld 2025; not a finite-k guarantee; at small k it can be below the true ε)` }
        : undefined;
      const lowerValue = fullEpochs === 0 ? 0 : ballsInBinsEpsilonLowerBound({ datasetSize: r.datasetSize, batchSize: r.batchSize, batchesPerEpoch: k, epochs: fullEpochs, noiseMultiplier: r.noiseMultiplier }, delta);
      const lower: SamplerEpsilonValue<'lower-bound'> | undefined = lowerValue > 0 ? { value: lowerValue, kind: 'lower-bound', method: `largest-batch-output attacker over ${fullEpochs} full epochs of ${k} batches (binned, rounded down)` } : undefined;
      // the estimate is asymptotic in k: say that it can be optimistic (at k = 2 under substitution it was measured below the true ε)
      const estimateSaid = estimate === undefined ? '' : `; the Poisson accountant at rate 1/${k} estimates ≈ ${fmt(estimate.value)}, which the papers prove only as k grows (at small k it can be below the true ε: quote the proven ε)`;
      const said = `its proven ε is ${fmt(value)} (${amplified ? 'crediting the random choice of batch' : 'one release per epoch, no credit for the random choice of batch'})${estimateSaid}`;
      return { ...base, epsilon, upper: epsilon, ...(lower === undefined ? {} : { lower }), ...(estimate === undefined ? {} : { estimate }), poisson, poissonValidForRun: false, batchesPerEpoch: k, epochs, fullEpochs, note: `Your loop puts each record in one of ${k} random batches per epoch (balls-in-bins; ${epochs} epochs): ${said}${lower === undefined ? '' : `; an attacker provably reaches ε ≥ ${fmt(lower.value)}`}.` };
    }
    case 'shuffle': {
      const poisson = poissonValue(r, delta, kind);
      const { k, epochs, fullEpochs } = epochsOf(r);
      // add-remove is read as zero-out by both bounds: say so on each value
      const readAs = r.neighbouring === 'add-remove' ? { readAs: 'zero-out' as const } : {};
      const upper: SamplerEpsilonValue<'guarantee'> = { ...shuffleNoAmplification(r, delta, kind), ...readAs };
      const lb = shuffleEpsilonLowerBound({ datasetSize: r.datasetSize, batchSize: r.batchSize, batchesPerEpoch: k, noiseMultiplier: r.noiseMultiplier, steps: r.steps, neighbouring: r.neighbouring }, delta);
      const epsilon: SamplerEpsilonValue<'lower-bound'> = { value: lb.value, kind: 'lower-bound', method: lb.method, ...readAs };
      const at = lb.epochs === 0
        ? `no full epoch of ${k} batches has run, so no lower bound above 0 is known`
        : `shuffling's ε is at least ${fmt(lb.value)} (an attack on ${lb.epochs} full epochs reaches it)`;
      const zeroOut = r.neighbouring === 'add-remove' ? ' Both bounds read add-remove as zero-out (the record replaced by one with zero gradient), as the shuffling analyses do.' : '';
      return { ...base, epsilon, upper, lower: epsilon, poisson, poissonValidForRun: false, batchesPerEpoch: k, epochs, fullEpochs, note: `Your loop shuffles; the Poisson accountant's ε = ${fmt(poisson.value)} does not apply (it is proven only for Poisson batches); ${at}. No upper bound that credits the shuffling is known for this run: the proven ε ≤ ${fmt(upper.value)} counts one full Gaussian release per epoch (${epochs} epochs of ${k} batches).${zeroOut}` };
    }
  }
}

/**
 * The balls-in-bins guarantee of a run: the smaller of one Gaussian release per epoch (priced by
 * `kind`) and, for k > 1, the random-allocation RDP bound (`ballsInBinsRdpEpsilon`) for the run's
 * relation; `amplified` says whether the latter won.
 */
function ballsInBinsGuarantee(r: ValidRun, k: number, epochs: number, delta: number, kind: SamplerAccountant): { value: number; amplified: boolean } {
  return ballsInBinsGuaranteeGiven(ballsInBinsAmplified(r, k, epochs, delta), r, k, epochs, delta, kind);
}

/** The random-allocation RDP bound of a balls-in-bins run (∞ for k = 1, where nothing is amplified). */
function ballsInBinsAmplified(r: ValidRun, k: number, epochs: number, delta: number): number {
  return k > 1 ? ballsInBinsRdpEpsilon({ noiseMultiplier: r.noiseMultiplier, batchesPerEpoch: k, epochs }, delta, r.neighbouring) : Infinity;
}

/** {@link ballsInBinsGuarantee} with its random-allocation bound `amplified` already computed. */
function ballsInBinsGuaranteeGiven(amplified: number, r: ValidRun, k: number, epochs: number, delta: number, kind: SamplerAccountant): { value: number; amplified: boolean } {
  const unamplified = accountantEpsilon(kind, r.neighbouring, ballsInBinsEvent({ datasetSize: r.datasetSize, batchSize: r.batchSize, batchesPerEpoch: k, epochs, noiseMultiplier: r.noiseMultiplier }), delta);
  return amplified < unamplified ? { value: amplified, amplified: true } : { value: unamplified, amplified: false };
}

/**
 * The smallest σ (to relative tolerance 1e-5) whose sampler ε (`samplerEpsilon(...).epsilon`,
 * PLD) meets the target; the returned `epsilon` is at that σ and never above the target.
 * Reuses `calibrateNoiseMultiplier` (poisson, fixed-size add-remove via σ/2); truncated Poisson,
 * fixed-size under substitution and balls-in-bins (its guarantee) are bracketed and bisected on
 * their own ε. Shuffle, whose `epsilon` is a lower bound, is calibrated on its guarantee instead
 * (`upper`: one Gaussian release per epoch), so the returned σ meets the target provably; its
 * `epsilon` (the lower bound) is then below the target.
 *
 * Work: `target.maxWork` (grid points, default 2²⁷, about 15 s of CPU; calibration-work.ts) bounds
 * the whole call, the σ search and `samplerEpsilon` at the answer: the search is refused before any
 * work when its estimate (sampler-calibration-work.ts: a typical search of 8 evaluations and the
 * final ε) does not fit, and each evaluation is charged before it runs; past the budget it throws a
 * `DpboundsRangeError` naming `steps` (found: the run's steps), never a σ searched part way.
 * `work` is what was counted.
 *
 * @example samplerNoiseMultiplier({ sampler: 'fixed-size', datasetSize: 60_000, batchSize: 256, steps: 10_000 }, { epsilon: 3, delta: 1e-5 })
 */
export function samplerNoiseMultiplier(run: Omit<SamplerRun, 'noiseMultiplier'>, target: { readonly epsilon: number; readonly delta: number; readonly maxWork?: number }): { noiseMultiplier: number; epsilon: SamplerEpsilon; work: number } {
  if (run !== null && typeof run === 'object' && 'noiseMultiplier' in run) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'run.noiseMultiplier', expected: 'absent (it is what samplerNoiseMultiplier computes)', found: (run as { noiseMultiplier?: unknown }).noiseMultiplier });
  }
  const r = requireRun(run, false);
  const t = requireOptions<{ epsilon: number; delta: number; maxWork?: number }>('target', target, ['epsilon', 'delta', 'maxWork'], false);
  const targetEpsilon = requireInRange('epsilon', t.epsilon, { min: 0, minExclusive: true });
  const delta = requireInRange('delta', t.delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const meter = createWorkMeter(requireMaxWork(t.maxWork), 'steps', r.steps);
  requireEstimatedWork(meter, samplerCalibrationWorkEstimate(r), `the ${r.sampler} σ search and its ε at the answer`);
  const q = r.batchSize / r.datasetSize;
  const calibrate = (samplingRate: number, neighbouring: NeighbouringRelation, tolerance?: number, steps: number = r.steps): number =>
    calibrateNoiseMultiplierWithin({ targetEpsilon, delta, samplingRate, steps, accountant: 'pld', neighbouring, ...(tolerance === undefined ? {} : { tolerance }) }, meter).value;
  // the searches below that bisect the sampler's own ε charge each evaluation before it runs
  const charged = (eps: (sigma: number) => number, units: number): ((sigma: number) => number) => {
    let n = 0;
    return (sigma) => {
      chargeWork(meter, units, `evaluation ${++n} of the ${r.sampler} ε(σ)`);
      return eps(sigma);
    };
  };
  // truncated Poisson at a δ below its FFT grid's floor is answered by tilting: each tilted
  // composition is charged before it runs, at its width times what a tilted point costs
  const tiltedCharge = (width: number): void =>
    chargeWorkBlaming(meter, TILTED_COMPOSITION_WORK_FACTOR * width, `a tilted composition of ${width} points`, {
      parameter: 'delta',
      found: delta,
      expected: 'a δ the composed grid of the truncated-Poisson run resolves (above its float noise, 2.2e-16 per bin: about 1e-10 to 1e-9; below it every evaluation of ε(σ) is answered by exponential tilting, 10–25 times the work)',
    });
  let sigma: number;
  switch (r.sampler) {
    case 'poisson':
      sigma = calibrate(q, r.neighbouring);
      break;
    case 'fixed-size':
      sigma = r.neighbouring === 'substitution'
        ? calibrateByBisection(charged((s) => fixedSizeSubstitutionEpsilon({ datasetSize: r.datasetSize, batchSize: r.batchSize, noiseMultiplier: s, steps: r.steps }, delta), samplerEvaluationWork(r)), targetEpsilon, 'fixed-size')
        : 2 * calibrate(q, 'add-remove');
      break;
    case 'balls-in-bins': {
      // calibrated on the guarantee, never on the Poisson estimate at rate 1/k
      // The guarantee is min(random-allocation RDP bound, unamplified PLD) and the bisection only
      // asks whether it meets the target: when the RDP bound (the usual winner) already does, the
      // minimum does too and the PLD is not composed (the same σ, about a third less work).
      const { k, epochs } = epochsOf(r);
      // the RDP bound is charged always, the PLD of the E releases only when it is composed
      sigma = calibrateByBisection(charged((s) => {
        const at = { ...r, noiseMultiplier: s };
        const amplified = ballsInBinsAmplified(at, k, epochs, delta);
        if (amplified <= targetEpsilon) return amplified;
        chargeWork(meter, ballsInBinsPldWork(epochs, s), `the balls-in-bins PLD of ${epochs} releases at σ = ${s}`);
        return ballsInBinsGuaranteeGiven(amplified, at, k, epochs, delta, 'pld').value;
      }, BALLS_IN_BINS_RDP_WORK), targetEpsilon, 'balls-in-bins');
      break;
    }
    case 'truncated-poisson': {
      // When the cap rarely binds (p_T ≤ 1e-3 per step), the Poisson σ at the same rate (cheap, to
      // 1e-4) starts the search: the two σ are then close (2.6e-4 apart at N = 10⁴, b = 100,
      // B = 150) and the search takes about five truncated-Poisson evaluations instead of ten. A cap
      // that binds often moves σ far (B = 1.2b: +60 %), where the plain bracket is quicker. The
      // contract does not rest on the start.
      let start: number | undefined;
      if (truncationParameters(q, r.maxBatchSize as number, r.datasetSize).truncationProbability <= 1e-3) {
        try {
          start = calibrate(q, r.neighbouring, 1e-4);
        } catch {
          start = undefined; // no Poisson σ in its search range: search from scratch
        }
      }
      sigma = calibrateByBisection(charged((s) => truncatedPoissonEpsilonWithMethod({ samplingRate: q, maxBatchSize: r.maxBatchSize as number, datasetSize: r.datasetSize, noiseMultiplier: s, steps: r.steps }, delta, r.neighbouring, undefined, tiltedCharge).epsilon, samplerEvaluationWork(r)), targetEpsilon, 'truncated-poisson', 1e-5, start);
      break;
    }
    case 'shuffle':
      // only the no-amplification bound is a guarantee: calibrate on it, never on the lower bound
      sigma = calibrate(1, r.neighbouring, undefined, epochsOf(r).epochs);
      break;
  }
  const { maxBatchSize, ...rest } = r;
  const full: SamplerRun = maxBatchSize === undefined ? { ...rest, noiseMultiplier: sigma } : { ...rest, maxBatchSize, noiseMultiplier: sigma };
  chargeWork(meter, samplerEpsilonWork(r), `the ${r.sampler} ε at the calibrated σ`);
  return { noiseMultiplier: sigma, epsilon: samplerEpsilonCounted(full, delta, 'pld', tiltedCharge), work: meter.used };
}

/**
 * The mechanism event of a run: Poisson → `dpSgdEvent`; fixed-size → T fixed-size steps;
 * truncated Poisson → T truncated steps (rate b/N); balls-in-bins → ⌈T/k⌉ epochs of
 * k = `run.batchesPerEpoch` batches (default ⌈N/b⌉; a partial epoch counts as a whole one, which
 * only adds releases), each one Gaussian release: the ledger accountants price it without
 * amplification, a valid but looser guarantee than `samplerEpsilon`'s, which also credits random
 * allocation (its RDP bound is not a ledger step). Throws a typed error for `shuffle`,
 * which has no event (only a lower bound is known).
 *
 * @example samplerEvent({ sampler: 'poisson', datasetSize: 1000, batchSize: 10, noiseMultiplier: 1, steps: 100 })
 */
export function samplerEvent(run: SamplerRun): MechanismEvent {
  const r = requireRun(run, true);
  const q = r.batchSize / r.datasetSize;
  const g = gaussianEvent(r.noiseMultiplier);
  switch (r.sampler) {
    case 'poisson':
      return dpSgdEvent({ samplingRate: q, noiseMultiplier: r.noiseMultiplier, steps: r.steps });
    case 'fixed-size':
      return selfComposedEvent(fixedSizeSampledEvent({ batchSize: r.batchSize, datasetSize: r.datasetSize, event: g }), r.steps);
    case 'truncated-poisson':
      return selfComposedEvent(truncatedPoissonSampledEvent({ samplingRate: q, maxBatchSize: r.maxBatchSize as number, datasetSize: r.datasetSize, event: g }), r.steps);
    case 'balls-in-bins':
      return ballsInBinsEvent({ datasetSize: r.datasetSize, batchSize: r.batchSize, batchesPerEpoch: r.batchesPerEpoch as number, epochs: epochsOf(r).epochs, noiseMultiplier: r.noiseMultiplier });
    case 'shuffle':
      throw new DpboundsTypeError({ code: 'ERR_UNSUPPORTED_EVENT', parameter: 'sampler', expected: 'a sampler with a mechanism event (shuffle has none: only a lower bound on its ε is known)', found: 'shuffle' });
  }
}

const SUPPORT: Readonly<Record<BatchSampler, { relations: readonly NeighbouringRelation[]; epsilonKind: ResultKind; summary: string }>> = Object.freeze({
  poisson: { relations: Object.freeze(['add-remove', 'substitution'] as const), epsilonKind: 'guarantee', summary: 'each record joins each batch independently with probability b/N; every accountant prices it' },
  'fixed-size': { relations: Object.freeze(['add-remove', 'substitution'] as const), epsilonKind: 'guarantee', summary: 'b distinct records per step; priced as Poisson at b/N with sensitivity 2 (symmetrised under substitution)' },
  shuffle: { relations: Object.freeze(['add-remove', 'substitution'] as const), epsilonKind: 'lower-bound', summary: 'a random permutation per epoch cut into batches; only lower bounds on its ε are known' },
  'balls-in-bins': { relations: Object.freeze(['add-remove', 'substitution'] as const), epsilonKind: 'guarantee', summary: 'each record in one random batch per epoch; guaranteed through the random-allocation RDP (or one release per epoch when smaller), with the Poisson ε at rate 1/k as an estimate beside it' },
  'truncated-poisson': { relations: Object.freeze(['add-remove', 'substitution'] as const), epsilonKind: 'guarantee', summary: 'Poisson batches capped at a maximum size; priced by a two-part mixture PLD' },
});

/**
 * Which relations a sampler supports, the kind of its ε and a one-line summary.
 *
 * @example samplerSupport('fixed-size').epsilonKind // 'guarantee'
 */
export function samplerSupport(s: BatchSampler): { relations: readonly NeighbouringRelation[]; epsilonKind: ResultKind; summary: string } {
  return SUPPORT[requireSampler(s)];
}
