/**
 * Per-instance privacy of DP-SGD under any update rule (sum or mean) from batch updates sampled
 * at checkpoints of several runs, with and without each record: Thm 3.6 per step (from sampled
 * batches), composed over the steps with Thm 3.3, the larger direction reported, beside the
 * data-independent guarantee of the same run (Thudi et al. 2024; derivation:
 * docs/math/per-instance-rdp.md §5–§6). This is what `dpbounds per-instance --batch-trace` computes.
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInteger, requireObject } from '@dpbounds/special-functions';
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { stepRdpEvaluatorCache } from '../rdp/sampled-gaussian-integer-rdp.js';
import { batchUpdateStepRdp } from './batch-update-step-rdp.js';
import type { BatchUpdateRule } from './batch-update-step-rdp.js';
import { checkpointOfStep, composeGroup, stepGroups } from './checkpointed-composition.js';
import type { PerInstanceDirection, PerInstancePrivacy, PerInstanceRecordPrivacy } from './per-instance-privacy.js';
import { PER_INSTANCE_MAX_STEPS } from './per-instance-work.js';
import { checkNonEmpty, checkPerInstanceSchedule, checkPositive } from './validate-per-instance.js';
import { recordFromDirections } from './record-from-directions.js';

/** What one run measured at one checkpoint. */
export interface PerInstanceBatchCheckpoint {
  /** Σ ḡ(x) of M independent Poisson batches of the data without the targets, at θ_s. */
  readonly batchSums: readonly ArrayLike<number>[];
  /** |B| of each batch. */
  readonly batchSizes: ArrayLike<number>;
  /** Clipped gradient ḡ(x*) of each target record at θ_s (norm ≤ C). */
  readonly recordGradients: readonly ArrayLike<number>[];
}

/** One training run. */
export interface PerInstanceBatchRun {
  /** Indices of the target records this run did not train on (default none). */
  readonly excludedRecords?: ArrayLike<number>;
  /** One entry per checkpoint. */
  readonly checkpoints: readonly PerInstanceBatchCheckpoint[];
}

