/**
 * Per-instance privacy of many records from checkpointed gradient norms over several training
 * runs, in both directions of the neighbouring pair: per-record RDP curve (Thudi et al. 2024,
 * Thm 3.2 per step, Thm 3.3 over the steps), its (ε, δ), and the data-independent guarantee of
 * the same run for comparison. Derivation: docs/math/per-instance-rdp.md. This is what
 * `dpbounds per-instance` computes from a trace.
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInteger, requireObject } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { chooseHolderLambda } from './holder-order-schedule.js';
import { checkpointOfStep, composeGroup, stepGroups } from './checkpointed-composition.js';
import type { StepGroup } from './checkpointed-composition.js';
import { stepRdpEvaluatorCache, type StepRdpEvaluator } from '../rdp/sampled-gaussian-integer-rdp.js';
import { PER_INSTANCE_MAX_STEPS } from './per-instance-work.js';
import { checkNonEmpty, checkPerInstanceSchedule, checkPositive } from './validate-per-instance.js';
import { recordFromDirections } from './record-from-directions.js';

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
  /** Number of training steps T, 1 ≤ T ≤ {@link PER_INSTANCE_MAX_STEPS}. */
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
  /**
   * `excludedRecords[run]`: indices (into the records) of the targets that run did NOT train on
   * (default: every run trained on every target). For a record, the runs that trained on it
   * estimate D_α(M(X')‖M(X)) and the runs that did not estimate D_α(M(X)‖M(X')); the
   * per-instance RDP is the larger of the two (Thm 3.3 takes its expectation over runs on the
   * first argument's dataset).
   */
  readonly excludedRecords?: readonly ArrayLike<number>[];
  /** Largest integer order allowed in the composition (default 10 000). */
  readonly maxOrder?: number;
  /** Called about 100 times with (work done, total work), in units of step groups. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Which directions of the pair (X = without the record, X' = with it) a record's runs cover:
 * `both` (runs with and without it: the per-instance RDP proper), `with-record` (only
 * D_α(M(X')‖M(X)) is estimated) or `without-record` (only D_α(M(X)‖M(X'))).
 */
export type PerInstanceCoverage = 'both' | 'with-record' | 'without-record';

/** Which bound a record's reported ε comes from (see {@link PerInstanceRecordPrivacy.bound}). */
export type PerInstanceBound = 'per-instance' | 'data-independent';

/** One direction's estimate for one record. */
export interface PerInstanceDirection {
  /** Runs the expectation of this direction was estimated from. */
  readonly runs: number;
  /** Composed per-instance RDP of this direction at each of `orders` (Thm 3.3). */
  readonly rdpByOrder: Float64Array;
  /** ε at δ from `rdpByOrder` alone. */
  readonly epsilon: number;
}

/** One record's result from {@link perInstancePrivacy}. */
export interface PerInstanceRecordPrivacy {
  /** min(per-instance, data-independent) RDP at each of `orders`. */
  readonly rdpByOrder: Float64Array;
  /** The per-instance estimate at each of `orders`: the max over the covered directions, before the min. */
  readonly perInstanceRdpByOrder: Float64Array;
  /**
   * ε at δ from `rdpByOrder` (minimised over the orders); never above the data-independent ε,
   * which is as valid a bound for this record as the per-instance one.
   */
  readonly epsilon: number;
  /**
   * Which bound gave `epsilon`: `per-instance` when it is below the data-independent ε (the
   * per-instance estimate helped, at least at one order), `data-independent` when it equals it
   * (then `epsilon` is the guarantee itself, and `perInstanceEpsilon` may be above it: the
   * composition evaluates earlier steps at larger, rounded-up orders).
   */
  readonly bound: PerInstanceBound;
  /** The order attaining `epsilon`. */
  readonly order: number;
  /** The RDP at `order` (from `rdpByOrder`). */
  readonly rdp: number;
  /** ε at δ from the per-instance estimate alone. */
  readonly perInstanceEpsilon: number;
  /** Runs that trained on the record: the D_α(M(X')‖M(X)) direction, or null when none did. */
  readonly withRecord: PerInstanceDirection | null;
  /** Runs that did not train on the record: the D_α(M(X)‖M(X')) direction, or null when none. */
  readonly withoutRecord: PerInstanceDirection | null;
  /** Which directions `perInstanceRdpByOrder` covers; anything but `both` is one-sided. */
  readonly coverage: PerInstanceCoverage;
  /** Always `estimate`: the expectation over runs is a finite-sample mean (Fact 3.5). */
  readonly kind: 'estimate';
}

/** Output of {@link perInstancePrivacy}. */
export interface PerInstancePrivacy {
  readonly records: readonly PerInstanceRecordPrivacy[];
  /** Data-independent guarantee of the same run at the same orders: T·ε_α(q, σ, 1), and its ε. */
  readonly dataIndependent: {
    readonly rdpByOrder: Float64Array;
    readonly epsilon: number;
    readonly order: number;
    readonly kind: 'guarantee';
  };
  readonly orders: readonly number[];
  /** The Hölder constant used. */
  readonly lambda: number;
  /** Number of runs in the input (both directions). */
  readonly runs: number;
  /** Kind of the per-record values: `estimate`. */
  readonly kind: 'estimate';
  /** The pair X vs X ∪ {x*}: add-remove. */
  readonly neighbouring: NeighbouringRelation;
}

