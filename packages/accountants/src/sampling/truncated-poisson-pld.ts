/**
 * Truncated Poisson sampling (Poisson at rate q over N records; a batch larger than B is cut to
 * a uniformly random subset of B) with the Gaussian mechanism, priced as in dp_accounting's
 * `from_truncated_subsampled_gaussian_mechanism` (arXiv:2508.15089, 2025): with probability
 * p_T = P[Bin(N − 1, q) ≥ B] the batch holding the record is truncated and the step is bounded by
 * the substitution pair (sensitivity 2, noise multiplier σ/2) at the conditional inclusion rate
 * q_T = P[Bin(N, q) > B]·B/(p_T·N); otherwise it is the Poisson step (q, σ). The step's PLD is the
 * mixture of the two pessimistic PLDs (docs/math/batch-samplers.md, eq. (5)), then composed T
 * times by FFT. Both parts are connect-the-dots, so the result is an upper bound of the analysis.
 * For δ at or below what the composed grid resolves (its mass at +∞, or its FFT float noise),
 * the mixtures are rebuilt with smaller x-tail truncation and composed by exponential tilting,
 * every rounding bounded (docs/math/pld-tiny-delta.md), as the PLD accountant does; below what
 * tilting resolves (δ ≲ T·10⁻³⁰⁴), the Rényi bound of the same mixture (truncated-poisson-rdp.ts).
 */
import { binomialSf, requireInRange, requireInteger } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { requireNeighbouring } from '../accountant.js';
import { requireBatchWithinDataset, requireOptions } from '../events/validate-event.js';
import { connectTheDotsGrid, connectTheDotsPld } from '../pld/connect-the-dots.js';
import { pldEpsilonAt, type DiscretePld } from '../pld/discrete-pld.js';
import { autoDiscretizationInterval } from '../pld/pld-accountant.js';
import type { PsgDirection } from '../pld/psg-privacy-loss.js';
import { DEFAULT_LOG_MASS_TRUNCATION, fitStepToBudget, tiltedEpsilonCoarsened, tinyDeltaLogMassTruncation, unresolvedDeltaOf } from '../pld/tiny-delta.js';
import { DEFAULT_PLD_MAX_GRID_POINTS } from '../pld/work-budget.js';
import type { PldGroup } from '../pld/fft-composition.js';
import { chernoffEpsilon, type TiltedCompositionHook } from '../pld/tilted-tail.js';
import { composeWithinBudget } from './compose-within-budget.js';
import { mixPlds } from './mix-plds.js';
import { truncatedPoissonRdpEpsilon } from './truncated-poisson-rdp.js';

/** A truncated-Poisson DP-SGD run. */
export interface TruncatedPoissonRun {
  /** Poisson rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Cap B on the batch size (integer, 1 ≤ B ≤ N). */
  readonly maxBatchSize: number;
  /** Number of records N. */
  readonly datasetSize: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of steps T ≥ 1. */
  readonly steps: number;
}

/**
 * The truncation probability p_T and conditional inclusion rate q_T of one step (see the module comment).
 *
 * @example truncationParameters(0.01, 12, 1000) // { truncationProbability: ≈0.3015, conditionalRate: ≈0.00826 }
 */
export function truncationParameters(samplingRate: number, maxBatchSize: number, datasetSize: number): { truncationProbability: number; conditionalRate: number } {
  requireInRange('samplingRate', samplingRate, { min: 0, max: 1 });
  requireBatchWithinDataset('', maxBatchSize, datasetSize, 'maxBatchSize');
  const pT = binomialSf(maxBatchSize - 1, datasetSize - 1, samplingRate);
  if (!(pT > 0)) return { truncationProbability: 0, conditionalRate: 0 };
  const qT = Math.min(1, (binomialSf(maxBatchSize, datasetSize, samplingRate) * maxBatchSize) / (pT * datasetSize));
  return { truncationProbability: Math.min(1, pT), conditionalRate: qT };
}

/** The directions priced for a relation and, per direction, the Poisson part's direction. */
function directionsFor(neighbouring: NeighbouringRelation): readonly PsgDirection[] {
  return neighbouring === 'substitution' ? ['replace'] : ['remove', 'add'];
}

/** Options of {@link truncatedPoissonPlds}. */
export interface TruncatedPoissonOptions {
  /** Grid step h > 0 (default: the PLD accountant's automatic step for the two parts). */
  readonly valueDiscretizationInterval?: number;
}

/** Largest grid step of the connect-the-dots construction (as the PLD accountant's). */
const MAX_H = 10;

