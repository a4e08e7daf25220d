/**
 * `dpbounds per-instance`: per-instance (data-dependent) Rényi DP of each target record of a
 * DP-SGD run, from a per-instance trace (Thudi et al., "Gradients Look Alike", USENIX Security
 * 2024, Thm 3.2 and Thm 3.3, both directions of the pair). Streams and validates the trace
 * (.json, .jsonl or .npy: ../io/per-instance-trace-input.ts), checks the size of the work before
 * doing it, passes plain arrays to @dpbounds/accountants and puts the run's DP guarantee beside
 * the result (per-instance-summary.ts); no math here. A trace with more norms than
 * --max-held-norms is read in passes, each holding the norms of a window of records and
 * analysing them (each record's result depends on its own norms only, so the output is the
 * same as in one pass).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PER_INSTANCE_MAX_STEPS, perInstanceBatchPrivacy, perInstancePrivacy, perInstanceWorkEstimate } from '@dpbounds/accountants';
import { batchSensitivities, cor31StepEpsilon } from '@dpbounds/accountants/advanced';
import type { PerInstanceCoverage, PerInstancePrivacy, PerInstanceRecordPrivacy } from '@dpbounds/accountants';
import { DpboundsRangeError, isDpboundsError } from '@dpbounds/special-functions';
import { perInstanceBatchTraceExclusions } from '@dpbounds/sgd-instrumentation';
import type { PerInstanceTraceHeader, PerInstanceTraceTable } from '@dpbounds/sgd-instrumentation';
import { readPerInstanceBatchTraceFile } from '@dpbounds/sgd-instrumentation/node';
import { perInstanceTraceFormat, readPerInstanceTraceInput } from '../io/per-instance-trace-input.js';
import { inputBudget } from '../io/input-budget.js';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { exactlyOne, hasFlag, numberList, optionalNumber, requiredNumber, requiredString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { createProgress } from '../progress.js';
import { perInstanceSummary, runDpGuarantee } from './per-instance-summary.js';
import type { PerInstanceRecordSummary } from './per-instance-summary.js';
import type { Progress } from '../progress.js';
import { UsageError } from '../usage-error.js';

/** Number of records listed in the readable table (all of them are in `--json`). */
const TEXT_ROWS = 25;

/** Library parameters of the analysis that a flag sets (errors about them name the flag, not the trace file). */
const FLAG_PARAMETER = /^(orders|delta|lambda|targetBatches)\b|\(lambda = /;

/** Default cap on the analysis' inner-loop evaluations (about 10–15 minutes on 2 cores). */
const DEFAULT_MAX_EVALUATIONS = 1e11;

/** Default cap on the norms of a --trace held at once: 2^25, 256 MiB as float64 (more are read in passes). */
export const DEFAULT_MAX_HELD_NORMS: number = 2 ** 25;

/** The size of `path`, or a UsageError a user can act on (missing, a directory, unreadable). */
async function fileSize(path: string, io: CommandIo): Promise<number> {
  try {
    const info = await stat(resolve(io.cwd, path));
    if (info.isDirectory()) throw new UsageError(`${path}: is a directory, expected a file`);
    return info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') throw new UsageError(`${path}: file not found`);
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`${path}: permission denied`);
    throw new UsageError(`${path}: cannot read the file (${(error as Error).message})`);
  }
}

/** Reads a trace file with `read`, showing bytes on the bar and mapping library errors to one-line usage errors. */
async function readWith<T>(path: string, io: CommandIo, progress: Progress, read: (full: string, onBytes: (bytes: number) => void) => Promise<T>, flag: string): Promise<T> {
  const size = await fileSize(path, io);
  // the input budget, before a byte is parsed (the JSON trace readers do not go through openInput)
  const budget = inputBudget();
  if (size > budget.maxBytes) {
    progress.finish();
    throw new UsageError(`--${flag} ${path}: ${(size / 1024 / 1024).toFixed(1)} MiB is over the input budget of ${(budget.maxBytes / 1024 / 1024).toFixed(1)} MiB (${budget.budgetHint})`);
  }
  progress.stage('reading the trace', Math.max(1, size));
  try {
    return await read(resolve(io.cwd, path), (bytes) => progress.update(bytes));
  } catch (error) {
    progress.finish();
    if (isDpboundsError(error)) throw new UsageError(`--${flag} ${path}: ${error.message}`);
    if (error instanceof UsageError && !error.message.startsWith('--')) throw new UsageError(`--${flag} ${error.message}`);
    throw error;
  }
}

