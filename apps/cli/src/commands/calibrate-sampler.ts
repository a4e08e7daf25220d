/**
 * `dpbounds calibrate --target-epsilon ε --sampling <sampler>`: the σ that meets the target for the
 * batches the loop actually draws (`samplerNoiseMultiplier` of @dpbounds/accountants), the Poisson
 * σ at the same rate beside it, and, where the sampler has a proven lower bound on its ε, the σ
 * below which the target is provably missed (a lower bound on the σ any run needs; for samplers
 * whose ε is an estimate or a lower bound).
 */
import { samplerEpsilon, samplerNoiseMultiplier } from '@dpbounds/accountants';
import type { SamplerEpsilon, SamplerRun } from '@dpbounds/accountants';
import type { CommandIo, CommandResult } from '../command.js';
import { choice, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber } from '../format.js';
import { createProgress } from '../progress.js';
import { epsilonWords, samplerEpsilonJson, samplerName } from '../report/sampler-words.js';
import { UsageError } from '../usage-error.js';
import { samplerRunOf } from './sampling-flags.js';
import type { SamplingChoice } from './sampling-flags.js';

/** Largest --target-epsilon calibrated for a sampler. */
const MAX_TARGET_EPSILON = 100;

/** Smallest σ the lower-bound search tries (below it the PLD grids get expensive and no run uses it). */
const SMALLEST_SIGMA = 0.1;

/**
 * The σ at which a decreasing lower bound on ε crosses `target` (to 1e-3 relative, from below): any smaller σ
 * has lower bound > target, so no run with it meets the target. `undefined` when the lower bound
 * stays at or below the target down to σ = 0.1 (no such σ ≥ 0.1 is known). `start` is a σ whose
 * lower bound is at most the target (e.g. the calibrated σ).
 *
 * @example lowerBoundNoiseMultiplier((s) => 2 / s, 1, 4) // ≈ 2 (just below)
 */
export function lowerBoundNoiseMultiplier(lowerBound: (sigma: number) => number, target: number, start: number): number | undefined {
  let hi = start;
  for (let i = 0; lowerBound(hi) > target; i++) {
    if (i >= 20) return undefined;
    hi *= 2;
  }
  // steps of 10 % down: the lower bound usually crosses close to the calibrated σ, and every
  // evaluation is a PLD composition (the cost grows as σ shrinks)
  let lo = Math.max(SMALLEST_SIGMA, 0.9 * hi);
  while (lowerBound(lo) <= target) {
    if (lo <= SMALLEST_SIGMA) return undefined;
    hi = lo;
    lo = Math.max(SMALLEST_SIGMA, 0.9 * lo);
  }
  // lowerBound(lo) > target ≥ lowerBound(hi): keep the bracket and return its lower end, so every
  // σ at or below the answer provably misses the target
  while (hi - lo > 1e-3 * hi) {
    const mid = 0.5 * (lo + hi);
    if (lowerBound(mid) > target) lo = mid;
    else hi = mid;
  }
  return lo;
}

function runWithSigma(run: Omit<SamplerRun, 'noiseMultiplier'>, sigma: number): SamplerRun {
  return { ...run, noiseMultiplier: sigma };
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
  const { noiseMultiplier: _unused, ...run } = samplerRunOf(sampling, 1, steps, neighbouring);
  const progress = createProgress(io, 'calibrate', 3, { eager: true });
  let own: { noiseMultiplier: number; epsilon: SamplerEpsilon };
  let poisson: { noiseMultiplier: number; epsilon: SamplerEpsilon };
  let lowerSigma: number | undefined;
  try {
    progress.stage(`searching σ for ${sampling.sampler}`);
    own = samplerNoiseMultiplier(run, { epsilon: target, delta });
    progress.update(1);
    progress.stage('searching σ for Poisson at q = b/N');
    const { maxBatchSize: _cap, batchesPerEpoch: _k, ...poissonRun } = run;
    poisson = sampling.sampler === 'poisson' ? own : samplerNoiseMultiplier({ ...poissonRun, sampler: 'poisson' }, { epsilon: target, delta });
    progress.update(2);
    progress.stage('searching σ where the lower bound reaches the target');
    // only where the sampler's ε is not a guarantee: for the others the lower bound is the
    // accountant's discretisation bracket, a few PLD compositions for nothing new
    lowerSigma = own.epsilon.lower === undefined || own.epsilon.epsilon.kind === 'guarantee' ? undefined : lowerBoundNoiseMultiplier((s) => samplerEpsilon(runWithSigma(run, s), delta).lower?.value ?? 0, target, own.noiseMultiplier);
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
    ['note', s.note],
  ]);
  return { json, text };
}
