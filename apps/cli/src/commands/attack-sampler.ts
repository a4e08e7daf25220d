/**
 * `dpbounds attack --sampling <sampler>`: the batch sampler of the attacked run, and the attack's
 * measured TPR at each FPR set against the largest TPR that sampler's ε allows, and the Poisson
 * ε's. Under (ε, δ)-DP no test has TPR above 1 − f_{ε,δ}(FPR) (Dong, Roth & Su 2022, Prop. 2.5;
 * `epsilonDeltaTradeOff`); the attack's lower confidence bound on TPR above the Poisson ceiling is
 * measured evidence that the Poisson ε does not cover the run.
 */
import { epsilonDeltaTradeOff } from '@dpbounds/tradeoff-core';
import type { FlagSpec } from '../command.js';
import { optionalNumber, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { samplerEpsilonJson, samplerEpsilonRows, samplerName } from '../report/sampler-words.js';
import { UsageError } from '../usage-error.js';
import { samplerEpsilonOf } from './sampler-epsilon-of.js';
import { EPOCH_FLAGS, parseSampling, pricedFromRate, SAMPLING_FLAG, samplerRunOf, samplingContextJson } from './sampling-flags.js';

/**
 * The largest TPR an attacker can have at FPR α against an (ε, δ)-DP run: 1 − f(α) with
 * f(α) = max(0, 1 − δ − e^ε·α, e^{−ε}(1 − δ − α)) the (ε, δ) trade-off curve (Kairouz, Oh,
 * Viswanath 2015; Dong, Roth, Su 2022, Prop. 2.5). ε = +∞ (nothing better proven: an ε beyond
 * double precision) allows TPR 1 at every α > 0 and δ at α = 0.
 *
 * @example tprCeiling(1, 1e-5, 0.01) // ≈ 0.0272
 * @example tprCeiling(Infinity, 1e-5, 0.01) // 1
 */
export function tprCeiling(epsilon: number, delta: number, fpr: number): number {
  if (epsilon === Infinity) return fpr > 0 ? 1 : delta;
  return 1 - epsilonDeltaTradeOff(epsilon, delta).evaluate(fpr);
}

/** The flags `attack` adds for the attacked run's sampler (`--batch-size` it already has). */
export const attackSamplerFlags: Readonly<Record<string, FlagSpec>> = {
  ...SAMPLING_FLAG,
  'sampling-rate': { type: 'string', valueName: 'q', description: 'Poisson rate of the attacked run (with --sampling poisson; Opacus: sample_rate = 1/len(loader)): the comparison prices q; --batch-size/--dataset-size beside it are context' },
  'dataset-size': { type: 'string', valueName: 'N', description: 'training records of the attacked run (with --sampling)' },
  'max-batch-size': { type: 'string', valueName: 'B', description: 'cap of a --sampling truncated-poisson batch' },
  ...EPOCH_FLAGS,
  'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier of the attacked run (with --sampling)' },
  steps: { type: 'string', valueName: 'T', description: 'steps of the attacked run (with --sampling)' },
  delta: { type: 'string', valueName: 'δ', description: 'δ of the ε the attack is compared with (with --sampling)', defaultText: '1e-5' },
};

/** One measured point of the attack. */
export interface AttackPoint {
  readonly fpr: number;
  readonly tpr: number;
  readonly tprLower: number;
}

/** Reads the run flags when `--sampling` is given (`undefined` otherwise), before any attack work. */
export function readAttackSampler(flags: ParsedFlags): ((points: readonly AttackPoint[]) => { json: Record<string, unknown>; text: string }) | undefined {
  if (flags.sampling === undefined) {
    for (const flag of ['sampling-rate', 'dataset-size', 'max-batch-size', 'batches-per-epoch', 'drop-last', 'noise-multiplier', 'steps', 'delta']) {
      if (flags[flag] !== undefined) throw new UsageError(`--${flag} describes the attacked run: it needs --sampling`);
    }
    return undefined;
  }
  const sampling = parseSampling(flags, { rateRequired: false });
  if (sampling === undefined || (sampling.batchSize === undefined && !pricedFromRate(sampling))) {
    throw new UsageError(`--sampling ${String(flags.sampling)} needs --batch-size and --dataset-size of the attacked run${flags.sampling === 'poisson' ? ' (or its --sampling-rate)' : ''}`);
  }
  const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const delta = optionalNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 1e-5;
  // a Poisson run given its rate is priced at that rate (Opacus: 1/len(loader)); any other run from b and N
  const query = { noiseMultiplier, steps, delta, neighbouring: 'add-remove' as const };
  const sizes = pricedFromRate(sampling) ? samplingContextJson(sampling) : { batchSize: sampling.batchSize, datasetSize: sampling.datasetSize };
  if (!pricedFromRate(sampling)) samplerRunOf(sampling, noiseMultiplier, steps, 'add-remove'); // refuses a run without its sizes before the attack runs
  // a run priced at its --sampling-rate says so, not "q = b/N" (and which rate was priced when b/N differs)
  const rateRows = (rows: [string, string][]): [string, string][] => {
    if (!pricedFromRate(sampling)) return rows;
    const priced = rows.map(([k, v]): [string, string] => [k, k === 'Poisson accountant' ? v.replace('at q = b/N', `at q = ${formatNumber(sampling.samplingRate)} (--sampling-rate)`) : v]);
    return sampling.rateNote === undefined ? priced : [...priced, ['sampling', sampling.rateNote]];
  };
  return (points) => {
    const s = samplerEpsilonOf(sampling, query);
    const guarantee = s.epsilon.kind === 'guarantee' ? s.epsilon.value : s.upper?.value;
    const ceiling = (epsilon: number, fpr: number): number => tprCeiling(epsilon, delta, fpr);
    const rows = points.map((p) => ({
      fpr: p.fpr,
      tprLower: p.tprLower,
      poissonMaxTpr: ceiling(s.poisson.value, p.fpr),
      ...(guarantee === undefined ? {} : { guaranteeMaxTpr: ceiling(guarantee, p.fpr) }),
    }));
    const attackExceedsPoisson = rows.some((r) => r.tprLower > r.poissonMaxTpr);
    const attackExceedsGuarantee = rows.some((r) => r.guaranteeMaxTpr !== undefined && r.tprLower > r.guaranteeMaxTpr);
    const name = samplerName(s.sampler);
    const verdict = attackExceedsGuarantee
      ? `the attack's TPR (lower confidence bound) exceeds what the proven ε of ${name} allows: the run is not what these flags describe`
      : attackExceedsPoisson && !s.poissonValidForRun
        ? `the attack's TPR (lower confidence bound) exceeds what the Poisson accountant's ε = ${formatNumber(s.poisson.value, 4)} allows: measured evidence that the Poisson ε does not cover this run`
        : `the attack is consistent with the ε of ${name}`;
    return {
      json: { ...samplerEpsilonJson(s), ...sizes, ...(pricedFromRate(sampling) ? { samplingRate: sampling.samplingRate } : {}), noiseMultiplier, steps, points: rows, attackExceedsPoisson, attackExceedsGuarantee },
      text: [`attacked run (--sampling ${s.sampler}):`, ...rateRows(samplerEpsilonRows(s)).map(([k, v]) => `  ${k}: ${v}`), verdict].join('\n'),
    };
  };
}