/**
 * Runs the analysis, turning the library's "Hölder order above maxOrder" refusal at the default λ
 * (the orders the composition needs, from --alpha and --delta) into one that names the flags that
 * set them (with --lambda given, the library error already names it).
 */
function withOrderCap<T>(orders: readonly number[], delta: number, lambda: number | undefined, analyse: () => T): T {
  try {
    return analyse();
  } catch (error) {
    const cap = isDpboundsError(error) ? /maxOrder = (\d+)/.exec(error.message) : null;
    // a --lambda the user gave is named by the library error's flag mapping already
    if (!isDpboundsError(error) || cap === null || lambda !== undefined) throw error;
    const largest = Math.max(...orders);
    const lambdaWords = 'the default --lambda (from the steps)';
    throw new UsageError(
      `--alpha ${largest} with --delta ${formatNumber(delta)} and ${lambdaWords}: the composition needs Rényi order ${String(error.found)}, above the largest computed (${cap[1]}); give smaller --alpha orders, a larger --delta, or a larger --lambda`,
    );
  }
}

/** The sentence that says which directions of the pair the reported values cover. */
function coverageNote(counts: Readonly<Record<PerInstanceCoverage, number>>, total: number): string {
  if (counts.both === total) return 'both directions (runs with and without each record; the larger is reported)';
  const oneSided: string[] = [];
  if (counts['with-record'] > 0) oneSided.push(`${counts['with-record']} record(s) only from runs WITH them (D_alpha(M(X')||M(X)))`);
  if (counts['without-record'] > 0) oneSided.push(`${counts['without-record']} record(s) only from runs WITHOUT them (D_alpha(M(X)||M(X')))`);
  return `ONE direction for ${oneSided.join(' and ')}: the other direction is not estimated (add runs that exclude the record, trace version 2 excludedRecords)`;
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const which = exactlyOne(flags, ['trace', 'batch-trace']);
  const path = requiredString(flags, which, 'a trace file (.json)');
  if (flags['alpha'] === undefined) throw new UsageError('missing --alpha (integer Rényi orders ≥ 2, comma-separated)');
  const orders = numberList(flags, 'alpha', { min: 2, max: 10_000, integer: true }, []);
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const lambda = optionalNumber(flags, 'lambda', { min: 1, minExclusive: true });
  const maxEvaluations = optionalNumber(flags, 'max-evaluations', { min: 1 }) ?? DEFAULT_MAX_EVALUATIONS;
  const targetBatches = optionalNumber(flags, 'target-batches', { min: 1, integer: true });
  const maxHeldNorms = optionalNumber(flags, 'max-held-norms', { min: 1, max: 2 ** 28, integer: true });
  const perStep = hasFlag(flags, 'per-step');
  const meta = flags['trace-meta'] === undefined ? undefined : requiredString(flags, 'trace-meta', 'the JSON sidecar of a .npy trace');
  if (meta !== undefined && which !== 'trace') throw new UsageError('--trace-meta applies to --trace FILE.npy only');
  if (targetBatches !== undefined && which !== 'batch-trace') throw new UsageError('--target-batches applies to --batch-trace only');
  if (maxHeldNorms !== undefined && which !== 'trace') throw new UsageError('--max-held-norms applies to --trace only');
  const progress = createProgress(io, 'per-instance', 1);
  const refuse = (evaluations: number, shape: string): void => {
    if (evaluations <= maxEvaluations) return;
    progress.finish();
    throw new UsageError(
      `${path}: the analysis needs about ${evaluations.toExponential(2)} evaluations (${shape}), above --max-evaluations ${maxEvaluations.toExponential(2)}; pass fewer --alpha orders, split the records over several traces, or raise --max-evaluations`,
    );
  };

  if (which === 'batch-trace') {
    const trace = await readWith(path, io, progress, (full, onBytes) => readPerInstanceBatchTraceFile(full, { onBytes }), which);
    const first = trace.runs[0]?.checkpoints[0];
    const M = first?.batchSums.length ?? 0;
    const d = first?.recordGradients[0]?.length ?? 0;
    const nCheckpoints = trace.checkpointSteps.length;
    refuse(orders.length * trace.records.length * trace.runs.length * nCheckpoints * 3 * M * d, `${orders.length} orders × ${trace.records.length} records × ${trace.runs.length} runs × ${nCheckpoints} checkpoints × ~3 orders each × ${M} batches × ${d} dimensions`);
    const exclusions = perInstanceBatchTraceExclusions(trace);
    progress.stage('composing', 1);
    let result: PerInstancePrivacy;
    try {
      result = withOrderCap(orders, delta, lambda, () => perInstanceBatchPrivacy({
        orders,
        delta,
        ...(lambda !== undefined ? { lambda } : {}),
        ...(targetBatches !== undefined ? { targetBatches } : {}),
        samplingRate: trace.samplingRate,
        updateRule: trace.updateRule,
        noiseStd: trace.noiseStd,
        clip: trace.clip,
        steps: trace.steps,
        checkpointSteps: trace.checkpointSteps,
        recordCount: trace.records.length,
        runs: trace.runs.map((r, i) => ({ excludedRecords: exclusions[i] ?? [], checkpoints: r.checkpoints })),
        onProgress: (done, total) => progress.update(done / total),
      }));
    } catch (error) {
      progress.finish();
      // a value the flags set (an order from --lambda, --alpha, --delta, --target-batches) is the
      // user's flag, not the file's: the library error goes to the flag mapping instead
      if (isDpboundsError(error) && FLAG_PARAMETER.test(error.parameter)) throw error;
      if (isDpboundsError(error)) throw new UsageError(`${path}: ${error.message}`);
      throw error;
    }
    progress.finish();
    const steps = perStep
      ? trace.records.map((_, i) =>
          trace.checkpointSteps.map((step, c) => {
            const sensitivities = trace.runs.flatMap((run, r) => {
              if ((exclusions[r] ?? []).includes(i)) return [];
              const point = run.checkpoints[c];
              return point === undefined ? [] : [...batchSensitivities({ updateRule: trace.updateRule, batchSums: point.batchSums, batchSizes: point.batchSizes, recordGradient: point.recordGradients[i] ?? [] })];
            });
            return { step, epsilon: sensitivities.length === 0 ? null : cor31StepEpsilon({ samplingRate: trace.samplingRate, delta, sensitivities, noiseStd: trace.noiseStd }).epsilon };
          }),
        )
      : undefined;
    return report(result, { records: trace.records, steps: trace.steps, samplingRate: trace.samplingRate, noiseMultiplier: trace.noiseStd / trace.clip, delta, orders, traceVersion: trace.version, method: `Thm 3.6 (${trace.updateRule} rule, sigma_U = ${formatNumber(trace.noiseStd)})`, perStep: steps }, {
      updateRule: trace.updateRule,
      noiseStd: trace.noiseStd,
    });
  }

  // Pass after pass, each holding the norms of a window of records (one pass when they fit); a
  // pass after the first starts at the width the first narrowed to and writes over the last
  // pass's rows (no new memory while those wait for the garbage collector). Only the last
  // pass's header is kept (a header lists every record).
  const records: PerInstanceRecordPrivacy[] = [];
  const perStepRows: { step: number; epsilon: number | null }[][] = [];
  let header: PerInstanceTraceHeader | undefined;
  let partResult: PerInstancePrivacy | undefined;
  let recordCount = 0;
  let width: number | undefined;
  let reuse: readonly (readonly Float64Array[])[] | undefined;
  let from = 0;
  // the file's size lets the first pass narrow its window early (a .npy's text is not its size)
  const textLength = perInstanceTraceFormat(path) === 'npy' ? undefined : await fileSize(path, io);
  do {
    header = undefined;
    const recordWindow = {
      from,
      maxHeldNorms: maxHeldNorms ?? DEFAULT_MAX_HELD_NORMS,
      ...(width !== undefined ? { records: width } : textLength !== undefined ? { textLength } : {}),
      ...(reuse !== undefined ? { reuse } : {}),
    };
    reuse = undefined;
    const trace = await readWith(path, io, progress, (_full, onBytes) => readPerInstanceTraceInput(path, io.cwd, { onBytes, ...(meta !== undefined ? { meta } : {}), recordWindow }), which);
    header = trace.header;
    if (partResult === undefined) {
      if (header.steps > PER_INSTANCE_MAX_STEPS) {
        progress.finish();
        throw new UsageError(`${path}: steps must be an integer in [1, ${PER_INSTANCE_MAX_STEPS}]; found ${header.steps}`);
      }
      const work = perInstanceWorkEstimate({ orders: orders.length, steps: header.steps, checkpoints: header.checkpointSteps.length, records: header.records.length, runs: trace.ratios.length });
      refuse(work.evaluations, `${orders.length} orders × ${header.records.length} records × ${trace.ratios.length} runs × ${header.steps} steps`);
    }
    const window = trace.recordWindow;
    const part = perInstanceWindow(trace, { orders, delta, lambda, perStep, progress });
    for (const record of part.result.records) records.push(record);
    if (part.perStep !== undefined) for (const row of part.perStep) perStepRows.push(row);
    partResult = part.result;
    recordCount = header.records.length;
    width ??= window.to - window.from;
    reuse = trace.ratios;
    from = window.to;
  } while (from < recordCount);
  progress.finish();
  const result: PerInstancePrivacy = { ...partResult, records };
  const steps = perStep ? perStepRows : undefined;
  return report(result, { records: header.records, steps: header.steps, samplingRate: header.samplingRate, noiseMultiplier: header.noiseMultiplier, delta, orders, traceVersion: header.version, method: 'Thm 3.2 (sum rule)', perStep: steps }, { noiseMultiplier: header.noiseMultiplier });
}

