/**
 * Soundness of the batch-sampler accountants against brute force on tiny data sets
 * (docs/soundness.md, "Batch samplers"): every batch is enumerated, the exact output mixtures of
 * a pair of neighbouring data sets are binned (a post-processing, so their δ is at most the true
 * one), and
 *
 * - a `guarantee` ε must satisfy δ_binned(ε) ≤ δ for both orders of the pair (else it is
 *   provably optimistic);
 * - a `lower-bound` ε, on the data set that attains it, must satisfy δ_binned(ε) ≥ δ (which
 *   proves ε ≤ the true ε).
 */
import { samplerEpsilon, type SamplerEpsilon } from '@dpbounds/accountants';
import { truncatedPoissonEpsilon } from '@dpbounds/accountants/advanced';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { binnedMixturePair, productHockeyStick, swapped, type BinnedPair } from '../exact/binned-hockey-stick.js';
import { fixedSizeSumLaw, truncatedPoissonSumLaw } from '../exact/batch-sum-laws.js';
import { twoBinBinnedPair } from '../exact/balls-in-bins-pair.js';
import { requireSound } from '../violation.js';

/** Cells per axis of the binned reference: finer for fewer steps (cost ~ cells^steps). */
export function cellsFor(steps: number): number {
  return steps === 1 ? 20_000 : steps === 2 ? 4_000 : 700;
}

/** δ_binned(ε) for the ordered pairs (A, B) and (B, A): the larger. */
export function exactDelta(pairs: readonly BinnedPair[], eps: number): number {
  return Math.max(productHockeyStick(pairs, eps), productHockeyStick(pairs.map(swapped), eps));
}

/** Slack for comparing δ's: rounding of sums of ~10⁴ terms. */
function deltaSlack(delta: number): number {
  return 1e-9 * delta + 1e-13;
}

/** Gradients of one step of a data-set pair: the records both share, and the differing one(s). */
export interface StepGradients {
  /** Gradient of the record present in A only (add-remove) or of x in A (substitution). */
  readonly target: number;
  /** Gradient of x′ in B (substitution only). */
  readonly replacement: number;
  /** Gradients of the common records (length = records of B minus one under substitution). */
  readonly others: readonly number[];
}

/** A tiny fixed-size or truncated-Poisson run and the per-step gradients of its neighbouring pair. */
export interface TinySamplerCase {
  readonly datasetSize: number;
  readonly batchSize: number;
  /** Truncated Poisson only: the cap B. */
  readonly maxBatchSize: number;
  readonly noiseMultiplier: number;
  readonly delta: number;
  readonly neighbouring: NeighbouringRelation;
  /** Add-remove: does A (the larger data set) have N records (else N + 1, the addition neighbour)? */
  readonly largerIsN: boolean;
  readonly steps: readonly StepGradients[];
}

/** Worst-case gradients (Lebeda et al. 2024): the target at +1, every other record at −1 (remove-like) or +1 with x′ = −1 (add-like). */
export function worstCaseStep(others: number, pattern: 'remove' | 'add'): StepGradients {
  return pattern === 'remove' ? { target: 1, replacement: -1, others: Array.from({ length: others }, () => -1) } : { target: 1, replacement: -1, others: Array.from({ length: others }, () => 1) };
}

/** Data sets A and B of one step. */
function dataSets(c: TinySamplerCase, s: StepGradients): { a: number[]; b: number[] } {
  return c.neighbouring === 'substitution' ? { a: [s.target, ...s.others], b: [s.replacement, ...s.others] } : { a: [s.target, ...s.others], b: [...s.others] };
}

/** Records common to both data sets under the case's relation and convention. */
export function commonRecords(c: Pick<TinySamplerCase, 'datasetSize' | 'neighbouring' | 'largerIsN'>): number {
  if (c.neighbouring === 'substitution') return c.datasetSize - 1;
  return c.largerIsN ? c.datasetSize - 1 : c.datasetSize;
}

function describeCase(c: TinySamplerCase): string {
  return `N = ${c.datasetSize}, b = ${c.batchSize}, B = ${c.maxBatchSize}, σ = ${c.noiseMultiplier}, δ = ${c.delta}, ${c.neighbouring}${c.neighbouring === 'add-remove' ? (c.largerIsN ? ' (removal)' : ' (addition)') : ''}, steps ${JSON.stringify(c.steps)}`;
}

