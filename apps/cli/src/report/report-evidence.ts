/**
 * The evidence `dpbounds report` reads beside the run file, each optional: attack scores with
 * membership (and LiRA shadow scores), canary scores for the one-run audits, a per-instance
 * gradient-norm trace, an attribute-sensitivity trace, and the trainer's gradient statistics and
 * held-out evaluation. Every file is read by the reader of the command that owns its format
 * (`attack`, `audit`, `per-instance`), so a file that one command accepts the report accepts too,
 * with the same messages. `dpbounds demo` writes its evidence to files and reads it back through
 * this module: one path from evidence to report.
 */
import { liraOffline, liraOnline } from '@dpbounds/attacks';
import { aiSensitivities, validateAiSensitivityTrace } from '@dpbounds/sgd-instrumentation';
import type { AiSensitivityTrace, CanaryScoresTrace, EvaluationTrace, GradientStatsTrace, PerInstanceTraceTable } from '@dpbounds/sgd-instrumentation';
import { basename } from 'node:path';
import type { CommandIo } from '../command.js';
import { decodeText, readInputBytes } from '../io/read-file.js';
import { readTable } from '../io/index.js';
import { UsageError } from '../usage-error.js';
import { readShadow, readTargets } from '../commands/attack-inputs.js';
import { readReleasedValues } from '../commands/audit-released.js';
import { readPerInstanceTraceInput } from '../io/per-instance-trace-input.js';
import type { ReleasedValues } from '../commands/audit-released.js';
import { requireJsonDepth } from '../io/json-depth.js';

/** The evidence flags of `dpbounds report`, each with the section it feeds (for "not available" lines). */
export const EVIDENCE_FLAGS = {
  targets: 'membership attack (scores with membership)',
  shadow: 'LiRA on the attack scores (shadow-model scores)',
  'canary-scores': 'one-run audit (Dirac canaries, white-box)',
  'input-canary-scores': 'one-run audit (input canaries, black-box)',
  released: 'one-run audit from released values (Dirac canaries, scored by dpbounds)',
  'canary-bits': 'the 0/1 insertion bits of the canaries in --released',
  'per-instance-trace': 'per-instance ε',
  'sensitivity-trace': 'Bayes security against attribute inference',
  'gradient-stats': 'μ-GMIP of measured targets',
  evaluation: 'β* and accuracy over training',
} as const;

/** An attack's scores with membership, ready to evaluate. */
export interface AttackEvidence {
  /** Higher = more likely member. */
  readonly scores: Float64Array;
  readonly members: Uint8Array;
  /** `loss` (threshold on the given score or negated loss), `lira-online` or `lira-offline`. */
  readonly method: 'loss' | 'lira-online' | 'lira-offline';
  /** What the scores are, in words. */
  readonly description: string;
}

/** Everything a report can use besides the run file; every field is optional. */
export interface ReportEvidence {
  readonly attack?: AttackEvidence;
  /** White-box audit: Dirac gradient canaries scored on the released updates. */
  readonly canaryScores?: CanaryScoresTrace;
  /** White-box audit from the released noisy sums on the canaries' coordinates, scored by dpbounds (not trusting the claimed σ). */
  readonly released?: ReleasedValues;
  /** Black-box audit: input-space canaries scored on the final model. */
  readonly inputCanaryScores?: CanaryScoresTrace;
  readonly perInstance?: PerInstanceTraceTable;
  readonly aiSensitivity?: AiSensitivityTrace;
  readonly gradientStats?: GradientStatsTrace;
  readonly evaluation?: EvaluationTrace;
}

/** Evidence file paths, by flag. */
export type EvidencePaths = Partial<Record<keyof typeof EVIDENCE_FLAGS, string>>;

type Json = Record<string, unknown>;

async function readJson(flag: string, path: string, io: CommandIo): Promise<unknown> {
  let text: string;
  try {
    text = decodeText(path, await readInputBytes(path, io.cwd));
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`--${flag} ${error.message}`);
    throw error;
  }
  requireJsonDepth(`--${flag} ${path}`, text);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${flag} ${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function requireFormat(flag: string, path: string, value: unknown, format: string): Json {
  const o = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  if (o?.['format'] !== format || o['version'] !== 1) {
    throw new UsageError(`--${flag} ${path}: expected a "${format}" trace, version 1 (as dpbounds train writes it); found format ${JSON.stringify(o?.['format'])}, version ${JSON.stringify(o?.['version'])}`);
  }
  return o;
}

/**
 * Canary scores: the trainer's canary trace (`.json`, format `dpbounds.canary-scores`) or a
 * table with columns `score` and `member` (as `dpbounds audit --scores` reads it).
 */
async function readCanaryScores(flag: string, path: string, io: CommandIo, kind: 'dirac' | 'input'): Promise<CanaryScoresTrace> {
  if (path.toLowerCase().endsWith('.json')) {
    const value = await readJson(flag, path, io);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'format' in value) {
      const o = requireFormat(flag, path, value, 'dpbounds.canary-scores');
      const scores = o['scores'];
      if (!Array.isArray(scores) || scores.some((s: unknown) => typeof (s as Json)?.['score'] !== 'number' || ((s as Json)['member'] !== 0 && (s as Json)['member'] !== 1))) {
        throw new UsageError(`--${flag} ${path}: "scores" must be an array of { "score": number, "member": 0 or 1 }`);
      }
      return o as unknown as CanaryScoresTrace;
    }
  }
  const table = await readTable(path, io, { columns: { score: { kind: 'number', required: true }, member: { kind: 'binary', required: true, aliases: ['label', 'is_member'] } } }).catch((error: unknown) => {
    if (error instanceof UsageError) throw new UsageError(`--${flag} ${error.message}`);
    throw error;
  });
  const scores = table.numbers('score');
  const members = table.flags('member');
  return {
    format: 'dpbounds.canary-scores',
    version: 1,
    kind,
    scoring: `as given in ${basename(path)}`,
    canaries: table.rowCount,
    scores: Array.from(scores, (score, i) => ({ id: i, score, member: members[i] as 0 | 1 })),
  };
}