/** What {@link perInstanceWindow} needs besides the trace. */
interface WindowAnalysis {
  readonly orders: readonly number[];
  readonly delta: number;
  readonly lambda: number | undefined;
  readonly perStep: boolean;
  readonly progress: Progress;
}

/**
 * The analysis of the records a trace table holds (its `recordWindow`): Thm 3.2 + 3.3 for each
 * (perInstancePrivacy on those records' norms, with each run's exclusions renumbered into the
 * window) and, with --per-step, Cor. 3.1 at each checkpoint.
 */
function perInstanceWindow(trace: PerInstanceTraceTable, analysis: WindowAnalysis): { result: PerInstancePrivacy; perStep: { step: number; epsilon: number | null }[][] | undefined } {
  const { header } = trace;
  const { orders, delta, lambda, progress } = analysis;
  const { from, to } = trace.recordWindow;
  const excludedRecords = trace.excludedRecords.map((list) => Int32Array.from(list.filter((i) => i >= from && i < to), (i) => i - from));
  progress.stage('composing', 1);
  const analyse = (): PerInstancePrivacy => withOrderCap(orders, delta, lambda, () => perInstancePrivacy({
    orders,
    delta,
    ...(lambda !== undefined ? { lambda } : {}),
    samplingRate: header.samplingRate,
    noiseMultiplier: header.noiseMultiplier,
    steps: header.steps,
    checkpointSteps: header.checkpointSteps,
    recordCount: to - from,
    ratios: trace.ratios,
    excludedRecords,
    onProgress: (done, total) => progress.update(done / total),
  }));
  let result: PerInstancePrivacy;
  try {
    result = analyse();
  } catch (error) {
    // the library numbers the window's records from 0: name the record of the trace, as one pass does
    const at = error instanceof DpboundsRangeError && from > 0 ? /^ratios\[·\]\[·\]\[(\d+)\]$/.exec(error.parameter) : null;
    if (error instanceof DpboundsRangeError && at !== null) {
      throw new DpboundsRangeError({ code: error.code, parameter: `ratios[·][·][${Number(at[1]) + from}]`, expected: error.expected, found: error.found });
    }
    throw error;
  }
  const perStep = analysis.perStep
    ? Array.from({ length: to - from }, (_, i) =>
        header.checkpointSteps.map((step, c) => {
          const sensitivities = trace.ratios.flatMap((run, r): number[] => (excludedRecords[r]?.includes(i) === true ? [] : [run[c]?.[i] ?? 0]));
          return { step, epsilon: sensitivities.length === 0 ? null : cor31StepEpsilon({ samplingRate: header.samplingRate, delta, sensitivities, noiseStd: header.noiseMultiplier }).epsilon };
        }),
      )
    : undefined;
  return { result, perStep };
}

