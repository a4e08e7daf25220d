/**
 * Shadow-model scores per target, as LiRA consumes them (Carlini, Chien, Nasr, Song, Terzis &
 * Tramèr 2022, "Membership Inference Attacks From First Principles", IEEE S&P, §IV): for target i,
 * the scores of shadow models trained with it ("in") and without it ("out"). Stored ragged
 * (CSR), since with random half-splits the numbers of in and out models vary per target.
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';
import { membershipLabels } from '../validate/membership-labels.js';
import { MAX_ALLOCATED_VALUES, requireCountProduct } from '../validate/size-limits.js';

/** Ragged per-target shadow scores: target i owns entries offsets[i] … offsets[i + 1] − 1. */
export interface ShadowScores {
  /** Length targets + 1, non-decreasing, offsets[0] = 0, last = scores.length. */
  readonly offsets: Uint32Array;
  /** The shadow scores (same scale as the target scores, e.g. logit-scaled confidence). */
  readonly scores: Float64Array;
  /** 1 when that shadow model was trained with the target ("in"), 0 otherwise. */
  readonly isIn: Uint8Array;
}

/**
 * Shadow scores from a targets × shadows matrix and a same-shape 0/1 mask of which shadow models
 * contain which target (the layout of Carlini et al.'s released `scores` and `keep` arrays).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for mismatched shapes, non-finite scores or a mask
 * value other than 0/1.
 * @example shadowScoresFromMatrix(matrixFromRows([[1, 2], [3, 4]]), [1, 0, 0, 1])
 */
export function shadowScoresFromMatrix(scores: Matrix, inMask: ArrayLike<boolean | number>): ShadowScores {
  requireMatrix('scores', scores, { minRows: 1 });
  const isIn = membershipLabels('inMask', inMask, scores.rows * scores.columns);
  const offsets = new Uint32Array(scores.rows + 1);
  for (let i = 0; i <= scores.rows; i++) offsets[i] = i * scores.columns;
  return { offsets, scores: scores.data, isIn };
}

/** Long-format shadow scores for {@link shadowScoresFromRows}: one entry per (target, shadow model) row. */
export interface ShadowScoreRows {
  /** Number of targets; `targetIndex` values lie in [0, targets). */
  readonly targets: number;
  /** Which target each row belongs to. */
  readonly targetIndex: ArrayLike<number>;
  /** The shadow model's score of that target (finite). */
  readonly scores: ArrayLike<number>;
  /** Whether the target was in that shadow model's training set (boolean or 0/1). */
  readonly isIn: ArrayLike<boolean | number>;
}

/**
 * Shadow scores from long-format rows (one row per target × shadow model, as a CSV or JSON Lines
 * file holds them): `targetIndex[k]` says which target row k belongs to (0 … targets − 1).
 *
 * At most 2²⁶ − 1 targets (the offsets hold targets + 1 values), refused before allocating.
 *
 * @throws DpboundsTypeError / DpboundsRangeError for mismatched lengths, non-finite scores, an
 * index outside [0, targets) or more than 2²⁶ − 1 targets.
 * @example shadowScoresFromRows({ targets: 2, targetIndex: [0, 1, 0], scores: [0.5, 0.1, 0.7], isIn: [1, 0, 0] })
 */
export function shadowScoresFromRows(rows: ShadowScoreRows): ShadowScores {
  const { targets, targetIndex, scores, isIn } = requireOptions<ShadowScoreRows>('rows', rows, ['targets', 'targetIndex', 'scores', 'isIn']);
  requireInteger('targets', targets, { min: 0 });
  requireCountProduct([['targets', targets]], MAX_ALLOCATED_VALUES - 1, 'targets (the offsets hold targets + 1 values)', '2^26 − 1');
  requireFiniteArray('scores', scores);
  requireFiniteArray('targetIndex', targetIndex);
  if (targetIndex.length !== scores.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'targetIndex', expected: `${scores.length} entries (one per score)`, found: targetIndex });
  }
  const flags = membershipLabels('isIn', isIn, scores.length);
  const counts = new Uint32Array(targets + 1);
  for (let k = 0; k < targetIndex.length; k++) {
    const t = targetIndex[k] as number;
    if (!Number.isInteger(t) || t < 0 || t >= targets) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `targetIndex[${k}]`, expected: `an integer in [0, ${targets})`, found: t });
    }
    counts[t + 1] = (counts[t + 1] as number) + 1;
  }
  const offsets = new Uint32Array(targets + 1);
  for (let i = 0; i < targets; i++) offsets[i + 1] = (offsets[i] as number) + (counts[i + 1] as number);
  const cursor = offsets.slice(0, targets);
  const outScores = new Float64Array(scores.length);
  const outIn = new Uint8Array(scores.length);
  for (let k = 0; k < scores.length; k++) {
    const t = targetIndex[k] as number;
    const at = cursor[t] as number;
    outScores[at] = scores[k] as number;
    outIn[at] = flags[k] as number;
    cursor[t] = at + 1;
  }
  return { offsets, scores: outScores, isIn: outIn };
}

/**
 * Checks a {@link ShadowScores} against a number of targets. Returns it unchanged.
 *
 * @example requireShadowScores(shadow, targetScores.length)
 */
export function requireShadowScores(shadow: ShadowScores, targets: number): ShadowScores {
  requireObject('shadow', shadow);
  requireInteger('targets', targets, { min: 0 });
  requireFiniteArray('shadow.scores', shadow.scores);
  requireFiniteArray('shadow.isIn', shadow.isIn);
  const { offsets, scores, isIn } = shadow;
  if (!(offsets instanceof Uint32Array) || offsets.length !== targets + 1) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'shadow.offsets', expected: `a Uint32Array of length targets + 1 = ${targets + 1}`, found: offsets });
  }
  if (offsets[0] !== 0 || offsets[targets] !== scores.length || isIn.length !== scores.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'shadow', expected: `offsets from 0 to scores.length = ${scores.length} and isIn of the same length`, found: shadow });
  }
  for (let i = 0; i < targets; i++) {
    if ((offsets[i + 1] as number) < (offsets[i] as number)) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `shadow.offsets[${i + 1}]`, expected: `≥ offsets[${i}] = ${offsets[i]}`, found: offsets[i + 1] });
    }
  }
  requireFiniteArray('shadow.scores', scores);
  return shadow;
}