/** The binned exact pairs of a fixed-size run, one per step. */
export function fixedSizePairs(c: TinySamplerCase): BinnedPair[] {
  const cells = cellsFor(c.steps.length);
  return c.steps.map((s) => {
    const { a, b } = dataSets(c, s);
    return binnedMixturePair(fixedSizeSumLaw(a, c.batchSize), fixedSizeSumLaw(b, c.batchSize), c.noiseMultiplier, cells);
  });
}

/** The binned exact pairs of a truncated-Poisson run (rate b/N), one per step. */
export function truncatedPoissonPairs(c: TinySamplerCase): BinnedPair[] {
  const cells = cellsFor(c.steps.length);
  const q = c.batchSize / c.datasetSize;
  return c.steps.map((s) => {
    const { a, b } = dataSets(c, s);
    return binnedMixturePair(truncatedPoissonSumLaw(a, q, c.maxBatchSize), truncatedPoissonSumLaw(b, q, c.maxBatchSize), c.noiseMultiplier, cells);
  });
}

/** The accountant's answer for a tiny case. */
export function accountantFor(sampler: 'fixed-size' | 'truncated-poisson', c: TinySamplerCase): SamplerEpsilon {
  return samplerEpsilon({ sampler, datasetSize: c.datasetSize, batchSize: c.batchSize, ...(sampler === 'truncated-poisson' ? { maxBatchSize: c.maxBatchSize } : {}), noiseMultiplier: c.noiseMultiplier, steps: c.steps.length, neighbouring: c.neighbouring }, c.delta);
}

/** Guarantee ≥ exact, for a fixed-size or truncated-Poisson case; returns (ε, δ_binned(ε)). */
export function checkSamplerGuaranteeAboveExact(sampler: 'fixed-size' | 'truncated-poisson', c: TinySamplerCase): { epsilon: number; exact: number } {
  const answer = accountantFor(sampler, c);
  requireSound(answer.epsilon.kind === 'guarantee', () => `${sampler}: ε kind ${answer.epsilon.kind}, expected guarantee`);
  const pairs = sampler === 'fixed-size' ? fixedSizePairs(c) : truncatedPoissonPairs(c);
  const eps = answer.epsilon.value;
  const exact = exactDelta(pairs, eps);
  requireSound(exact <= c.delta + deltaSlack(c.delta), () => `${sampler}: guarantee ε = ${eps} but the exact pair has δ(ε) ≥ ${exact} > δ = ${c.delta} (${describeCase(c)})`);
  return { epsilon: eps, exact };
}

/** The reported lower bound ≤ the true ε, on the data set that attains the priced pair (all steps remove-like, A has N records). */
export function checkFixedSizeLowerBelowExact(c: Omit<TinySamplerCase, 'steps' | 'largerIsN'> & { readonly steps: number }): { lower: number | undefined; exact: number } {
  // add-remove with b = N: the removal neighbour cannot fill a batch, so no data set attains the priced pair
  if (c.neighbouring === 'add-remove' && c.batchSize > c.datasetSize - 1) return { lower: undefined, exact: Number.NaN };
  const full: TinySamplerCase = { ...c, largerIsN: true, steps: Array.from({ length: c.steps }, () => worstCaseStep(commonRecords({ ...c, largerIsN: true }), 'remove')) };
  const answer = accountantFor('fixed-size', full);
  const lower = answer.lower?.value;
  if (lower === undefined) return { lower, exact: Number.NaN };
  const exact = exactDelta(fixedSizePairs(full), lower);
  requireSound(exact >= c.delta, () => `fixed-size: reported lower bound ε = ${lower} but the attaining pair has δ(ε) = ${exact} < δ = ${c.delta}: not proven below the true ε (${describeCase(full)})`);
  return { lower, exact };
}

