/**
 * `dpbounds attack`: a membership-inference attack on recorded scores or gradients (docs/cli.md).
 * Reads the files, runs the attack from `@dpbounds/attacks`, evaluates it when membership is
 * known, and writes per-target scores and p-values (`--out`, the input of `dpbounds audit --scores`).
 */
import type { AttackScores } from '@dpbounds/attacks';
import type { GlirResult, GradientDistribution } from '@dpbounds/attacks';
import { evaluateAttack, fitGradientDistribution, glirAttack, liraOffline, liraOnline } from '@dpbounds/attacks';
import { selectCoordinates, sumStepLogPValues } from '@dpbounds/attacks/advanced';
import type { Matrix } from '@dpbounds/attacks';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import type { ParsedFlags } from '../flags.js';
import { choice, hasFlag, numberList, optionalNumber, optionalString, requiredNumber, requiredString } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { formatTableChunks, formatTableFile, planOutputs, rowNumberLabels } from '../io/index.js';
import type { LabelColumn, OutputColumn, OutputPlan } from '../io/index.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { attackSamplerFlags, readAttackSampler } from './attack-sampler.js';
import type { TargetsInput } from './attack-inputs.js';
import { readGradients, readShadow, readTargets } from './attack-inputs.js';
import { prefixFlag } from '../io/json-depth.js';

const METHODS = ['loss', 'lira-online', 'lira-offline', 'glir'] as const;
type Method = (typeof METHODS)[number];

interface AttackRun {
  readonly ids: LabelColumn;
  readonly result: AttackScores;
  readonly members?: Uint8Array;
  /** Method-specific per-target columns for --out (GLiR: susceptibility K̂ and statistic S). */
  readonly extra?: Readonly<Record<string, Float64Array>>;
}

function forbid(flags: ParsedFlags, method: Method, names: readonly string[]): void {
  for (const name of names) {
    if (flags[name] !== undefined) throw new UsageError(`--${name} does not apply to --method ${method}`);
  }
}

async function runScoreAttack(method: Exclude<Method, 'glir'>, flags: ParsedFlags, io: CommandIo): Promise<AttackRun> {
  // with --sampling, --batch-size describes the attacked run (attack-sampler.ts)
  forbid(flags, method, ['gradients', 'reference', 'update', ...(flags.sampling === undefined ? ['batch-size'] : []), 'ridge', 'statistic-factor']);
  const targets: TargetsInput = await readTargets(requiredString(flags, 'targets', 'a file of per-target scores'), io, true).catch(prefixFlag('--targets'));
  const scores = targets.scores as Float64Array;
  let result: AttackScores;
  if (method === 'loss') {
    forbid(flags, method, ['shadow', 'variance', 'alternative']);
    result = { scores };
  } else {
    const shadow = await readShadow(requiredString(flags, 'shadow', 'a file of shadow-model scores'), io, targets.ids).catch(prefixFlag('--shadow'));
    const variance = choice(flags, 'variance', ['per-example', 'fixed'] as const, 'per-example');
    if (method === 'lira-online') {
      forbid(flags, method, ['alternative']);
      result = liraOnline(scores, shadow, { variance });
    } else {
      result = liraOffline(scores, shadow, { variance, alternative: choice(flags, 'alternative', ['greater', 'two-sided'] as const, 'greater') });
    }
  }
  return { ids: targets.ids, result, ...(targets.members !== undefined ? { members: targets.members } : {}) };
}

/** A comma-separated list of file paths (`a.npy,b.npy`: one per training step). */
function pathList(flags: ParsedFlags, flag: string, what: string): string[] {
  const parts = requiredString(flags, flag, what).split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new UsageError(`--${flag} must be a file or a comma-separated list of files; found ${JSON.stringify(flags[flag])}`);
  return parts;
}