/**
 * Per-instance (ε, δ) of every target record of a sum-rule DP-SGD run, from gradient-norm ratios
 * measured at checkpoints in several runs, with and without the record.
 *
 * For each order α: the schedule a_j = 1 + (α−1)(λ/(λ−1))^j (j = T−1−t), per-step RDP
 * ε_t^(r) = ε_{ceil(a_j)}(q, σ, r) (Thm 3.2, with the ratio of the checkpoint covering step t in
 * run r), composed as Σ_t (1/(λ m_j)) ln mean_r exp(λ m_j ε_t^(r)) with m_j = a_j − 1 (Thm 3.3),
 * once over the runs that trained on the record and once over those that did not. The
 * per-instance RDP is the larger of the two (Thudi et al. 2024, §4: "the max of this quantity and
 * the quantity [with the record] bounds the data-dependent Rényi-DP guarantee"). The
 * data-independent RDP of the same run is T·ε_α(q, σ, 1) (plain composition); both bound D_α
 * for the record, so `rdpByOrder` reports their minimum. ε is converted with the improved
 * RDP → (ε, δ) conversion (Balle et al. 2020, Thm 21) and minimised over `orders`.
 *
 * Gotchas: the per-instance value is an estimate (the expectation over runs is a sample mean;
 * see {@link hoeffdingRuns}); a record whose runs cover only one direction has a one-sided
 * estimate (`coverage`); checkpoints between steps make it an interpolation (a step uses the
 * last measured norm); the analysis assumes the sum rule and Poisson sampling.
 * Cost: see {@link perInstanceWorkEstimate}; 10 000 records × 1 000 checkpoints × 5 runs takes a
 * few seconds.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the field for invalid input (orders not
 * integers ≥ 2, δ ∉ (0,1), λ ≤ 1, q ∉ [0,1], σ ≤ 0, T above {@link PER_INSTANCE_MAX_STEPS},
 * checkpoint steps not increasing in [0, T−1], ratio arrays of the wrong shape, negative or
 * non-finite ratios, excluded indices out of range or repeated, an order above maxOrder).
 * @example
 * perInstancePrivacy({ orders: [8], delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1, steps: 2,
 *   checkpointSteps: [0, 1], recordCount: 1, ratios: [[[0.1], [0.2]], [[0.15], [0.1]]],
 *   excludedRecords: [[], [0]] }).records[0].coverage // 'both'
 */
