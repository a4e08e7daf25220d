/**
 * `dpbounds calibrate --target-epsilon ε --sampling <sampler>`: the σ that meets the target for the
 * batches the loop actually draws (`samplerNoiseMultiplier` of @dpbounds/accountants), the Poisson
 * σ at the same rate beside it, and, where the sampler has a proven lower bound on its ε, the σ
 * below which the target is provably missed (a lower bound on the σ any run needs; for samplers
 * whose ε is an estimate or a lower bound).
 */
import { samplerEpsilon, samplerNoiseMultiplier, shuffleEpsilonLowerBound } from '@dpbounds/accountants';
import type { SamplerEpsilon, SamplerRun } from '@dpbounds/accountants';
import { DEFAULT_CALIBRATION_MAX_WORK, maxTestLowerBoundWork, samplerCalibrationWorkEstimate } from '@dpbounds/accountants/advanced';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { CommandIo, CommandResult } from '../command.js';
import { choice, optionalNumber, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber } from '../format.js';
import { createProgress } from '../progress.js';
import { epsilonWords, samplerEpsilonJson, samplerName } from '../report/sampler-words.js';
import { UsageError } from '../usage-error.js';
import { samplerRunOf } from './sampling-flags.js';
import type { SamplingChoice } from './sampling-flags.js';

/**
 * Most --steps a truncated-Poisson σ search prices: each of its 20–30 evaluations of ε(σ) mixes
 * and composes T steps' PLDs (about 14 s of CPU for the whole search at 10⁶ steps, 77 s at 10⁷).
 */
export const TRUNCATED_POISSON_MAX_CALIBRATION_STEPS = 1_000_000;

/** Largest --target-epsilon calibrated for a sampler. */
const MAX_TARGET_EPSILON = 100;

/** Smallest σ the lower-bound search tries (below it the PLD grids get expensive and no run uses it). */
const SMALLEST_SIGMA = 0.1;

/**
 * The lower-bound σ search's work budget, in composition rounds: each evaluation of the lower
 * bound composes E epochs in ⌈log₂(E + 1)⌉ rounds (each within the PLD grid budget), and the
 * search stops, reporting no such σ, before it would pass this total. 24 evaluations of a run of
 * 10⁴ epochs fit (about 25 s of CPU); a run of 10⁷ epochs gets 14, where a walk down to σ = 0.1
 * in 10 % steps once took about 100 (minutes of CPU).
 */
export const LOWER_BOUND_WORK_ROUNDS: number = 24 * 14;

/** Evaluations of the lower bound that fit {@link LOWER_BOUND_WORK_ROUNDS} for a run of `epochs` epochs (at least 8). */
export function lowerBoundMaxEvaluations(epochs: number): number {
  return Math.max(8, Math.floor(LOWER_BOUND_WORK_ROUNDS / Math.max(1, Math.ceil(Math.log2(epochs + 1)))));
}

/** Default evaluation cap of {@link lowerBoundNoiseMultiplier}. */
export const LOWER_BOUND_MAX_EVALUATIONS = 24;

/** The first steps down from the start are 10 % (the crossing is usually near it), then halvings. */
const TEN_PERCENT_STEPS = 4;

/**
 * The σ at which a decreasing lower bound on ε crosses `target` (to 1e-3 relative, from below): any smaller σ
 * has lower bound > target, so no run with it meets the target. `undefined` when the lower bound
 * stays at or below the target down to σ = 0.1 (no such σ ≥ 0.1 is known), or when finding it
 * would take more than `maxEvaluations` evaluations (`budget.exhausted` is then set). `start` is
 * a σ whose lower bound is at most the target (e.g. the calibrated σ).
 *
 * @example lowerBoundNoiseMultiplier((s) => 2 / s, 1, 4) // ≈ 2 (just below)
 */
