/**
 * Per-instance privacy of many records from checkpointed gradient norms over several training
 * runs: per-record RDP curve (Thm 3.2 + Thm 3.3), its (ε, δ), and the data-independent
 * guarantee of the same run for comparison (Thudi et al. 2024; spec per-instance-rdp.md §4–§5, §7).
 * This is what `dpbounds per-instance` computes from a trace.
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInteger } from '@dpbounds/special-functions';
import { rdpToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { chooseHolderLambda, holderOrderSchedule } from './holder-order-schedule.js';
import { stepRdpEvaluatorCache, type StepRdpEvaluator } from '../rdp/sampled-gaussian-integer-rdp.js';
import {
  checkIntegerOrder,
  checkLambda,
  checkMaxOrder,
  checkNonEmpty,
  checkOpenUnit,
  checkPositive,
  checkSamplingRate,
  orderTooLarge,
} from './validate-per-instance.js';

/** Input of {@link perInstancePrivacy}. */
export interface PerInstancePrivacyInput {
  /** Target integer Rényi orders α ≥ 2 (the curve is reported at these; ε minimises over them). */
  readonly orders: readonly number[];
  /** δ ∈ (0, 1) of the (ε, δ) conversion. */
  readonly delta: number;
  /** Hölder constant λ > 1; default {@link chooseHolderLambda}({ steps }) = 1 + 3(T − 1). */
  readonly lambda?: number;
  /** Poisson sampling rate q ∈ [0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of training steps T ≥ 1. */
  readonly steps: number;
  /**
   * Strictly increasing 0-based step indices s ∈ [0, T−1] at which the norms were measured
   * (on the model θ_s used by step s). Step t uses the last checkpoint s ≤ t; steps before the
   * first checkpoint use the first.
   */
  readonly checkpointSteps: ArrayLike<number>;
  /** Number of target records. */
  readonly recordCount: number;
  /**
   * Sensitivity ratios r = ||clipped gradient||/C ∈ [0, ∞): `ratios[run][checkpoint][record]`.
   * Every run covers every checkpoint and record.
   */
  readonly ratios: readonly (readonly ArrayLike<number>[])[];
  /** Largest integer order allowed in the composition (default 10 000). */
  readonly maxOrder?: number;
  /** Called about 100 times with (work done, total work), in units of step groups. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** One record's result from {@link perInstancePrivacy}. */
export interface PerInstanceRecordPrivacy {
  /** min(per-instance, data-independent) RDP at each of `orders`. */
  readonly rdpByOrder: Float64Array;
  /** The per-instance estimate (Thm 3.3 composition) at each of `orders`, before the min. */
  readonly perInstanceRdpByOrder: Float64Array;
  /** ε at δ from `rdpByOrder` (minimised over the orders); never above the data-independent ε. */
  readonly epsilon: number;
  /** The order attaining `epsilon`. */
  readonly order: number;
  /** The RDP at `order` (from `rdpByOrder`). */
  readonly rdp: number;
  /** ε at δ from the per-instance estimate alone. */
  readonly perInstanceEpsilon: number;
}

/** Output of {@link perInstancePrivacy}. */
export interface PerInstancePrivacy {
  readonly records: readonly PerInstanceRecordPrivacy[];
  /** Data-independent guarantee of the same run at the same orders: T·ε_α(q, σ, 1), and its ε. */
  readonly dataIndependent: { readonly rdpByOrder: Float64Array; readonly epsilon: number; readonly order: number };
  readonly orders: readonly number[];
  /** The Hölder constant used. */
  readonly lambda: number;
  /** Number of runs the expectations were estimated from. */
  readonly runs: number;
}

interface StepGroup {
  readonly checkpoint: number;
  readonly evaluator: StepRdpEvaluator;
  /** λ·(a_j − 1) for each step of the group. */
  readonly scales: Float64Array;
}

/**
 * Per-instance (ε, δ) of every target record of a sum-rule DP-SGD run, from gradient-norm ratios
 * measured at checkpoints in several runs.
 *
 * For each order α: the schedule a_j = 1 + (α−1)(λ/(λ−1))^j (j = T−1−t), per-step RDP
 * ε_t^(r) = ε_{ceil(a_j)}(q, σ, r) (Thm 3.2, with the ratio of the checkpoint covering step t in
 * run r), composed as Σ_t (1/(λ m_j)) ln mean_r exp(λ m_j ε_t^(r)) with m_j = a_j − 1 (Thm 3.3).
 * The data-independent RDP of the same run is T·ε_α(q, σ, 1) (plain composition); both bound
 * D_α for the record, so `rdpByOrder` reports their minimum. ε is converted with the improved
 * RDP → (ε, δ) conversion (Balle et al. 2020, Thm 21) and minimised over `orders`.
 *
 * Gotchas: the per-instance value is an estimate (the expectation over runs is a sample mean;
 * see {@link hoeffdingRuns}); checkpoints between steps make it an interpolation (a step uses
 * the last measured norm); the analysis assumes the sum rule and Poisson sampling.
 * Cost: O(records × orders × (checkpoints + distinct orders) × runs × α) plus
 * O(records × orders × T × runs); 10 000 records × 1 000 checkpoints × 5 runs takes a few seconds.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the field for invalid input (orders not
 * integers ≥ 2, δ ∉ (0,1), λ ≤ 1, q ∉ [0,1], σ ≤ 0, checkpoint steps not increasing in [0, T−1],
 * ratio arrays of the wrong shape, negative or non-finite ratios, an order above maxOrder).
 * @example
 * perInstancePrivacy({ orders: [8], delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1, steps: 2,
 *   checkpointSteps: [0, 1], recordCount: 1, ratios: [[[0.1], [0.2]], [[0.15], [0.1]]] }).records[0].epsilon
 */
export function perInstancePrivacy(input: PerInstancePrivacyInput): PerInstancePrivacy {
  const maxOrder = checkMaxOrder(input.maxOrder);
  if (!Array.isArray(input.orders) || input.orders.length === 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'orders', expected: 'a non-empty array of integer orders ≥ 2', found: input.orders });
  }
  const orders = input.orders.map((a, i) => checkIntegerOrder(`orders[${i}]`, a, maxOrder));
  const delta = checkOpenUnit('delta', input.delta);
  const q = checkSamplingRate('samplingRate', input.samplingRate);
  const sigma = checkPositive('noiseMultiplier', input.noiseMultiplier);
  const T = requireInteger('steps', input.steps, { min: 1 });
  const lambda = input.lambda === undefined ? chooseHolderLambda({ steps: T }) : checkLambda(input.lambda);
  const nRecords = requireInteger('recordCount', input.recordCount, { min: 0 });
  const checkpoints = requireFiniteArray('checkpointSteps', input.checkpointSteps, { minLength: 1 });
  const nCheckpoints = checkpoints.length;
  for (let c = 0; c < nCheckpoints; c++) {
    const lo = c === 0 ? 0 : (checkpoints[c - 1] as number) + 1;
    requireInteger(`checkpointSteps[${c}]`, checkpoints[c], { min: lo, max: T - 1 });
  }
  const runs = input.ratios;
  checkNonEmpty('ratios', runs, 'runs');
  const nRuns = runs.length;
  for (let r = 0; r < nRuns; r++) {
    const run = runs[r];
    if (!Array.isArray(run) || run.length !== nCheckpoints) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `ratios[${r}]`, expected: `an array of ${nCheckpoints} checkpoints`, found: run });
    }
    for (let c = 0; c < nCheckpoints; c++) {
      const values = requireFiniteArray(`ratios[${r}][${c}]`, run[c] as ArrayLike<number>, { length: nRecords });
      for (let i = 0; i < nRecords; i++) {
        if (!((values[i] as number) >= 0)) {
          throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `ratios[${r}][${c}][${i}]`, expected: 'in [0, ∞)', found: values[i] });
        }
      }
    }
  }

  // Checkpoint covering each chronological step.
  const checkpointOf = new Int32Array(T);
  for (let t = 0, c = 0; t < T; t++) {
    while (c + 1 < nCheckpoints && (checkpoints[c + 1] as number) <= t) c++;
    checkpointOf[t] = c;
  }

  // Per order: groups of consecutive steps sharing (checkpoint, integer order).
  const evaluatorFor = stepRdpEvaluatorCache(q);
  const groupsByOrder: StepGroup[][] = orders.map((alpha) => {
    const schedule = holderOrderSchedule({ alpha, lambda, T });
    const groups: StepGroup[] = [];
    let t = 0;
    while (t < T) {
      const c = checkpointOf[t] as number;
      const k = schedule.intOrders[T - 1 - t] as number;
      if (k > maxOrder) throw orderTooLarge(`order of step ${t} (lambda = ${lambda})`, k, maxOrder);
      let end = t + 1;
      while (end < T && checkpointOf[end] === c && schedule.intOrders[T - 1 - end] === k) end++;
      const scales = new Float64Array(end - t);
      for (let s = t; s < end; s++) scales[s - t] = lambda * ((schedule.realOrders[T - 1 - s] as number) - 1);
      groups.push({ checkpoint: c, evaluator: evaluatorFor(k), scales });
      t = end;
    }
    return groups;
  });

  const nOrders = orders.length;
  const diRdp = new Float64Array(nOrders);
  for (let o = 0; o < nOrders; o++) diRdp[o] = T * evaluatorFor(orders[o] as number).at(0.5 / (sigma * sigma));
  if (!diRdp.every(Number.isFinite)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'large enough that the data-independent RDP is finite in float64', found: sigma });
  }
  const di = rdpToEpsilon(orders, diRdp, delta, 'improved');

  // Checkpoint-major sweep (contiguous reads of each run's row), accumulating per record.
  const totals = new Float64Array(nOrders * nRecords);
  const eps = new Float64Array(nRuns);
  const rows: ArrayLike<number>[] = new Array<ArrayLike<number>>(nRuns);
  const invTwoSigma2 = 0.5 / (sigma * sigma);
  const totalGroups = groupsByOrder.reduce((n, groups) => n + groups.length, 0);
  const progressEvery = Math.max(1, Math.ceil(totalGroups / 100));
  let groupsDone = 0;
  for (let o = 0; o < nOrders; o++) {
    const offset = o * nRecords;
    for (const group of groupsByOrder[o] as StepGroup[]) {
      for (let r = 0; r < nRuns; r++) rows[r] = (runs[r] as readonly ArrayLike<number>[])[group.checkpoint] as ArrayLike<number>;
      const evaluator = group.evaluator;
      const scales = group.scales;
      const nSteps = scales.length;
      for (let i = 0; i < nRecords; i++) {
        let max = 0;
        let min = Infinity;
        for (let r = 0; r < nRuns; r++) {
          const ratio = (rows[r] as ArrayLike<number>)[i] as number;
          const e = evaluator.at(ratio * ratio * invTwoSigma2);
          eps[r] = e;
          if (e > max) max = e;
          if (e < min) min = e;
        }
        let total = 0;
        if (min === max) total = max * nSteps;
        else {
          for (let s = 0; s < nSteps; s++) {
            const scale = scales[s] as number;
            let sum = 0;
            for (let r = 0; r < nRuns; r++) {
              const x = (eps[r] as number) - max;
              if (x !== 0) sum += Math.expm1(scale * x);
            }
            total += max + Math.log1p(sum / nRuns) / scale;
          }
        }
        totals[offset + i] = (totals[offset + i] as number) + total;
      }
      groupsDone++;
      if (input.onProgress !== undefined && (groupsDone % progressEvery === 0 || groupsDone === totalGroups)) input.onProgress(groupsDone, totalGroups);
    }
  }

  const records: PerInstanceRecordPrivacy[] = [];
  for (let i = 0; i < nRecords; i++) {
    const perInstanceRdpByOrder = new Float64Array(nOrders);
    const rdpByOrder = new Float64Array(nOrders);
    for (let o = 0; o < nOrders; o++) {
      const total = totals[o * nRecords + i] as number;
      if (!Number.isFinite(total)) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `ratios[·][·][${i}]`, expected: 'small enough relative to the noise multiplier that the RDP is finite in float64', found: total });
      }
      perInstanceRdpByOrder[o] = total;
      rdpByOrder[o] = Math.min(perInstanceRdpByOrder[o] as number, diRdp[o] as number);
    }
    const best = rdpToEpsilon(orders, rdpByOrder, delta, 'improved');
    const own = rdpToEpsilon(orders, perInstanceRdpByOrder, delta, 'improved');
    records.push({
      rdpByOrder,
      perInstanceRdpByOrder,
      epsilon: best.epsilon,
      order: best.order,
      rdp: rdpByOrder[orders.indexOf(best.order)] as number,
      perInstanceEpsilon: own.epsilon,
    });
  }
  return { records, dataIndependent: { rdpByOrder: diRdp, epsilon: di.epsilon, order: di.order }, orders, lambda, runs: nRuns };
}