async function runGlir(flags: ParsedFlags, io: CommandIo): Promise<AttackRun> {
  forbid(flags, 'glir', ['shadow', 'variance', 'alternative']);
  const gradientPaths = pathList(flags, 'gradients', 'a file of per-target gradients (or one per step, comma-separated)');
  const updatePaths = pathList(flags, 'update', 'a file with the released update (or one per step, comma-separated)');
  const referencePaths = pathList(flags, 'reference', 'a file of reference (non-member) gradients (or one per step)');
  const steps = gradientPaths.length;
  if (updatePaths.length !== steps || (referencePaths.length !== 1 && referencePaths.length !== steps)) {
    throw new UsageError(
      `--gradients lists ${steps} step${steps === 1 ? '' : 's'}: give as many --update files (found ${updatePaths.length}) and one or ${steps} --reference files (found ${referencePaths.length})`,
    );
  }
  const batchSize = requiredNumber(flags, 'batch-size', { min: 1, integer: true });
  const ridge = optionalNumber(flags, 'ridge', { min: 0 });
  const coordinates = optionalNumber(flags, 'coordinates', { min: 1, integer: true });
  const statisticFactor = choice(flags, 'statistic-factor', ['n', 'n-1'] as const, 'n');
  /** Columns P of the first reference file: every gradient file must have the same. */
  let rawColumns: number | undefined;
  /** Reads a gradient matrix (P columns) and keeps every ⌊P/d⌋-th coordinate when --coordinates d is given. */
  const load = async (path: string, flag: string): Promise<Matrix> => {
    const m = await readGradients(path, io, rawColumns).catch(prefixFlag(flag));
    rawColumns ??= m.columns;
    if (coordinates === undefined) return m;
    if (coordinates > m.columns) throw new UsageError(`--coordinates must be at most the number of columns of ${path} (${m.columns}); found ${coordinates}`);
    return selectCoordinates(m, coordinates);
  };
  const targetsPath = optionalString(flags, 'targets');
  const targets = targetsPath === undefined ? undefined : await readTargets(targetsPath, io, false).catch(prefixFlag('--targets'));
  let targetCount = targets?.ids.length;
  const results: GlirResult[] = [];
  let distribution: GradientDistribution | undefined;
  const progress = createProgress(io, 'GLiR steps', steps);
  for (let t = 0; t < steps; t++) {
    progress.update(t);
    if (distribution === undefined || referencePaths.length > 1) {
      const reference = await load(referencePaths[t] ?? (referencePaths[0] as string), '--reference');
      distribution = fitGradientDistribution(reference, ridge === undefined ? {} : { ridge });
    }
    const gradientPath = gradientPaths[t] as string;
    const gradients = await load(gradientPath, '--gradients');
    if (targetCount !== undefined && gradients.rows !== targetCount) {
      throw new UsageError(`${gradientPath}: wrong shape: expected ${targetCount} rows (one per target${targets === undefined ? ', like the first step' : ` in ${String(targetsPath)}`}), found ${gradients.rows}`);
    }
    targetCount = gradients.rows;
    const updatePath = updatePaths[t] as string;
    const updates = await load(updatePath, '--update');
    if (updates.rows !== 1 && updates.rows !== gradients.rows) {
      throw new UsageError(`${updatePath}: wrong shape: expected 1 row (a shared update) or ${gradients.rows} (one per target), found ${updates.rows}`);
    }
    results.push(glirAttack({ updates, targetGradients: gradients, batchSize, distribution, statisticFactor }));
  }
  progress.finish();
  const ids = targets?.ids ?? rowNumberLabels(targetCount ?? 0);
  const members = targets?.members !== undefined ? { members: targets.members } : {};
  const only = results[0] as GlirResult;
  if (steps === 1) return { ids, result: only, ...members, extra: { susceptibility: only.susceptibility, statistic: only.statistic } };
  // Several steps: the sum of per-step log p-values (docs/attacks.md) is a score, not a p-value.
  const sum = sumStepLogPValues(results.map((r) => r.logPValues));
  const extra: Record<string, Float64Array> = { sumLogPValue: finiteLogP(sum) };
  results.forEach((r, t) => {
    extra[`logPValueStep${t + 1}`] = finiteLogP(r.logPValues);
  });
  return { ids, result: { scores: sum.map((v) => 0 - v) }, ...members, extra };
}

/**
 * GLiR gives log p = −∞ (score +∞) when S = 0 exactly (the update equals the target's gradient,
 * e.g. batch size 1). Files and the ROC need finite numbers: ±∞ become ±Number.MAX_VALUE,
 * which keeps the order.
 */
