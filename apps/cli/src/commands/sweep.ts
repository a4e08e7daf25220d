/**
 * `dpbounds sweep`: evaluates many DP-SGD configurations (a grid or a file of configurations)
 * for every requested accountant and threat model, one row per configuration with the single
 * commands' JSON fields, on every core (worker threads), streaming and resumable, and in
 * deterministic shards for batch systems (docs/sweep.md). No math here: each row is the
 * accountants' `evaluateSweepConfiguration`.
 */
import { availableParallelism } from 'node:os';
import type { CommandDefinition, CommandIo, CommandResult, FlagSpec } from '../command.js';
import { hasFlag, optionalNumber, optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { formatOf } from '../io/read-file.js';
import { sweepCsvColumns } from '../sweep/sweep-format.js';
import { flattenSweepRow } from '../sweep/sweep-csv-fields.js';
import type { SweepFormat } from '../sweep/sweep-format.js';
import { sweepPlanFromFlags } from '../sweep/sweep-inputs.js';
import { sweepWorkerScript } from '../sweep/sweep-pool.js';
import { DEFAULT_RECHECK, recheckFromFlags } from '../sweep/sweep-recheck.js';
import { runSweep } from '../sweep/sweep-run.js';
import { UsageError } from '../usage-error.js';

/**
 * Reads `--shard i/n` (0-based i), or `--shard auto/n`, whose index comes from the batch system:
 * Slurm's `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN`, so `--array=1-16` gives 0 … 15) or
 * Kubernetes' Indexed Job `JOB_COMPLETION_INDEX`.
 *
 * @throws UsageError naming --shard, its form and the value found (or the variable read).
 * @example shardFromFlags({ shard: 'auto/16' }, { SLURM_ARRAY_TASK_ID: '3' }) // { index: 3, count: 16 }
 */
export function shardFromFlags(flags: ParsedFlags, env: Readonly<Record<string, string | undefined>> = process.env): { index: number; count: number } {
  const raw = optionalString(flags, 'shard');
  if (raw === undefined) return { index: 0, count: 1 };
  const match = /^(\d+|auto)\/(\d+)$/.exec(raw.trim());
  const count = match === null ? Number.NaN : Number(match[2]);
  let index = match === null ? Number.NaN : Number(match[1]);
  let source = '';
  if (match?.[1] === 'auto') {
    const slurm = env['SLURM_ARRAY_TASK_ID'];
    const kubernetes = env['JOB_COMPLETION_INDEX'];
    const text = slurm ?? kubernetes;
    if (text === undefined) throw new UsageError(`--shard auto/${match[2] ?? 'n'} takes the shard index from SLURM_ARRAY_TASK_ID (Slurm job arrays) or JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs); neither is set (give --shard i/n instead)`);
    const minimum = slurm === undefined ? '0' : (env['SLURM_ARRAY_TASK_MIN'] ?? '0');
    index = /^\d+$/.test(text.trim()) && /^\d+$/.test(minimum.trim()) ? Number(text) - Number(minimum) : Number.NaN;
    source = slurm === undefined ? ` (JOB_COMPLETION_INDEX = ${JSON.stringify(text)})` : ` (SLURM_ARRAY_TASK_ID = ${JSON.stringify(text)}${env['SLURM_ARRAY_TASK_MIN'] === undefined ? '' : `, SLURM_ARRAY_TASK_MIN = ${JSON.stringify(minimum)}`})`;
  }
  if (!(count >= 1 && count <= 1_000_000 && index >= 0 && index < count)) {
    throw new UsageError(`--shard must be i/n with integers 0 ≤ i < n ≤ 1000000, or auto/n with the index from the batch system (--shard auto/16); found ${JSON.stringify(raw)}${source}`);
  }
  return { index, count };
}

/** The format of a sweep output file from its extension (`.jsonl` or `.csv`). */
export function sweepFormatOf(path: string, flag: string): SweepFormat {
  const refusal = `a sweep is written as .jsonl (full rows) or .csv (the same fields, one dotted column each)`;
  // a name with control characters is shown quoted (escaped), never printed raw
  // eslint-disable-next-line no-control-regex
  const shown = /[\u0000-\u001f\u007f]/.test(path) ? JSON.stringify(path) : path;
  if (shown !== path) throw new UsageError(`--${flag} ${shown}: a file name with control characters; ${refusal}`);
  let format: string | undefined;
  try {
    format = path.toLowerCase().endsWith('.gz') ? undefined : formatOf(path);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
  }
  if (format !== 'jsonl' && format !== 'csv') throw new UsageError(`--${flag} ${path}: ${refusal}`);
  return format;
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const plan = await sweepPlanFromFlags(flags, io);
  const shard = shardFromFlags(flags);
  const requestedWorkers = optionalNumber(flags, 'workers', { min: 1, max: 1024, integer: true }) ?? availableParallelism();
  const workerScript = sweepWorkerScript();
  // without a compiled worker script (running from sources) the sweep runs on this thread: say so
  const workers = workerScript === undefined ? 1 : requestedWorkers;
  const outPath = optionalString(flags, 'out');
  const out = outPath === undefined ? undefined : { path: outPath, format: sweepFormatOf(outPath, 'out') };
  if (out === undefined && hasFlag(flags, 'force')) throw new UsageError('--force needs --out');
  const recheck = recheckFromFlags(flags);
  if (out === undefined && flags.recheck !== undefined) throw new UsageError('--recheck needs --out (it computes rows of the file being resumed again)');
  const summary = await runSweep(io, { plan, ...(out !== undefined ? { out } : {}), force: hasFlag(flags, 'force'), shard, workers, workerScript, recheck });
  const json = {
    spec: plan.specId,
    configurations: plan.configs.length,
    shard: `${shard.index}/${shard.count}`,
    inShard: summary.inShard,
    evaluated: summary.evaluated,
    skipped: summary.skipped,
    rowsWithErrors: summary.rowsWithErrors,
    workers,
    ...(out !== undefined ? { out: out.path, format: out.format, droppedPartialLine: summary.droppedPartialLine, checkedRows: summary.checked, rechecked: summary.rechecked, rewritten: summary.rewritten } : { rows: summary.rows }),
  };
  const lines: [string, string][] = [
    ['sweep', `${plan.specId} (${plan.configs.length} configurations${shard.count > 1 ? `; shard ${shard.index}/${shard.count}: ${summary.inShard}` : ''})`],
    ['evaluated', `${summary.evaluated}${summary.skipped > 0 ? ` (${summary.skipped} already in ${out?.path ?? ''}, each checked against the sweep${summary.rechecked.length > 0 ? `, ${summary.rechecked.length} recomputed identical` : ''}, skipped)` : ''} on ${workers} worker${workers === 1 ? '' : 's'}`],
    ...(summary.rewritten ? [['reordered', `${out?.path ?? ''} rewritten in configuration order (its rows were out of order or configurations were missing before its last row)`] as [string, string]] : []),
    ...(summary.rowsWithErrors > 0 ? [['rows with errors', `${summary.rowsWithErrors} (see their "errors" field)`] as [string, string]] : []),
    ...(out !== undefined ? [['written to', `${out.path}${summary.droppedPartialLine ? ' (a half-written last line from an interrupted run was dropped)' : ''}`] as [string, string]] : []),
  ];
  let table = '';
  if (summary.rows !== undefined) {
    const columns = sweepCsvColumns(plan, true).filter((c) => !['id', 'spec', 'configurations', 'errors'].includes(c.name) && !/\.(kind|method|deltaLower|deltaUpper|deltaEstimate|epsilonUpper)$/.test(c.name));
    const cell = (v: unknown): string => (typeof v === 'number' ? formatNumber(v) : v === undefined || v === null ? '' : String(v));
    const flat = summary.rows.map((r) => ({ row: r, flat: flattenSweepRow(r) }));
    const used = columns.filter((c) => flat.some((f) => c.get(f.flat, f.row) !== undefined));
    table = `\n\n${formatTable(used.map((c) => c.name), flat.map((f) => used.map((c) => cell(c.get(f.flat, f.row)))))}`;
  }
  return { json, text: `${formatKeyValues(lines)}${table}` };
}

const gridValue = (what: string): string => `${what}: one value, a list a,b,c or a range start:stop:step (inclusive)`;

/** Flags of `dpbounds sweep`. */
export const sweepFlags: Readonly<Record<string, FlagSpec>> = {
  'sampling-rate': { type: 'string', valueName: 'q…', description: gridValue('Poisson sampling rates in (0, 1]') },
  'noise-multiplier': { type: 'string', valueName: 'σ…', description: gridValue('noise multipliers > 0') },
  steps: { type: 'string', valueName: 'T…', description: gridValue('numbers of steps, integers ≥ 1') },
  delta: { type: 'string', valueName: 'δ…', description: gridValue('report ε at δ in (0, 1) (or the δ of --target-epsilon)') },
  epsilon: { type: 'string', valueName: 'ε…', description: gridValue('report δ at ε ≥ 0 (instead of --delta)') },
  'target-epsilon': { type: 'string', valueName: 'ε…', description: gridValue('calibration sweep: the smallest σ with ε ≤ target at --delta (instead of --noise-multiplier)') },
  'dataset-size': { type: 'string', valueName: 'N…', description: gridValue('μ-GMIP: dataset size (batch size n = qN must be whole)') },
  params: { type: 'string', valueName: 'd…', description: gridValue('μ-GMIP: number of parameters') },
  clip: { type: 'string', valueName: 'C…', description: gridValue('μ-GMIP: clipping norm (default 1)') },
  configs: { type: 'string', valueName: 'FILE', description: 'the configurations as a .csv (header: samplingRate,noiseMultiplier,steps,delta,…) or .jsonl file, instead of a grid' },
  neighbouring: { type: 'string', valueName: 'add-remove|substitution', description: 'neighbouring relation of every configuration (a configs file may set it per row)', defaultText: 'add-remove' },
  accountant: { type: 'string', valueName: 'list|all', description: 'accountants from rdp,pld,prv,gdp, or all (those supporting the relation)', defaultText: 'pld' },
  threat: { type: 'string', valueName: 'list', description: 'threat models from bayes (bayes-security, membership), gmip, rtm (subsampled Gaussian, d = 1)' },
  fpr: { type: 'string', valueName: 'list', description: 'FPRs in [0, 1]: adds TPR@FPR to every accountant (as dp --fpr) and sets the threats\' FPRs', defaultText: 'threats: 0.001,0.01,0.1' },
  'skip-dp': { type: 'boolean', description: 'threats: leave out the DP side of the run (as bayes-security/gmip --skip-dp)' },
  out: { type: 'string', valueName: 'FILE.jsonl|FILE.csv', description: 'stream the rows here, in configuration order; re-running the same sweep resumes it' },
  force: { type: 'boolean', description: 'start --out over instead of resuming it' },
  recheck: { type: 'string', valueName: 'N|all', description: 'resuming: rows of --out (chosen at random) computed again and compared byte for byte, on top of the checks of every row', defaultText: String(DEFAULT_RECHECK) },
  workers: { type: 'string', valueName: 'N', description: 'worker threads, integer in [1, 1024]', defaultText: 'available cores' },
  shard: { type: 'string', valueName: 'i/n|auto/n', description: 'run only shard i (0-based) of n: configurations with index ≡ i (mod n); join with dpbounds sweep merge. auto/n takes i from SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN) or JOB_COMPLETION_INDEX' },
};

/** `dpbounds sweep`. */
export const sweepCommand: CommandDefinition = {
  name: 'sweep',
  summary: 'parameter sweeps: every accountant and threat model over a grid or a file of configurations, on every core, resumable, in shards',
  description: [
    'Evaluates each configuration (q, σ, T, δ or ε; or a target ε to calibrate σ) for every requested',
    'accountant (--accountant, the rows of `dpbounds dp`: "epsilon" is a guarantee, with "kind") and',
    'threat model (--threat: `bayes-security`, `gmip`, `rtm` documents), one row per configuration with the',
    'single commands\' JSON fields. Rows are streamed to --out (.jsonl: full rows after a header line;',
    '.csv: the same fields, one dotted column each) in configuration order on --workers threads.',
    'Re-running the same command with the same --out resumes: rows already there are checked against',
    'the sweep (configuration, fields, rowDigest) and skipped, missing ones filled in configuration order,',
    'a half-written last line is dropped; a file of another sweep, an edited or repeated row is refused.',
    'The file is streamed, within the input budget (DPBOUNDS_MAX_INPUT_MB). --shard i/n runs one',
    'deterministic shard (for a Slurm array, Kubernetes Indexed Job or CI matrix); `dpbounds sweep',
    'merge` joins the shards. See docs/sweep.md.',
  ].join('\n'),
  flags: sweepFlags,
  examples: [
    'dpbounds sweep --noise-multiplier 0.5:2:0.5 --sampling-rate 0.001,0.004 --steps 1000,10000 --delta 1e-5 --accountant rdp,pld --out sweep.jsonl',
    'dpbounds sweep --sampling-rate 0.004 --noise-multiplier 0.8:1.2:0.2 --steps 10000 --delta 1e-5 --threat bayes,rtm --fpr 0.001,0.01 --out sweep.csv',
    'dpbounds sweep --sampling-rate 0.001,0.004 --steps 10000 --delta 1e-5 --target-epsilon 2,8 --out calibration.csv',
    "printf '%s\\n' samplingRate,noiseMultiplier,steps,delta 0.004,1,10000,1e-5 0.01,1.1,2000,1e-5 0.01,0.8,500,1e-5 > runs.csv",
    'dpbounds sweep --configs runs.csv --accountant all --shard 1/3 --out shard-1.jsonl',
  ],
  run,
};