interface ReportContext {
  readonly records: readonly { readonly id: string | number; readonly label?: string }[];
  readonly steps: number;
  readonly samplingRate: number;
  /** Noise multiplier of the run's DP guarantee (σ; for a batch trace σ_U / C). */
  readonly noiseMultiplier: number;
  readonly delta: number;
  readonly orders: readonly number[];
  readonly traceVersion: number;
  /** The per-step analysis, for the table. */
  readonly method: string;
  /** With --per-step: per record, Cor. 3.1's per-step ε at each checkpoint (null without runs with the record). */
  readonly perStep: readonly (readonly { readonly step: number; readonly epsilon: number | null }[])[] | undefined;
}

/** JSON and text of a per-instance result (both trace kinds). */
function report(result: PerInstancePrivacy, context: ReportContext, extra: Readonly<Record<string, unknown>>): CommandResult {
  const { delta, orders } = context;
  const summary = perInstanceSummary(result, { dp: runDpGuarantee({ samplingRate: context.samplingRate, noiseMultiplier: context.noiseMultiplier, steps: context.steps, delta }), delta });
  const counts: Record<PerInstanceCoverage, number> = { both: 0, 'with-record': 0, 'without-record': 0 };
  const points = result.records.map((record, i) => {
    const source = context.records[i];
    const reported = summary.records[i] as PerInstanceRecordSummary;
    counts[record.coverage]++;
    return {
      id: source?.id ?? i,
      ...(source?.label !== undefined ? { label: source.label } : {}),
      epsilon: reported.epsilon,
      bound: reported.bound,
      epsilonKind: reported.epsilonKind,
      guaranteeAccountant: reported.guaranteeAccountant,
      belowDpGuarantee: reported.belowDpGuarantee,
      rdpEpsilon: record.epsilon,
      rdp: record.rdp,
      alpha: record.order,
      perInstanceEpsilon: record.perInstanceEpsilon,
      kind: record.kind,
      coverage: record.coverage,
      withRecordEpsilon: record.withRecord?.epsilon ?? null,
      withoutRecordEpsilon: record.withoutRecord?.epsilon ?? null,
      runsWithRecord: record.withRecord?.runs ?? 0,
      runsWithoutRecord: record.withoutRecord?.runs ?? 0,
      ...(context.perStep !== undefined ? { perStep: context.perStep[i] ?? [] } : {}),
    };
  });
  const note = coverageNote(counts, points.length);
  const json = {
    points,
    kind: result.kind,
    neighbouring: result.neighbouring,
    dataIndependentEpsilon: result.dataIndependent.epsilon,
    dataIndependentAlpha: result.dataIndependent.order,
    dataIndependentKind: result.dataIndependent.kind,
    ...summary.json,
    coverage: counts,
    ...(counts.both === points.length ? {} : { warning: `per-instance values cover ${note}` }),
    delta,
    alphas: orders,
    lambda: result.lambda,
    runs: result.runs,
    steps: context.steps,
    samplingRate: context.samplingRate,
    ...extra,
    traceVersion: context.traceVersion,
    ...(context.perStep !== undefined ? { perStepKind: 'estimate', perStepMethod: 'Cor. 3.1 (Hoelder p = 1e4, delta split in halves, exact Gaussian per batch), direction with the record, at each checkpoint', perStepDelta: delta } : {}),
  };

  const epsilons = points.map((p) => p.epsilon).sort((a, b) => a - b);
  const median = epsilons[Math.floor((epsilons.length - 1) / 2)] ?? 0;
  const raw = (value: number | null): string => (value === null ? '—' : formatNumber(value));
  const rows = points.slice(0, TEXT_ROWS).map((p) => [
    String(p.id),
    p.label ?? '',
    formatNumber(p.epsilon),
    p.bound,
    formatNumber(p.perInstanceEpsilon),
    raw(p.withRecordEpsilon),
    raw(p.withoutRecordEpsilon),
    formatNumber(p.rdp),
    String(p.alpha),
  ]);
  const text = [
    formatKeyValues([
      ['records', String(points.length)],
      ['runs', `${result.runs} (with / without each record: see the table)`],
      ['steps', String(context.steps)],
      ['per-step analysis', context.method],
      ['delta', formatNumber(delta)],
      ['lambda', formatNumber(result.lambda)],
      ...summary.rows,
      ['median epsilon', `${formatNumber(median)} (of the records' epsilon: estimates where bound is per-instance)`],
      ['max epsilon', `${formatNumber(epsilons[epsilons.length - 1] ?? 0)}`],
      ['directions', note],
    ]),
    '',
    formatTable(['id', 'label', 'epsilon', 'bound', 'raw', 'raw with', 'raw without', 'rdp', 'alpha'], rows),
    ...(points.length > TEXT_ROWS ? [`… ${points.length - TEXT_ROWS} more records (use --json for all)`] : []),
    '',
    ...summary.lines,
    '',
    'epsilon = the smallest of the per-instance epsilon and the two guarantees above (add-remove pair), never above',
    'either; bound says which gave it: per-instance (an estimate from the runs in the trace) or data-independent',
    '(a guarantee). rdp, alpha: the per-instance RDP curve, capped at each order by the data-independent one.',
    'raw = max(raw with, raw without), the per-instance estimate before any cap, from the runs that trained',
    'with / without the record; shown for diagnosis, never reported as the record\'s epsilon when above a guarantee.',
  ].join('\n');
  return { json, text };
}