/** A validated run: the Poisson part, the steps, the directions priced and, per data-set size, the truncated part. */
interface TruncatedPoissonSetup {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly neighbouring: NeighbouringRelation;
  readonly directions: readonly PsgDirection[];
  /** Per data-set size (N, and N + 1 under add-remove): p_T and q_T. */
  readonly mixtures: readonly { readonly truncationProbability: number; readonly conditionalRate: number }[];
  /** The grid step requested (the option, or the automatic one). */
  readonly h: number;
}

/** Validates a run (in the order the parameters are named) and derives its parts. */
function truncatedPoissonSetup(run: TruncatedPoissonRun, neighbouring: NeighbouringRelation, options: TruncatedPoissonOptions | undefined): TruncatedPoissonSetup {
  requireOptions('run', run, ['samplingRate', 'maxBatchSize', 'datasetSize', 'noiseMultiplier', 'steps'], false);
  requireNeighbouring(neighbouring);
  const o = requireOptions<TruncatedPoissonOptions>('options', options, ['valueDiscretizationInterval']);
  const q = requireInRange('samplingRate', run.samplingRate, { min: 0, minExclusive: true, max: 1 });
  const sigma = requireInRange('noiseMultiplier', run.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', run.steps, { min: 1 });
  // N and B are checked before N + 1 is formed (a BigInt or Symbol would throw a plain TypeError there)
  requireBatchWithinDataset('', run.maxBatchSize, run.datasetSize, 'maxBatchSize');
  // Under add-remove the data set holding the record has N records (removal from the user's data)
  // or N + 1 (addition to it); the larger one truncates more often, so both are priced.
  const sizes = neighbouring === 'substitution' ? [run.datasetSize] : [run.datasetSize, run.datasetSize + 1];
  const mixtures = sizes.map((size) => truncationParameters(q, run.maxBatchSize, size));
  const parts = [{ samplingRate: q, noiseMultiplier: sigma, count: steps }];
  for (const { truncationProbability: pT, conditionalRate: qT } of mixtures) if (pT > 0 && qT > 0) parts.push({ samplingRate: qT, noiseMultiplier: sigma / 2, count: steps });
  const h = o.valueDiscretizationInterval === undefined ? autoDiscretizationInterval(parts, 'substitution') : requireInRange('valueDiscretizationInterval', o.valueDiscretizationInterval, { min: 0, minExclusive: true, max: 1 });
  return { samplingRate: q, noiseMultiplier: sigma, steps, neighbouring, directions: directionsFor(neighbouring), mixtures, h };
}

/**
 * The one-step mixture PLDs (5) on grid step h with each x tail cut at log mass
 * `logMassTruncation`: per data-set size, one per direction. Each part is discretised once: the
 * Poisson part of a direction is the same for both sizes, the truncated part of a size the same
 * for both directions.
 */
function oneStepMixtures(setup: TruncatedPoissonSetup, h: number, logMassTruncation: number): DiscretePld[] {
  const { samplingRate: q, noiseMultiplier: sigma } = setup;
  const options = { h, logMassTruncation };
  const poissons = new Map(setup.directions.map((d) => [d, connectTheDotsPld(d, q, sigma, options)] as const));
  return setup.mixtures.flatMap(({ truncationProbability: pT, conditionalRate: qT }) => {
    const truncated = pT > 0 && qT > 0 ? connectTheDotsPld('replace', qT, sigma / 2, options) : undefined;
    return setup.directions.map((d) => {
      const poisson = poissons.get(d) as DiscretePld;
      return truncated === undefined ? poisson : mixPlds(truncated, poisson, pT);
    });
  });
}

/** Grid points of the widest one-step mixture at step h: the union of its two parts' loss ranges (NaN when not finite). */
function mixtureGridPoints(setup: TruncatedPoissonSetup, h: number, logMassTruncation: number): number {
  const { samplingRate: q, noiseMultiplier: sigma } = setup;
  const truncated = setup.mixtures.filter((m) => m.truncationProbability > 0 && m.conditionalRate > 0).map((m) => connectTheDotsGrid('replace', m.conditionalRate, sigma / 2, h, logMassTruncation));
  let widest = 0;
  for (const d of setup.directions) {
    const poisson = connectTheDotsGrid(d, q, sigma, h, logMassTruncation);
    for (const part of truncated.length === 0 ? [poisson] : truncated) {
      const points = Math.ceil(Math.max(poisson.lossMax, part.lossMax) / h) - Math.floor(Math.min(poisson.lossMin, part.lossMin) / h) + 1;
      widest = Number.isNaN(points) || Number.isNaN(widest) ? Number.NaN : Math.max(widest, points);
    }
  }
  return widest;
}

/**
 * The composed pessimistic PLDs of a truncated Poisson run: under substitution one (replace);
 * under add-remove four (remove and add, for a larger data set of N and of N + 1 records: the
 * addition neighbour truncates more often). The grid step is `valueDiscretizationInterval` or the PLD accountant's automatic
 * one for the two parts, coarsened (×1.5 at a time, still pessimistic) until the composition fits 2²² bins.
 *
 * @example truncatedPoissonPlds({ samplingRate: 0.01, maxBatchSize: 12, datasetSize: 1000, noiseMultiplier: 1, steps: 100 }, 'add-remove')
 */
export function truncatedPoissonPlds(run: TruncatedPoissonRun, neighbouring: NeighbouringRelation, options?: TruncatedPoissonOptions): DiscretePld[] {
  return composedMixtures(truncatedPoissonSetup(run, neighbouring, options));
}

/** The T-fold compositions of the one-step mixtures (x tails cut at the default e^{−50}) by FFT within the work budget. */
function composedMixtures(setup: TruncatedPoissonSetup): DiscretePld[] {
  return composeWithinBudget((step) => oneStepMixtures(setup, step, DEFAULT_LOG_MASS_TRUNCATION), setup.h, setup.steps);
}

/**
 * ε(δ) of the run by exponential tilting (docs/math/pld-tiny-delta.md), from grid step h: the
 * one-step mixtures rebuilt with the x tails cut at max(−700, log(10⁻³·δ/T)) (h grown while one
 * step exceeds the work budget), each composed T times by tilting, ×4 coarser up to 4⁴ while its
 * tilted window exceeds 2²² bins, and the smaller of that and the Chernoff bound of the finest
 * grid (both bound the same kind of discretised pair); the largest over directions and data-set
 * sizes. A guarantee for that (pessimistic) discretisation of (5). Undefined when some mixture can
 * be neither tilted nor bounded (δ at or below its mass at +∞, or no grid fits).
 * `beforeComposition` sees the width of each tilted composition before it runs.
 */
function tiltedEpsilonOfSetup(setup: TruncatedPoissonSetup, delta: number, h: number, beforeComposition?: TiltedCompositionHook): number | undefined {
  const logMassTruncation = tinyDeltaLogMassTruncation(delta, setup.steps, DEFAULT_LOG_MASS_TRUNCATION);
  // one set of one-step mixtures per coarsening, shared by every mixture's tilting
  const built = new Map<number, DiscretePld[] | undefined>();
  const stepsAt = (coarsening: number): DiscretePld[] | undefined => {
    if (!built.has(coarsening)) {
      const step = fitStepToBudget(h * coarsening, (s) => mixtureGridPoints(setup, s, logMassTruncation), DEFAULT_PLD_MAX_GRID_POINTS, MAX_H);
      built.set(coarsening, step === undefined ? undefined : oneStepMixtures(setup, step, logMassTruncation));
    }
    return built.get(coarsening);
  };
  const count = setup.mixtures.length * setup.directions.length;
  let epsilon = -Infinity;
  for (let i = 0; i < count; i++) {
    let coarsest = 1;
    const tilted = tiltedEpsilonCoarsened((coarsening) => {
      coarsest = coarsening;
      const pld = stepsAt(coarsening)?.[i];
      return pld === undefined ? undefined : [{ pld, count: setup.steps }];
    }, delta, DEFAULT_PLD_MAX_GRID_POINTS, beforeComposition);
    // the Chernoff bound of the finest grid, a guarantee too: it binds where the tilted window
    // sits above the answer (a mixture whose sensitivity-2 part dominates the tail). A tilted
    // answer on the finest grid already is at most that bound (tiltedEpsilon takes it on its
    // groups): its λ scan is not done twice.
    const finest = tilted !== undefined && coarsest === 1 ? undefined : stepsAt(1)?.[i];
    const chernoff = finest === undefined ? undefined : chernoffEpsilon([{ pld: finest, count: setup.steps }], delta);
    if (tilted === undefined && chernoff === undefined) return undefined;
    epsilon = Math.max(epsilon, Math.min(tilted ?? Infinity, chernoff ?? Infinity));
  }
  return epsilon;
}

/**
 * ε(δ) of the run by tilting alone, from the requested grid step (the automatic one, or
 * `valueDiscretizationInterval`), at any δ ∈ (0, 1); undefined where tilting cannot answer. For
 * tests: it lets the tilted path be compared with the FFT composition at a δ both resolve.
 * Module-internal (not exported by the package).
 *
 * @example truncatedPoissonTiltedEpsilon({ samplingRate: 0.01, maxBatchSize: 120, datasetSize: 10_000, noiseMultiplier: 1, steps: 50 }, 1e-10)
 */
export function truncatedPoissonTiltedEpsilon(run: TruncatedPoissonRun, delta: number, neighbouring: NeighbouringRelation = 'add-remove', options?: TruncatedPoissonOptions): number | undefined {
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const setup = truncatedPoissonSetup(run, neighbouring, options);
  return tiltedEpsilonOfSetup(setup, delta, setup.h);
}

/**
 * What the FFT composition answers: ε(δ) when δ is above the δ its grid resolves (the largest over
 * the composed PLDs of max(mass at +∞, 2.2e-16 × bins)), else undefined; and the grid step it
 * used (the requested one, coarsened if the work budget demanded it).
 */
function composedEpsilon(setup: TruncatedPoissonSetup, delta: number): { epsilon: number | undefined; h: number } {
  const plds = composedMixtures(setup);
  const floor = Math.max(...plds.map((pld) => unresolvedDeltaOf(pld.infinityMass, pld.probs.length)));
  const h = (plds[0] as DiscretePld).h;
  return { epsilon: delta > floor ? Math.max(0, ...plds.map((pld) => pldEpsilonAt(pld, delta))) : undefined, h };
}

/** How {@link truncatedPoissonEpsilonWithMethod} answered: the FFT composition, exponential tilting, or the RDP bound. */
export type TruncatedPoissonMethod = 'pld' | 'pld-tilted' | 'rdp-fallback';

/**
 * ε(δ) of a truncated Poisson run: the largest over directions (and, under add-remove, data-set
 * sizes) of the composed mixture PLDs' ε, an upper bound of dp_accounting's analysis
 * (connect-the-dots, and the FFT window's mass moved to +∞).
 *
 * At δ at or below what the composed grid resolves (its mass at +∞, at least the window's 10⁻¹⁵,
 * or 2.2e-16 per bin of FFT float noise), the one-step mixtures are rebuilt with the x tails cut
 * at max(−700, log(10⁻³·δ/T)) and composed by exponential tilting, every rounding bounded and
 * added (docs/math/pld-tiny-delta.md; the PLD accountant's method): still a guarantee, for every
 * δ above about T·10⁻³⁰⁴. Below that (the mass the discretisation moves to +∞ exceeds δ), or where
 * no tilted window fits 2²² bins even 4⁴× coarser, ε is the RDP bound of the same analysis
 * (`truncatedPoissonRdpEpsilon`: the flagged mixture's Rényi moments, the sensitivity-2 part by
 * the weak triangle inequality), a looser guarantee, finite for every δ > 0.
 *
 * @example truncatedPoissonEpsilon({ samplingRate: 256 / 60_000, maxBatchSize: 300, datasetSize: 60_000, noiseMultiplier: 1.1, steps: 1000 }, 1e-5)
 */
export function truncatedPoissonEpsilon(run: TruncatedPoissonRun, delta: number, neighbouring: NeighbouringRelation = 'add-remove', options?: TruncatedPoissonOptions): number {
  return truncatedPoissonEpsilonWithMethod(run, delta, neighbouring, options).epsilon;
}

/**
 * {@link truncatedPoissonEpsilon} with the method that answered: `pld` (the FFT composition),
 * `pld-tilted` (δ below what it resolves: exponential tilting) or `rdp-fallback` (δ below what
 * tilting resolves, or no tilted grid fits: the RDP bound of the same mixture). Same validation.
 * Read by `samplerEpsilon` for its `method`; module-internal (not exported by the package).
 * `beforeTiltedComposition` sees the width of each tilted composition before it runs: the
 * sampler calibration charges it to its work budget (a tilted evaluation costs 10–25 times an
 * FFT one, which its fixed charge did not count).
 *
 * @example truncatedPoissonEpsilonWithMethod({ samplingRate: 0.01, maxBatchSize: 120, datasetSize: 10_000, noiseMultiplier: 1, steps: 50 }, 1e-16) // { epsilon: ≈14.17, method: 'pld-tilted' }
 */
export function truncatedPoissonEpsilonWithMethod(
  run: TruncatedPoissonRun,
  delta: number,
  neighbouring: NeighbouringRelation = 'add-remove',
  options?: TruncatedPoissonOptions,
  beforeTiltedComposition?: TiltedCompositionHook,
): { epsilon: number; method: TruncatedPoissonMethod } {
  if (options !== undefined) requireOptions('options', options, ['valueDiscretizationInterval']);
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const setup = truncatedPoissonSetup(run, neighbouring, options);
  const composed = composedEpsilon(setup, delta);
  if (composed.epsilon !== undefined) return { epsilon: composed.epsilon, method: 'pld' };
  // below the grid's floor the composed value is +∞ or inside its float noise (not certified): tilt
  const tilted = tiltedEpsilonOfSetup(setup, delta, composed.h, beforeTiltedComposition);
  if (tilted !== undefined) return { epsilon: Math.max(0, tilted), method: 'pld-tilted' };
  // below what tilting resolves (δ ≲ T·1e-304) or no tilted grid fits: the RDP bound of the same analysis
  return { epsilon: truncatedPoissonRdpEpsilon(setup, setup.steps, delta, setup.neighbouring), method: 'rdp-fallback' };
}