/** Attack scores from `--targets` (with `member`), through LiRA when `--shadow` is given. */
async function readAttack(paths: EvidencePaths, io: CommandIo, method: 'lira-online' | 'lira-offline' | undefined): Promise<AttackEvidence | undefined> {
  if (paths.targets === undefined) {
    if (paths.shadow !== undefined) throw new UsageError('--shadow needs --targets (the scores of the attacked model, with membership)');
    return undefined;
  }
  const targets = await readTargets(paths.targets, io, true);
  if (targets.members === undefined) throw new UsageError(`--targets ${paths.targets}: the report needs a "member" column (1 = trained on, 0 = not) to evaluate the attack`);
  const scores = targets.scores as Float64Array;
  if (paths.shadow === undefined) return { scores, members: targets.members, method: 'loss', description: `threshold on the scores of ${basename(paths.targets)} (higher = member; a loss is negated)` };
  const shadow = await readShadow(paths.shadow, io, targets.ids);
  const chosen = method ?? 'lira-online';
  const result = chosen === 'lira-online' ? liraOnline(scores, shadow, { variance: 'per-example' }) : liraOffline(scores, shadow, { variance: 'per-example', alternative: 'greater' });
  return { scores: Float64Array.from(result.scores), members: targets.members, method: chosen, description: `${chosen} (Carlini et al. 2022) on ${basename(paths.targets)} with the shadow-model scores of ${basename(paths.shadow)}` };
}

/**
 * Reads every evidence file given (paths relative to `io.cwd`), each with its command's reader.
 *
 * @throws UsageError naming the flag and the file.
 * @example const evidence = await readReportEvidence({ targets: 'targets.csv' }, io);
 */
export async function readReportEvidence(paths: EvidencePaths, io: CommandIo, options: { readonly attackMethod?: 'lira-online' | 'lira-offline'; readonly steps?: number } = {}): Promise<ReportEvidence> {
  const evidence: { -readonly [K in keyof ReportEvidence]: ReportEvidence[K] } = {};
  if ((paths.released === undefined) !== (paths['canary-bits'] === undefined)) {
    throw new UsageError(paths.released === undefined ? '--canary-bits needs --released (the released values the bits belong to)' : '--released needs --canary-bits (which canaries were inserted: m values 0/1)');
  }
  if (paths.released !== undefined && paths['canary-scores'] !== undefined) {
    throw new UsageError('give --canary-scores (scores you computed) or --released with --canary-bits (dpbounds scores them), not both: they are the same white-box audit');
  }
  if (paths.released !== undefined && paths['canary-bits'] !== undefined) {
    evidence.released = await readReleasedValues(io, { released: paths.released, canaryBits: paths['canary-bits'] }, { steps: options.steps ?? Number.NaN }, { released: '--released', canaryBits: '--canary-bits', steps: 'steps (run file)' });
  }
  const attack = await readAttack(paths, io, options.attackMethod);
  if (attack !== undefined) evidence.attack = attack;
  if (paths['canary-scores'] !== undefined) evidence.canaryScores = await readCanaryScores('canary-scores', paths['canary-scores'], io, 'dirac');
  if (paths['input-canary-scores'] !== undefined) evidence.inputCanaryScores = await readCanaryScores('input-canary-scores', paths['input-canary-scores'], io, 'input');
  const trace = paths['per-instance-trace'];
  if (trace !== undefined) {
    try {
      evidence.perInstance = await readPerInstanceTraceInput(trace, io.cwd);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new UsageError(`--per-instance-trace ${trace}: ${message}`);
    }
  }
  const sensitivity = paths['sensitivity-trace'];
  if (sensitivity !== undefined) {
    const value = await readJson('sensitivity-trace', sensitivity, io);
    try {
      evidence.aiSensitivity = validateAiSensitivityTrace(value);
      aiSensitivities(evidence.aiSensitivity);
    } catch (error) {
      throw new UsageError(`--sensitivity-trace ${sensitivity}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const stats = paths['gradient-stats'];
  if (stats !== undefined) {
    const o = requireFormat('gradient-stats', stats, await readJson('gradient-stats', stats, io), 'dpbounds.gradient-stats');
    if (!Array.isArray(o['checkpoints']) || o['checkpoints'].length === 0) throw new UsageError(`--gradient-stats ${stats}: "checkpoints" must be a non-empty array`);
    evidence.gradientStats = o as unknown as GradientStatsTrace;
  }
  const evaluation = paths.evaluation;
  if (evaluation !== undefined) {
    const o = requireFormat('evaluation', evaluation, await readJson('evaluation', evaluation, io), 'dpbounds.evaluation');
    if (!Array.isArray(o['points'])) throw new UsageError(`--evaluation ${evaluation}: "points" must be an array of { step, accuracy }`);
    evidence.evaluation = o as unknown as EvaluationTrace;
  }
  return evidence;
}