export function perInstancePrivacy(input: PerInstancePrivacyInput): PerInstancePrivacy {
  requireObject('input', input);
  const { maxOrder, orders, delta, samplingRate: q, steps: T, lambda, recordCount: nRecords, checkpointSteps: checkpoints } = checkPerInstanceSchedule(input, 0, PER_INSTANCE_MAX_STEPS);
  const sigma = checkPositive('noiseMultiplier', input.noiseMultiplier);
  const nCheckpoints = checkpoints.length;
  const runs = input.ratios;
  checkNonEmpty('ratios', runs, 'runs');
  const nRuns = runs.length;
  checkRatios(runs, nCheckpoints, nRecords);
  const excluded = excludedMask(input.excludedRecords, nRuns, nRecords);

  const checkpointOf = checkpointOfStep(checkpoints, T);

  // Per order: groups of consecutive steps sharing (checkpoint, integer order).
  const evaluatorFor = stepRdpEvaluatorCache(q);
  const groupsByOrder: StepGroup<StepRdpEvaluator>[][] = orders.map((alpha) => stepGroups(alpha, lambda, T, checkpointOf, maxOrder, evaluatorFor));

  const nOrders = orders.length;
  const diRdp = new Float64Array(nOrders);
  for (let o = 0; o < nOrders; o++) diRdp[o] = T * evaluatorFor(orders[o] as number).at(0.5 / (sigma * sigma));
  if (!diRdp.every(Number.isFinite)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'large enough that the data-independent RDP is finite in float64', found: sigma });
  }
  const di = rdpCurveToEpsilon(orders, diRdp, delta, 'improved');

  // Checkpoint-major sweep (contiguous reads of each run's row), accumulating per record and
  // direction: totals[(o·nRecords + i)·2 + d], d = 0 with the record, 1 without.
  const totals = new Float64Array(nOrders * nRecords * 2);
  const epsWith = new Float64Array(nRuns);
  const epsWithout = new Float64Array(nRuns);
  const rows: ArrayLike<number>[] = new Array<ArrayLike<number>>(nRuns);
  const invTwoSigma2 = 0.5 / (sigma * sigma);
  const totalGroups = groupsByOrder.reduce((n, groups) => n + groups.length, 0);
  const progressEvery = Math.max(1, Math.ceil(totalGroups / 100));
  let groupsDone = 0;
  for (let o = 0; o < nOrders; o++) {
    const offset = o * nRecords;
    for (const group of groupsByOrder[o] as StepGroup<StepRdpEvaluator>[]) {
      for (let r = 0; r < nRuns; r++) rows[r] = (runs[r] as readonly ArrayLike<number>[])[group.checkpoint] as ArrayLike<number>;
      const evaluator = group.order;
      for (let i = 0; i < nRecords; i++) {
        let nWith = 0;
        let nWithout = 0;
        for (let r = 0; r < nRuns; r++) {
          const ratio = (rows[r] as ArrayLike<number>)[i] as number;
          const e = evaluator.at(ratio * ratio * invTwoSigma2);
          if (excluded !== undefined && excluded[r * nRecords + i] === 1) epsWithout[nWithout++] = e;
          else epsWith[nWith++] = e;
        }
        const at = (offset + i) * 2;
        if (nWith > 0) totals[at] = (totals[at] as number) + composeGroup(epsWith, nWith, group.scales);
        if (nWithout > 0) totals[at + 1] = (totals[at + 1] as number) + composeGroup(epsWithout, nWithout, group.scales);
      }
      groupsDone++;
      if (input.onProgress !== undefined && (groupsDone % progressEvery === 0 || groupsDone === totalGroups)) input.onProgress(groupsDone, totalGroups);
    }
  }

  // Every record's curves are views of four shared arrays (one slot of nOrders per record and
  // curve): with many records, one typed array each instead of four per record.
  const records: PerInstanceRecordPrivacy[] = [];
  const curves = Array.from({ length: 4 }, () => new Float64Array(nRecords * nOrders));
  const slot = (curve: number, i: number): Float64Array => (curves[curve] as Float64Array).subarray(i * nOrders, (i + 1) * nOrders);
  for (let i = 0; i < nRecords; i++) {
    const [runsWith, runsWithout] = directionCounts(excluded, nRuns, nRecords, i);
    const direction = (d: 0 | 1, count: number): PerInstanceDirection | null => {
      if (count === 0) return null;
      const rdpByOrder = slot(d, i);
      for (let o = 0; o < nOrders; o++) rdpByOrder[o] = finiteTotal(totals[(o * nRecords + i) * 2 + d] as number, i);
      return { runs: count, rdpByOrder, epsilon: rdpCurveToEpsilon(orders, rdpByOrder, delta, 'improved').epsilon };
    };
    const withRecord = direction(0, runsWith);
    const withoutRecord = direction(1, runsWithout);
    records.push(recordFromDirections(orders, delta, diRdp, di.epsilon, withRecord, withoutRecord, { perInstanceRdpByOrder: slot(2, i), rdpByOrder: slot(3, i) }));
  }
  return {
    records,
    dataIndependent: { rdpByOrder: diRdp, epsilon: di.epsilon, order: di.order, kind: 'guarantee' },
    orders,
    lambda,
    runs: nRuns,
    kind: 'estimate',
    neighbouring: 'add-remove',
  };
}

/** Validates `ratios[run][checkpoint][record]`: shape, finiteness and r ≥ 0. */
function checkRatios(runs: readonly (readonly ArrayLike<number>[])[], nCheckpoints: number, nRecords: number): void {
  for (let r = 0; r < runs.length; r++) {
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
}

/** `mask[r·nRecords + i] = 1` when run r did not train on record i; undefined when no run excludes any. */
function excludedMask(excludedRecords: readonly ArrayLike<number>[] | undefined, nRuns: number, nRecords: number): Uint8Array | undefined {
  if (excludedRecords === undefined) return undefined;
  if (!Array.isArray(excludedRecords) || excludedRecords.length !== nRuns) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'excludedRecords', expected: `one list of record indices per run (${nRuns})`, found: excludedRecords });
  }
  const mask = new Uint8Array(nRuns * nRecords);
  for (let r = 0; r < nRuns; r++) {
    const list = requireFiniteArray(`excludedRecords[${r}]`, excludedRecords[r] as ArrayLike<number>);
    for (let k = 0; k < list.length; k++) {
      const i = requireInteger(`excludedRecords[${r}][${k}]`, list[k], { min: 0, max: nRecords - 1 });
      if (mask[r * nRecords + i] === 1) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `excludedRecords[${r}][${k}]`, expected: 'a record index not already listed for this run', found: i });
      }
      mask[r * nRecords + i] = 1;
    }
  }
  return mask;
}

/** Numbers of runs with and without record i. */
function directionCounts(mask: Uint8Array | undefined, nRuns: number, nRecords: number, i: number): [number, number] {
  if (mask === undefined) return [nRuns, 0];
  let without = 0;
  for (let r = 0; r < nRuns; r++) without += mask[r * nRecords + i] as number;
  return [nRuns - without, without];
}

function finiteTotal(total: number, i: number): number {
  if (Number.isFinite(total)) return total;
  throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `ratios[·][·][${i}]`, expected: 'small enough relative to the noise multiplier that the RDP is finite in float64', found: total });
}