export function lowerBoundNoiseMultiplier(
  lowerBound: (sigma: number) => number,
  target: number,
  start: number,
  budget: { evaluations: number; exhausted: boolean } = { evaluations: 0, exhausted: false },
  maxEvaluations: number = LOWER_BOUND_MAX_EVALUATIONS,
): number | undefined {
  class Exhausted extends Error {}
  const counted = (sigma: number): number => {
    if (budget.evaluations >= maxEvaluations) throw new Exhausted();
    budget.evaluations++;
    return lowerBound(sigma);
  };
  try {
    let hi = start;
    for (let i = 0; counted(hi) > target; i++) {
      if (i >= 20) return undefined;
      hi *= 2;
    }
    // 10 % steps down, then halvings: the lower bound usually crosses close to the calibrated σ,
    // and every evaluation is a PLD composition (the cost grows as σ shrinks)
    let step = 0;
    let lo = Math.max(SMALLEST_SIGMA, 0.9 * hi);
    while (counted(lo) <= target) {
      if (lo <= SMALLEST_SIGMA) return undefined;
      hi = lo;
      step++;
      lo = Math.max(SMALLEST_SIGMA, (step < TEN_PERCENT_STEPS ? 0.9 : 0.5) * lo);
    }
    // lowerBound(lo) > target ≥ lowerBound(hi): keep the bracket and return its lower end, so every
    // σ at or below the answer provably misses the target
    while (hi - lo > 1e-3 * hi) {
      const mid = 0.5 * (lo + hi);
      if (counted(mid) > target) lo = mid;
      else hi = mid;
    }
    return lo;
  } catch (error) {
    if (!(error instanceof Exhausted)) throw error;
    budget.exhausted = true;
    return undefined;
  }
}

function runWithSigma(run: Omit<SamplerRun, 'noiseMultiplier'>, sigma: number): SamplerRun {
  return { ...run, noiseMultiplier: sigma };
}

/** Smallest --max-work: one evaluation of a short run (the library's floor). */
const MIN_MAX_WORK = 2 ** 12;

/** The `calibrate` work budget: --max-work (grid points), or the library's default 2²⁷ (about 15 s of CPU). */
export function maxWorkOf(flags: ParsedFlags): number {
  return optionalNumber(flags, 'max-work', { min: MIN_MAX_WORK, integer: true }) ?? DEFAULT_CALIBRATION_MAX_WORK;
}

/** The parts of a sampler calibration the work budget is estimated on before any work. */
export interface SamplerCalibrationWork {
  /** The sampler's σ search and its ε at the answer. */
  readonly own: number;
  /** The Poisson σ search at q = b/N beside it (0 for Poisson, which is its own). */
  readonly poisson: number;
  /** The fewest evaluations of the lower bound its σ search makes (shuffle, whose ε is a lower bound), 0 for the others. */
  readonly lowerBound: number;
  /** One evaluation of the lower bound. */
  readonly lowerBoundEvaluation: number;
}

/**
 * The estimate, before any work, of `calibrate --sampling` (sampler-calibration-work.ts of
 * @dpbounds/accountants): the sampler's search, the Poisson search and, for shuffle, the
 * {@link LOWER_BOUND_MIN_EVALUATIONS} evaluations of the lower bound its σ search needs at least.
 *
 * @example samplerCalibrationWork({ sampler: 'shuffle', datasetSize: 10_000, batchSize: 100, steps: 1e9 })
 */
export function samplerCalibrationWork(run: Omit<SamplerRun, 'noiseMultiplier'>): SamplerCalibrationWork {
  const own = samplerCalibrationWorkEstimate(run);
  const { maxBatchSize: _cap, batchesPerEpoch: _k, ...poissonRun } = run;
  const poisson = run.sampler === 'poisson' ? 0 : samplerCalibrationWorkEstimate({ ...poissonRun, sampler: 'poisson' });
  const k = run.batchesPerEpoch ?? Math.ceil(run.datasetSize / run.batchSize);
  const lowerBoundEvaluation = maxTestLowerBoundWork(Math.floor(run.steps / k));
  const lowerBound = run.sampler === 'shuffle' ? LOWER_BOUND_MIN_EVALUATIONS * lowerBoundEvaluation : 0;
  return { own, poisson, lowerBound, lowerBoundEvaluation };
}

/** The lower-bound search's fewest evaluations: its bracket and a bisection from 10 % to 10⁻³ (the floor of {@link lowerBoundMaxEvaluations}). */
const LOWER_BOUND_MIN_EVALUATIONS = 8;

/**
 * The refusal of a calibration past the work budget, naming --steps with the limit and the value found.
 *
 * @example workRefusal(1e9, 2 ** 27, 'estimated at 2e8 before it starts').message
 */
export function workRefusal(steps: number, maxWork: number, needed: string): UsageError {
  return new UsageError(
    `--steps must be small enough for the calibration's work budget, --max-work ${maxWork} grid points (${maxWork === DEFAULT_CALIBRATION_MAX_WORK ? 'the default, about 15 s of CPU' : `the default ${DEFAULT_CALIBRATION_MAX_WORK} is about 15 s of CPU`}; ${needed}); found ${steps}. Lower --steps, or raise --max-work`,
  );
}