/** The `per-instance` command. */
export const perInstanceCommand: CommandDefinition = {
  name: 'per-instance',
  summary: 'per-instance (data-dependent) Rényi DP of each target record from a training trace',
  description: [
    'Computes, for each target record of a per-instance trace (written by `dpbounds train --instrument per-instance`',
    'or by your own Opacus/PyTorch loop as .json, .jsonl or .npy, see docs/per-instance-trace.md), the privacy it actually',
    'got in this training setup: per-step Rényi DP from its clipped gradient norm (Thudi et al. 2024, Thm 3.2), composed',
    'over the steps with the Hölder constant lambda over the runs in the trace (Thm 3.3), once over the runs that trained',
    'with the record and once over those without it (trace version 2 `excludedRecords`); the larger is the',
    'per-instance RDP. It is converted to (epsilon, delta) and never reported above the data-independent guarantee of',
    'the same run (`bound` says which of the two gave a record\'s epsilon). `epsilon` is an estimate (a mean over',
    'finitely many runs). Beside it: the run\'s DP guarantee (PLD, `dpGuarantee`), which every record has, and how many',
    'records are below it (`comparison`). Choose --lambda before looking at the results (docs/per-instance.md).',
    'When a record has runs of only one direction, `coverage` and `warning` say so.',
    'With --batch-trace (batch sums of the data without the targets and the targets\' clipped gradients at',
    'checkpoints) each step is analysed by Thm 3.6 instead, for the sum or the mean update rule.',
  ].join('\n'),
  flags: {
    trace: { type: 'string', valueName: 'FILE', description: 'per-instance trace of clipped norms (dpbounds.per-instance-trace v1 or v2) as .json (read streaming), .jsonl (a header line, then one line per run) or .npy (norms shaped (runs × checkpoints, records), fields in a JSON sidecar): Thm 3.2, sum rule' },
    'trace-meta': { type: 'string', valueName: 'FILE', description: 'the JSON sidecar of a .npy trace (every field of the trace, runs as [{ seed, excludedRecords? }])', defaultText: 'the .npy path with .json' },
    'batch-trace': { type: 'string', valueName: 'FILE', description: 'per-instance batch trace (.json, dpbounds.per-instance-batch-trace v1): Thm 3.6, sum or mean rule' },
    'per-step': { type: 'boolean', description: 'also report each record\'s per-step (epsilon, delta) at every checkpoint (Cor. 3.1, in JSON: points[].perStep)' },
    'target-batches': { type: 'string', valueName: 'G', description: 'outer batches of each Thm 3.6 estimate (--batch-trace)', defaultText: 'min(20, M − order)' },
    alpha: { type: 'string', valueName: 'list', description: 'integer Rényi orders ≥ 2 (comma-separated); epsilon minimises over them' },
    delta: { type: 'string', valueName: 'δ', description: 'delta of the (epsilon, delta) conversion, in (0, 1)' },
    lambda: { type: 'string', valueName: 'λ', description: 'Hölder constant > 1 of the composition; choose it before looking at the results (docs/per-instance.md, choosing λ)', defaultText: '1 + 3(T − 1), Fact 3.4' },
    'max-held-norms': { type: 'string', valueName: 'n', description: 'most norms of a --trace held in memory at once (8 bytes each); a trace with more is read again in passes, each over a window of records (same results, more reading time)', defaultText: '2^25 (256 MiB)' },
    'max-evaluations': { type: 'string', valueName: 'n', description: 'refuse traces whose analysis needs more inner-loop evaluations (orders × records × runs × steps)', defaultText: '1e11' },
  },
  examples: [
    'dpbounds train --model logistic --epochs 1 --instrument per-instance,per-instance-batches --per-instance-runs 1 --per-instance-targets 10 --out run',
    'dpbounds per-instance --trace run/per-instance.json --alpha 2,4,8,16,32,64 --delta 1e-5 --json',
    'dpbounds per-instance --batch-trace run/per-instance-batches.json --alpha 4,8 --delta 1e-5 --json',
  ],
  run,
};