function finiteLogP(values: Float64Array): Float64Array {
  // Most inputs are finite: return them as they are rather than copy tens of millions of values.
  if (values.every(Number.isFinite)) return values;
  return values.map((v) => (v === -Infinity ? -Number.MAX_VALUE : v === Infinity ? Number.MAX_VALUE : v));
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const method = choice(flags, 'method', METHODS);
  const fprs = numberList(flags, 'fpr', { min: 0, max: 1, minExclusive: true, maxExclusive: true }, [0.001, 0.01]);
  const confidence = optionalNumber(flags, 'confidence', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 0.95;
  const out = optionalString(flags, 'out');
  // Reject an unsupported --out extension, an existing file (without --force) or an unwritable
  // place before any (possibly long) computation; the file is written all-or-nothing at the end.
  let outputs: OutputPlan | undefined;
  if (out !== undefined) {
    formatTableFile(out, {});
    outputs = await planOutputs(io, { flag: 'out', force: hasFlag(flags, 'force'), files: [out] });
  }
  try {
    return await attackAndReport(method, flags, io, { fprs, confidence, out, outputs });
  } finally {
    await outputs?.release();
  }
}

async function attackAndReport(
  method: Method,
  flags: ParsedFlags,
  io: CommandIo,
  options: { fprs: number[]; confidence: number; out: string | undefined; outputs: OutputPlan | undefined },
): Promise<CommandResult> {
  const { fprs, confidence, out, outputs } = options;
  const compare = readAttackSampler(flags);
  const attack = method === 'glir' ? await runGlir(flags, io) : await runScoreAttack(method, flags, io);
  const { ids, result, members } = attack;
  const scores = finiteLogP(result.scores);
  if (out !== undefined && outputs !== undefined) {
    const columns: Record<string, OutputColumn> = { id: ids, score: scores };
    if (members !== undefined) columns.member = members;
    if (result.logPValues !== undefined) {
      columns.logPValue = finiteLogP(result.logPValues);
      columns.pValue = result.logPValues.map(Math.exp);
    }
    for (const [name, values] of Object.entries(attack.extra ?? {})) columns[name] = values;
    await outputs.commit({ [out]: formatTableChunks(out, columns) });
  }
  const rows: [string, string][] = [
    ['method', method],
    ['targets', String(ids.length)],
  ];
  if (members === undefined) {
    if (out === undefined) throw new UsageError('the targets have no "member" column, so there is nothing to evaluate: pass --out FILE to write the per-target scores');
    rows.push(['membership', `unknown (no "member" column); scores written to ${out}`]);
    if (compare !== undefined) throw new UsageError('--sampling compares the attack with the run\'s ε: the targets need a "member" column');
    return { json: { method, targets: ids.length, auc: null, tprAtFpr: [], out }, text: formatKeyValues(rows) };
  }
  const evaluation = evaluateAttack(scores, members, { fprs, confidence });
  rows.push(['members', String(evaluation.members)], ['non-members', String(evaluation.nonMembers)], ['AUC', formatNumber(evaluation.auc)]);
  if (out !== undefined) rows.push(['scores written to', out]);
  const table = formatTable(
    ['FPR', 'TPR', `TPR lower (${confidence})`, 'TPR upper'],
    evaluation.tprAtFpr.map((p) => [formatNumber(p.fpr), formatNumber(p.tpr), formatNumber(p.tprLower), formatNumber(p.tprUpper)]),
  );
  const comparison = compare?.(evaluation.tprAtFpr);
  return {
    json: {
      method,
      kind: 'empirical',
      targets: ids.length,
      auc: evaluation.auc,
      tprAtFpr: evaluation.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr, tprLower: p.tprLower, tprUpper: p.tprUpper })),
      members: evaluation.members,
      nonMembers: evaluation.nonMembers,
      confidence,
      ...(out !== undefined ? { out } : {}),
      ...(comparison === undefined ? {} : { sampler: comparison.json }),
    },
    text: `${formatKeyValues(rows)}\n\n${table}${comparison === undefined ? '' : `\n\n${comparison.text}`}`,
  };
}