/** `calibrate --target-epsilon` for a sampler given with --batch-size / --dataset-size. */
export function calibrateSamplerEpsilon(flags: ParsedFlags, io: CommandIo, sampling: SamplingChoice): CommandResult {
  // above ε = 100 a guarantee promises nothing (e^ε overflows any likelihood ratio worth bounding), and σ → 0 makes the PLD grids explode
  const target = requiredNumber(flags, 'target-epsilon', { min: 0, minExclusive: true, max: MAX_TARGET_EPSILON });
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const accountant = choice(flags, 'accountant', ['pld', 'rdp', 'prv', 'gdp'] as const, 'pld');
  if (accountant !== 'pld') throw new UsageError(`--sampling ${sampling.sampler} with --batch-size/--dataset-size is calibrated with --accountant pld only; found --accountant ${accountant}`);
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  if (sampling.sampler === 'truncated-poisson' && steps > TRUNCATED_POISSON_MAX_CALIBRATION_STEPS) {
    throw new UsageError(
      `--steps must be at most ${TRUNCATED_POISSON_MAX_CALIBRATION_STEPS} for calibrate --sampling truncated-poisson (the σ search's work budget: each of its 20–30 evaluations composes every step's mixture PLD); found ${steps}. Price a given σ with dpbounds dp --sampling truncated-poisson, or calibrate --sampling poisson for the uncapped loop`,
    );
  }
  const maxWork = maxWorkOf(flags);
  const { noiseMultiplier: _unused, ...run } = samplerRunOf(sampling, 1, steps, neighbouring);
  // the whole command's work, estimated before any: a run that cannot fit is refused at once
  const plan = samplerCalibrationWork(run);
  const estimated = plan.own + plan.poisson + plan.lowerBound;
  if (estimated > maxWork) {
    const parts = [`${plan.own} for the ${sampling.sampler} σ search`, ...(plan.poisson > 0 ? [`${plan.poisson} for the Poisson σ search`] : []), ...(plan.lowerBound > 0 ? [`${plan.lowerBound} for ${LOWER_BOUND_MIN_EVALUATIONS} evaluations of the lower bound`] : [])];
    throw workRefusal(steps, maxWork, `estimated at ${estimated} before it starts: ${parts.join(', ')}`);
  }
  const progress = createProgress(io, 'calibrate', 3, { eager: true });
  let own: { noiseMultiplier: number; epsilon: SamplerEpsilon; work: number };
  let poisson: { noiseMultiplier: number; epsilon: SamplerEpsilon; work: number };
  let lowerSigma: number | undefined;
  const lowerBudget = { evaluations: 0, exhausted: false };
  let lowerMax = LOWER_BOUND_MAX_EVALUATIONS;
  let byWork = false;
  let used = 0;
  // what is left of the budget for the next search (the library refuses past it, naming steps)
  const left = (): number => {
    if (maxWork - used < MIN_MAX_WORK) throw workRefusal(steps, maxWork, `${used} counted by the σ searches, too little left for the next`);
    return maxWork - used;
  };
  // a search the library refuses on what is left: said against the user's --max-work and what was counted before it
  const within = <T>(search: string, run: () => T): T => {
    try {
      return run();
    } catch (error) {
      if (isDpboundsError(error) && error.parameter === 'steps' && error.message.includes('work budget')) {
        throw workRefusal(steps, maxWork, `${used} counted before the ${search}, which needs more than the ${maxWork - used} left`);
      }
      throw error;
    }
  };
  try {
    progress.stage(`searching σ for ${sampling.sampler}`);
    own = within(`${sampling.sampler} σ search`, () => samplerNoiseMultiplier(run, { epsilon: target, delta, maxWork: left() }));
    used += own.work;
    progress.update(1);
    progress.stage('searching σ for Poisson at q = b/N');
    const { maxBatchSize: _cap, batchesPerEpoch: _k, ...poissonRun } = run;
    if (sampling.sampler === 'poisson') poisson = own;
    else {
      poisson = within('Poisson σ search', () => samplerNoiseMultiplier({ ...poissonRun, sampler: 'poisson' }, { epsilon: target, delta, maxWork: left() }));
      used += poisson.work;
    }
    progress.update(2);
    progress.stage('searching σ where the lower bound reaches the target');
    // epochs for the epoch-based samplers (shuffle, balls-in-bins), steps otherwise
    lowerMax = lowerBoundMaxEvaluations(Math.ceil(steps / (own.epsilon.batchesPerEpoch ?? 1)));
    // only where the sampler's ε is not a guarantee: for the others the lower bound is the
    // accountant's discretisation bracket, a few PLD compositions for nothing new
    if (own.epsilon.lower !== undefined && own.epsilon.epsilon.kind !== 'guarantee') {
      // each evaluation is charged before it runs; the search stops (and says so) where the work left ends
      const byBudget = Math.floor((maxWork - used) / plan.lowerBoundEvaluation);
      byWork = byBudget < lowerMax;
      lowerMax = Math.min(lowerMax, byBudget);
      const k = own.epsilon.batchesPerEpoch;
      // shuffle's ε is its lower bound itself: priced alone, without the Poisson and guarantee compositions of samplerEpsilon
      const lowerAt = sampling.sampler === 'shuffle' && k !== undefined
        ? (s: number): number => shuffleEpsilonLowerBound({ datasetSize: run.datasetSize, batchSize: run.batchSize, batchesPerEpoch: k, noiseMultiplier: s, steps, neighbouring }, delta).value
        : (s: number): number => samplerEpsilon(runWithSigma(run, s), delta).lower?.value ?? 0; // no other sampler's ε is a lower bound today
      lowerSigma = lowerBoundNoiseMultiplier(lowerAt, target, own.noiseMultiplier, lowerBudget, lowerMax);
      used += lowerBudget.evaluations * plan.lowerBoundEvaluation;
    }
    progress.update(3);
  } finally {
    progress.finish();
  }
  const s = own.epsilon;
  // the σ is a guarantee when the value it was calibrated on is one (the sampler's ε, or its proven upper bound)
  const guaranteed = s.epsilon.kind === 'guarantee' ? s.epsilon : s.upper !== undefined && s.upper.value <= target ? s.upper : undefined;
  const calibratedOn = s.epsilon.kind === 'lower-bound' && guaranteed !== undefined ? guaranteed : s.epsilon;
  const json = {
    sampling: sampling.sampler,
    noiseMultiplier: own.noiseMultiplier,
    noiseMultiplierKind: guaranteed !== undefined && calibratedOn === guaranteed ? 'guarantee' : calibratedOn.kind,
    target,
    delta,
    achieved: calibratedOn.value,
    achievedKind: calibratedOn.kind,
    method: calibratedOn.method,
    accountant,
    neighbouring,
    datasetSize: run.datasetSize,
    batchSize: run.batchSize,
    ...(run.maxBatchSize === undefined ? {} : { maxBatchSize: run.maxBatchSize }),
    steps,
    ...(s.batchesPerEpoch === undefined ? {} : { batchesPerEpoch: s.batchesPerEpoch, epochs: s.epochs }),
    poissonNoiseMultiplier: poisson.noiseMultiplier,
    poissonValidForRun: s.poissonValidForRun,
    ...(lowerSigma === undefined ? {} : { lowerBoundNoiseMultiplier: lowerSigma, lowerBoundNoiseMultiplierKind: 'lower-bound' as const }),
    ...(lowerBudget.exhausted ? { lowerBoundSearch: `stopped after ${lowerMax} evaluations (${byWork ? `what was left of the work budget, --max-work ${maxWork} grid points` : `the work budget of ${LOWER_BOUND_WORK_ROUNDS} composition rounds`})` } : {}),
    atNoiseMultiplier: samplerEpsilonJson(s),
  };
  const name = samplerName(sampling.sampler);
  const sigmaWords =
    json.noiseMultiplierKind === 'guarantee'
      ? `${formatNumber(own.noiseMultiplier, 6)} (guarantees the target)`
      : `${formatNumber(own.noiseMultiplier, 6)} (${calibratedOn.kind}: NOT a guarantee for ${name})`;
  const text = formatKeyValues([
    ['target ε', `${formatNumber(target)} at δ = ${formatNumber(delta)} (${accountant}, ${neighbouring}), ${name}`],
    ['noise multiplier σ', sigmaWords],
    ['at that σ', epsilonWords(calibratedOn)],
    ['Poisson σ at q = b/N', `${formatNumber(poisson.noiseMultiplier, 6)}${s.poissonValidForRun ? '' : ` (what a Poisson accountant would say; it does NOT cover ${name})`}`],
    ...(lowerSigma === undefined ? [] : [['σ needed at least', `${formatNumber(lowerSigma, 6)} (lower bound: with less noise an attack provably exceeds ε = ${formatNumber(target)})`] as [string, string]]),
    ...(lowerBudget.exhausted ? [['σ needed at least', `not searched to the end: more than ${lowerMax} evaluations of the lower bound (each a composition of the whole run; ${byWork ? `what was left of the work budget, --max-work ${maxWork} grid points` : `the work budget is ${LOWER_BOUND_WORK_ROUNDS} composition rounds`})`] as [string, string]] : []),
    ['note', s.note],
  ]);
  return { json, text };
}