/** Input of {@link perInstanceBatchPrivacy}. */
export interface PerInstanceBatchPrivacyInput {
  /** Target integer Rényi orders α ≥ 2. */
  readonly orders: readonly number[];
  /** δ ∈ (0, 1) of the (ε, δ) conversion. */
  readonly delta: number;
  /** Hölder constant λ > 1; default 1 + 3(T − 1). */
  readonly lambda?: number;
  /** Poisson sampling rate q ∈ [0, 1]. */
  readonly samplingRate: number;
  /** `sum` or `mean` (U(∅) = 0). */
  readonly updateRule: BatchUpdateRule;
  /** σ_U > 0, the noise standard deviation in the units of U. */
  readonly noiseStd: number;
  /** Clip norm C > 0 (every record gradient must have norm ≤ C). */
  readonly clip: number;
  /** Training steps T, 1 ≤ T ≤ 2^30. */
  readonly steps: number;
  /** Strictly increasing checkpoint steps in [0, T − 1]; step t uses the last checkpoint ≤ t. */
  readonly checkpointSteps: ArrayLike<number>;
  /** Number of target records. */
  readonly recordCount: number;
  readonly runs: readonly PerInstanceBatchRun[];
  /** Outer batches per Thm 3.6 estimate (default min(20, M − k)). */
  readonly targetBatches?: number;
  /** Seed of the records' inclusion draws (default 0). */
  readonly seed?: number;
  /** Largest integer order allowed (default 10 000). */
  readonly maxOrder?: number;
  /** Called with (work done, total) in units of step groups. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Per-instance (ε, δ) of every target record from batch updates (Thm 3.6 per step, Thm 3.3 over
 * steps and runs, each direction over its own runs, the larger reported). The data-independent
 * guarantee beside it is T·ε_α(q, σ_U/C, 1): under either rule adding x* moves a batch's update
 * by at most C (sum: ‖ḡ‖ ≤ C; mean: ‖ḡ − U(B)‖/(|B|+1) ≤ C), and D_α of a mixture over B is at
 * most the largest D_α of its components, so the sampled Gaussian bound with noise multiplier
 * σ_U/C holds (Mironov, Talwar, Zhang 2019).
 *
 * Gotchas: every per-step value is a Monte Carlo estimate from M batches (seeded, reproducible)
 * and the expectation over runs a finite mean, so per-record values are estimates; orders above
 * α up to ~1.4α are evaluated for early steps, so each checkpoint needs at least
 * targetBatches + 1.4α + 1 batches. Cost: orders × records × runs × checkpoints × (distinct
 * orders) × M × d.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the field (as perInstancePrivacy, plus
 *   record gradients above the clip norm, ragged batches, too few batches).
 * @example perInstanceBatchPrivacy({ orders: [4], delta: 1e-5, samplingRate: 0.01, updateRule: 'mean', noiseStd: 0.004, clip: 1, steps: 100, checkpointSteps: [0, 50], recordCount: 2, runs }).records[0].epsilon
 */
export function perInstanceBatchPrivacy(input: PerInstanceBatchPrivacyInput): PerInstancePrivacy {
  requireObject('input', input);
  const { maxOrder, orders, delta, samplingRate: q, steps: T, lambda, recordCount: nRecords, checkpointSteps: checkpoints } = checkPerInstanceSchedule(input, 1, PER_INSTANCE_MAX_STEPS);
  const noiseStd = checkPositive('noiseStd', input.noiseStd);
  const clip = checkPositive('clip', input.clip);
  const runs = checkNonEmpty('runs', input.runs, 'runs');
  const excluded = runs.map((run, r) => excludedSet(run, r, nRecords));
  runs.forEach((run, r) => checkRun(run, r, checkpoints.length, nRecords, clip));
  const seed = input.seed ?? 0;

  const checkpointOf = checkpointOfStep(checkpoints, T);
  const groupsByOrder = orders.map((alpha) => stepGroups(alpha, lambda, T, checkpointOf, maxOrder, (k) => k));
  const nOrders = orders.length;
  const nRuns = runs.length;
  const cache = new Map<string, number>();
  const stepRdp = (r: number, c: number, i: number, k: number, without: boolean): number => {
    const key = `${r}:${c}:${i}:${k}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const point = (runs[r] as PerInstanceBatchRun).checkpoints[c] as PerInstanceBatchCheckpoint;
    const value = batchUpdateStepRdp({
      alpha: k,
      updateRule: input.updateRule,
      noiseStd,
      samplingRate: q,
      batchSums: point.batchSums,
      batchSizes: point.batchSizes,
      recordGradient: point.recordGradients[i] as ArrayLike<number>,
      direction: without ? 'without-record' : 'with-record',
      ...(input.targetBatches !== undefined ? { targetBatches: input.targetBatches } : {}),
      seed: seed + 7919 * (r + 1) + 104_729 * (c + 1) + 1_299_709 * (i + 1),
    }).epsilon;
    cache.set(key, value);
    return value;
  };

  const totals = new Float64Array(nOrders * nRecords * 2);
  const epsWith = new Float64Array(nRuns);
  const epsWithout = new Float64Array(nRuns);
  const totalGroups = groupsByOrder.reduce((n, g) => n + g.length, 0);
  let groupsDone = 0;
  for (let o = 0; o < nOrders; o++) {
    for (const group of groupsByOrder[o] ?? []) {
      for (let i = 0; i < nRecords; i++) {
        let nWith = 0;
        let nWithout = 0;
        for (let r = 0; r < nRuns; r++) {
          const without = (excluded[r] as Set<number>).has(i);
          const e = stepRdp(r, group.checkpoint, i, group.k, without);
          if (without) epsWithout[nWithout++] = e;
          else epsWith[nWith++] = e;
        }
        const at = (o * nRecords + i) * 2;
        if (nWith > 0) totals[at] = (totals[at] as number) + composeGroup(epsWith, nWith, group.scales);
        if (nWithout > 0) totals[at + 1] = (totals[at + 1] as number) + composeGroup(epsWithout, nWithout, group.scales);
      }
      input.onProgress?.(++groupsDone, totalGroups);
    }
  }

  const evaluatorFor = stepRdpEvaluatorCache(q);
  const sigmaEff = noiseStd / clip;
  const diRdp = Float64Array.from(orders, (alpha) => T * evaluatorFor(alpha).at(0.5 / (sigmaEff * sigmaEff)));
  if (!diRdp.every(Number.isFinite)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseStd', expected: 'large enough relative to the clip norm that the data-independent RDP is finite in float64', found: noiseStd });
  }
  const di = rdpCurveToEpsilon(orders, diRdp, delta, 'improved');
  const records: PerInstanceRecordPrivacy[] = [];
  for (let i = 0; i < nRecords; i++) {
    const count = excluded.reduce((n, set) => n + (set.has(i) ? 1 : 0), 0);
    const direction = (d: 0 | 1, runsOf: number): PerInstanceDirection | null => {
      if (runsOf === 0) return null;
      const rdpByOrder = Float64Array.from(orders, (_, o) => totals[(o * nRecords + i) * 2 + d] as number);
      return { runs: runsOf, rdpByOrder, epsilon: rdpCurveToEpsilon(orders, rdpByOrder, delta, 'improved').epsilon };
    };
    const withRecord = direction(0, nRuns - count);
    const withoutRecord = direction(1, count);
    records.push(recordFromDirections(orders, delta, diRdp, di.epsilon, withRecord, withoutRecord));
  }
  return { records, dataIndependent: { rdpByOrder: diRdp, epsilon: di.epsilon, order: di.order, kind: 'guarantee' }, orders, lambda, runs: nRuns, kind: 'estimate', neighbouring: 'add-remove' };
}

function excludedSet(run: PerInstanceBatchRun, r: number, nRecords: number): Set<number> {
  const list = requireFiniteArray(`runs[${r}].excludedRecords`, run.excludedRecords ?? []);
  const set = new Set<number>();
  for (let k = 0; k < list.length; k++) {
    const i = requireInteger(`runs[${r}].excludedRecords[${k}]`, list[k], { min: 0, max: nRecords - 1 });
    if (set.has(i)) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `runs[${r}].excludedRecords[${k}]`, expected: 'a record index listed once', found: i });
    set.add(i);
  }
  return set;
}

function checkRun(run: PerInstanceBatchRun, r: number, nCheckpoints: number, nRecords: number, clip: number): void {
  if (!Array.isArray(run.checkpoints) || run.checkpoints.length !== nCheckpoints) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `runs[${r}].checkpoints`, expected: `one entry per checkpoint (${nCheckpoints})`, found: run.checkpoints });
  }
  run.checkpoints.forEach((point, c) => {
    if (!Array.isArray(point.recordGradients) || point.recordGradients.length !== nRecords) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `runs[${r}].checkpoints[${c}].recordGradients`, expected: `one gradient per record (${nRecords})`, found: point.recordGradients });
    }
    point.recordGradients.forEach((g: ArrayLike<number>, i: number) => {
      const parameter = `runs[${r}].checkpoints[${c}].recordGradients[${i}]`;
      const v = requireFiniteArray(parameter, g, { minLength: 1 });
      let sq = 0;
      for (let k = 0; k < v.length; k++) sq += (v[k] as number) ** 2;
      if (!(Math.sqrt(sq) <= clip * (1 + 1e-6))) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: `a clipped gradient of norm ≤ clip = ${clip}`, found: `norm ${Math.sqrt(sq)}` });
    });
  });
}