/** Truncated Poisson through `truncatedPoissonEpsilon` directly (any rate and cap, not only q = b/N with B ≥ b). */
export function checkTruncatedPoissonDirect(c: TinySamplerCase & { readonly samplingRate: number }): { epsilon: number; exact: number } {
  const eps = truncatedPoissonEpsilon({ samplingRate: c.samplingRate, maxBatchSize: c.maxBatchSize, datasetSize: c.datasetSize, noiseMultiplier: c.noiseMultiplier, steps: c.steps.length }, c.delta, c.neighbouring);
  const cells = cellsFor(c.steps.length);
  const pairs = c.steps.map((s) => {
    const { a, b } = dataSets(c, s);
    return binnedMixturePair(truncatedPoissonSumLaw(a, c.samplingRate, c.maxBatchSize), truncatedPoissonSumLaw(b, c.samplingRate, c.maxBatchSize), c.noiseMultiplier, cells);
  });
  const exact = exactDelta(pairs, eps);
  requireSound(exact <= c.delta + deltaSlack(c.delta), () => `truncatedPoissonEpsilon = ${eps} at q = ${c.samplingRate} but the exact pair has δ(ε) ≥ ${exact} > δ = ${c.delta} (${describeCase(c)})`);
  return { epsilon: eps, exact };
}

/** A tiny balls-in-bins case with k = 2 batches per epoch. */
export interface TinyBallsInBinsCase {
  /** N ∈ {2, 3, 4} with b = ⌈N/2⌉ so that k = 2. */
  readonly datasetSize: number;
  readonly noiseMultiplier: number;
  readonly epochs: number;
  readonly delta: number;
  readonly neighbouring: NeighbouringRelation;
  /** Per epoch: target, replacement and other records' gradients (others: N − 1 entries). */
  readonly perEpoch: readonly StepGradients[];
}

function ballsInBinsPairs(c: TinyBallsInBinsCase, cells: number): BinnedPair[] {
  return c.perEpoch.map((s) => (c.neighbouring === 'substitution' ? twoBinBinnedPair([s.target, ...s.others], [s.replacement, ...s.others], c.noiseMultiplier, cells) : twoBinBinnedPair([s.target, ...s.others], [...s.others], c.noiseMultiplier, cells)));
}

/** Balls-in-bins, k = 2: upper ≥ exact on the given gradients; lower ≤ exact on the attacker's data set (others at 0). */
export function checkBallsInBins(c: TinyBallsInBinsCase): { upper: number; lower: number | undefined; estimate: number; exactAtEstimate: number } {
  const batchSize = Math.ceil(c.datasetSize / 2);
  const answer = samplerEpsilon({ sampler: 'balls-in-bins', datasetSize: c.datasetSize, batchSize, noiseMultiplier: c.noiseMultiplier, steps: 2 * c.epochs, neighbouring: c.neighbouring }, c.delta);
  const upper = answer.upper;
  requireSound(upper !== undefined && upper.kind === 'guarantee', () => 'balls-in-bins: no guarantee reported');
  const cells = 400;
  const pairs = ballsInBinsPairs(c, cells);
  const exactUpper = exactDelta(pairs, (upper as { value: number }).value);
  requireSound(exactUpper <= c.delta + deltaSlack(c.delta), () => `balls-in-bins: guarantee ε = ${upper?.value} but the exact pair has δ(ε) ≥ ${exactUpper} > δ = ${c.delta}`);
  const attacker: TinyBallsInBinsCase = { ...c, perEpoch: c.perEpoch.map(() => ({ target: 1, replacement: 0, others: Array.from({ length: c.datasetSize - 1 }, () => 0) })) };
  const attackerPairs = ballsInBinsPairs(attacker, cells);
  const lower = answer.lower?.value;
  if (lower !== undefined) {
    // binning is post-processing, so the binned δ is below the true one: a binned δ just under the
    // target is refined on a 4× finer grid before it counts against the lower bound
    let exactLower = exactDelta(attackerPairs, lower);
    if (exactLower < c.delta) exactLower = exactDelta(ballsInBinsPairs(attacker, 4 * cells), lower);
    requireSound(exactLower >= c.delta, () => `balls-in-bins: lower bound ε = ${lower} but the attacker's pair has δ(ε) = ${exactLower} < δ = ${c.delta}`);
  }
  // the estimate is not a guarantee: report how the exact worst-case pair compares (no assertion)
  const exactAtEstimate = exactDelta(attackerPairs, answer.epsilon.value);
  return { upper: (upper as { value: number }).value, lower, estimate: answer.epsilon.value, exactAtEstimate };
}