/** The `dpbounds attack` command (docs/cli.md). */
export const attackCommand: CommandDefinition = {
  name: 'attack',
  summary: 'membership-inference attack on recorded scores or gradients (loss, LiRA, GLiR)',
  description: [
    'Runs a membership-inference attack on files written by a training script and reports its',
    'AUC and TPR at low FPR with Clopper-Pearson intervals (when membership is known).',
    '--targets: columns id (optional), score (higher = member) or loss (negated), member (0/1, optional).',
    '--shadow (LiRA): one row per target and shadow model: id (or target row), score or loss, in (0/1).',
    '--gradients/--reference/--update (GLiR): matrices (.npy, .csv, .json, .jsonl), one row per target,',
    'per reference example, and the released step update (one row, or one per target).',
    '--out: per-target id, score, member, logPValue, pValue (input of `dpbounds audit --scores`);',
    'GLiR adds susceptibility (K) and statistic (S); over several steps (comma-separated files) the',
    'score is minus the sum of the per-step log p-values (columns sumLogPValue, logPValueStep1, ...).',
    '--sampling with the attacked run (--noise-multiplier, --steps, --delta; --batch-size and --dataset-size,',
    'or for poisson its --sampling-rate, e.g. Opacus\' sample_rate = 1/len(loader)): "sampler" holds the',
    'largest TPR the run\'s ε allows at each FPR beside the attack\'s lower confidence bound. A Poisson rate',
    'is what is priced; sizes beside it are echoed, with "samplingNote" when q ≠ b/N.',
    'Column details and a Python snippet: docs/attacks.md.',
  ].join('\n'),
  flags: {
    method: { type: 'string', description: 'attack: loss | lira-online | lira-offline | glir', valueName: 'name' },
    targets: { type: 'string', description: 'per-target scores/losses and membership (.csv, .json, .jsonl, .npy)', valueName: 'FILE' },
    shadow: { type: 'string', description: 'LiRA: shadow-model scores, long format (id, score, in)', valueName: 'FILE' },
    gradients: { type: 'string', description: 'GLiR: per-target gradients, targets × d (several steps: a comma-separated list)', valueName: 'FILE' },
    reference: { type: 'string', description: 'GLiR: reference (non-member) gradients, B × d with B > d (one, or one per step)', valueName: 'FILE' },
    update: { type: 'string', description: 'GLiR: released update (theta_t - theta_t+1)/lr, 1 × d or targets × d (one per step)', valueName: 'FILE' },
    'batch-size': { type: 'string', description: 'GLiR: batch size n of the step', valueName: 'n' },
    coordinates: { type: 'string', description: 'GLiR: keep d coordinates, every floor(P/d)-th of the P columns', valueName: 'd' },
    ridge: { type: 'string', description: 'GLiR: relative ridge added to the covariance, rho * trace/d', valueName: 'rho', defaultText: '0' },
    'statistic-factor': { type: 'string', description: "GLiR: factor of the statistic S = factor·(m̄ − μ̂)ᵀΣ̂⁻¹(m̄ − μ̂): 'n' (the paper's formula) or 'n-1' (the authors' code); log p is never clamped (the authors' code clamps it at −250)", valueName: 'n|n-1', defaultText: 'n' },
    variance: { type: 'string', description: 'LiRA: per-example | fixed (pooled) standard deviations', valueName: 'mode', defaultText: 'per-example' },
    alternative: { type: 'string', description: 'lira-offline: greater | two-sided (membership by exclusion)', valueName: 'side', defaultText: 'greater' },
    fpr: { type: 'string', description: 'false-positive rates to report TPR at', valueName: 'list', defaultText: '0.001,0.01' },
    confidence: { type: 'string', description: 'confidence of the TPR intervals', valueName: 'c', defaultText: '0.95' },
    out: { type: 'string', description: 'write per-target scores and p-values (.csv, .json, .jsonl)', valueName: 'FILE' },
    ...attackSamplerFlags,
    force: { type: 'boolean', description: 'overwrite --out if it exists' },
  },
  examples: [
    "printf 'score,member\\n2.1,1\\n0.3,0\\n1.7,1\\n-0.4,0\\n0.9,1\\n0.2,0\\n' > targets.csv   # 6 targets: score, member",
    'dpbounds attack --method loss --targets targets.csv --fpr 0.001,0.01',
    "printf '%s\\n' id,score,in 0,0.1,0 0,0.5,0 1,0.2,0 1,0.4,0 2,0,0 2,0.6,0 3,-0.2,0 3,0.3,0 4,0.1,0 4,0.2,0 5,0.3,0 5,-0.1,0 > shadow.csv   # 2 shadow models",
    'dpbounds attack --method lira-offline --targets targets.csv --shadow shadow.csv --out scores.csv --json',
    "printf '0.5,1\\n0.2,0.1\\n0.9,0.3\\n-0.1,0\\n0.4,0.6\\n0,0.2\\n' > g.csv; printf '0.1,0\\n0,0.1\\n-0.1,0.05\\n' > ref.csv; printf '0.3,0.4\\n' > step.csv",
    'dpbounds attack --method glir --gradients g.csv --reference ref.csv --update step.csv --batch-size 8 --targets targets.csv',
    'dpbounds attack --method loss --targets targets.csv --fpr 0.5 --sampling poisson --sampling-rate 0.009708737864077669 --batch-size 256 --dataset-size 26048 --noise-multiplier 1 --steps 309',
  ],
  run,
};
