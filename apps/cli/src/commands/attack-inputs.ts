/**
 * Reading the input files of `dpbounds attack`: the targets table, the LiRA shadow-score table
 * and the GLiR gradient matrices. Pure I/O and shape checks; the attacks live in
 * `@dpbounds/attacks`.
 */
import type { Matrix, ShadowScores } from '@dpbounds/attacks';
import { shadowScoresFromRows } from '@dpbounds/attacks';
import type { LabelColumn, ReadContext } from '../io/index.js';
import { findDuplicateLabel, readMatrix, readTable, rowNumberLabels } from '../io/index.js';
import { UsageError } from '../usage-error.js';

/** The targets file: ids, scores (higher = member), and membership when known. */
export interface TargetsInput {
  /** Target ids (the file's `id` column, or the row numbers from 0), stored compactly. */
  readonly ids: LabelColumn;
  /** `score`, or the negated `loss`; absent when the file has neither (allowed for GLiR). */
  readonly scores?: Float64Array;
  /** 0/1 membership (one byte a target), when the file has a `member` column. */
  readonly members?: Uint8Array;
}

/**
 * Reads `--targets`: columns `id` (optional; default the row number from 0), `score` or `loss`
 * (a loss is negated: lower loss = more likely member), `member` ∈ {0, 1} (optional).
 *
 * @example await readTargets('targets.csv', io, true)
 */
export async function readTargets(path: string, context: ReadContext, needScores: boolean): Promise<TargetsInput> {
  const table = await readTable(path, context, {
    columns: {
      score: { kind: 'number', required: false },
      member: { kind: 'binary', required: false, aliases: ['label', 'is_member'] },
      loss: { kind: 'number', required: false },
      id: { kind: 'string', required: false },
    },
  });
  if (table.has('score') && table.has('loss')) throw new UsageError(`${path}: give either a "score" or a "loss" column, not both`);
  let scores: Float64Array | undefined;
  if (table.has('score')) scores = table.numbers('score');
  else if (table.has('loss')) scores = Float64Array.from(table.numbers('loss'), (loss) => 0 - loss);
  else if (needScores) throw new UsageError(`${path}: missing column "score" (or "loss"); the attack needs one score per target`);
  const ids = table.has('id') ? table.labels('id') : rowNumberLabels(table.rowCount);
  const duplicate = findDuplicateLabel(ids);
  if (duplicate !== undefined) {
    throw new UsageError(`${path}: column "id", row ${duplicate.second + 1}: id ${JSON.stringify(duplicate.label)} already used in row ${duplicate.first + 1}`);
  }
  return {
    ids,
    ...(scores !== undefined ? { scores } : {}),
    ...(table.has('member') ? { members: table.flags('member') } : {}),
  };
}

/**
 * Reads `--shadow` in long format, one row per (target, shadow model): `id` (matching the targets'
 * ids; or `target`, the 0-based row of the target), `score` (or `loss`, negated), `in` ∈ {0, 1}
 * (1 when that shadow model was trained with the target).
 *
 * @example await readShadow('shadow.csv', io, targets.ids)
 */
export async function readShadow(path: string, context: ReadContext, targetIds: LabelColumn): Promise<ShadowScores> {
  const table = await readTable(path, context, {
    columns: {
      id: { kind: 'string', required: false, aliases: ['target'] },
      score: { kind: 'number', required: false },
      in: { kind: 'binary', aliases: ['is_in', 'keep'] },
      loss: { kind: 'number', required: false },
    },
  });
  if (!table.has('id')) throw new UsageError(`${path}: missing column "id" (or "target"): which target each shadow score belongs to`);
  if (table.has('score') === table.has('loss')) throw new UsageError(`${path}: give exactly one of the columns "score" and "loss"`);
  const scores = table.has('score') ? table.numbers('score') : Float64Array.from(table.numbers('loss'), (loss) => 0 - loss);
  // A JavaScript Map holds at most 2^24 entries: refuse clearly rather than fail inside it.
  if (targetIds.length >= 2 ** 24) throw new UsageError(`--shadow needs at most ${2 ** 24 - 1} targets to match ids; --targets has ${targetIds.length}`);
  const index = new Map<string, number>();
  for (let i = 0; i < targetIds.length; i++) index.set(targetIds.at(i), i);
  const ids = table.labels('id');
  const targetIndex = new Float64Array(ids.length);
  for (let k = 0; k < ids.length; k++) {
    const id = ids.at(k);
    const t = index.get(id);
    if (t === undefined) throw new UsageError(`${path}: column "id", row ${k + 1}: unknown target ${JSON.stringify(id)} (not in --targets)`);
    targetIndex[k] = t;
  }
  return shadowScoresFromRows({ targets: targetIds.length, targetIndex, scores, isIn: table.numbers('in') });
}

/**
 * Reads a gradient matrix (`.npy`, `.csv`, `.json`, `.jsonl`), optionally with a known width.
 *
 * @example await readGradients('gradients.npy', io, 'gradients')
 */
export async function readGradients(path: string, context: ReadContext, columns?: number): Promise<Matrix> {
  const m = await readMatrix(path, context, columns === undefined ? {} : { columns });
  return { rows: m.rows, columns: m.columns, data: m.data };
}
