/**
 * `dpbounds sweep merge A.jsonl B.jsonl … --out all.jsonl`: joins the shards of one sweep
 * (docs/sweep.md), streaming each file. Refuses files of different sweeps, rows that do not
 * check (edited, out of order, outside the sweep), duplicates and gaps (listing what is missing);
 * writes the merged file all-or-nothing.
 */
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { hasFlag, requiredString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues } from '../format.js';
import { openInput, type InputFile } from '../io/input-chunks.js';
import { planOutputs } from '../io/output-plan.js';
import { openSweepMerge } from '../sweep/sweep-merge.js';
import { DEFAULT_RECHECK, recheckFromFlags } from '../sweep/sweep-recheck.js';
import { UsageError } from '../usage-error.js';
import { sweepFormatOf } from './sweep.js';

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const files = (typeof flags.files === 'string' ? flags.files.split('\n') : []).filter((f) => f !== '');
  if (files.length === 0) throw new UsageError('give the shard files to merge: dpbounds sweep merge A.jsonl B.jsonl … --out all.jsonl');
  const outPath = requiredString(flags, 'out', 'the merged .jsonl or .csv file');
  const format = sweepFormatOf(outPath, 'out');
  for (const file of files) {
    if (!file.toLowerCase().endsWith(`.${format}`)) throw new UsageError(`${JSON.stringify(file)}: a .${format} merge needs .${format} shards (the --out file's format)`);
  }
  // each input within the input budget (refused from its size, before it is read), streamed;
  // its first line is checked before the rest is read
  const opened: InputFile[] = [];
  let merge: Awaited<ReturnType<typeof openSweepMerge>>;
  try {
    for (const path of files) opened.push(await openInput(path, io.cwd));
    merge = await openSweepMerge(opened.map((input, i) => ({ path: files[i] as string, chunks: input.chunks })), format, recheckFromFlags(flags));
    const outputs = await planOutputs(io, { flag: 'out', force: hasFlag(flags, 'force'), files: [outPath] });
    try {
      await outputs.commit({ [outPath]: merge.lines });
    } finally {
      await outputs.release();
    }
  } finally {
    // a shard refused (or a failed write) leaves the later shards unread: close every one
    await Promise.all(opened.map((input) => input.close()));
  }
  const { spec, configurations, rowsPerInput } = merge.summary;
  const json = { spec, configurations, inputs: files.map((file, i) => ({ file, rows: rowsPerInput[i] })), out: outPath, format, checkedRows: configurations, rechecked: merge.summary.rechecked };
  const text = formatKeyValues([
    ['sweep', `${spec} (${configurations} configurations, all present once, every row checked, ${merge.summary.rechecked.length} recomputed identical)`],
    ...files.map((file, i) => [file, `${rowsPerInput[i] as number} rows`] as [string, string]),
    ['written to', outPath],
  ]);
  return { json, text };
}

/** `dpbounds sweep merge`. */
export const sweepMergeCommand: CommandDefinition = {
  name: 'sweep merge',
  summary: 'join the shard files of one sweep (checks every row, same sweep, no duplicates, no gaps) into one file in configuration order',
  description: [
    'Reads the files written by `dpbounds sweep … --shard i/n --out FILE` and writes one file with every',
    'configuration once, in configuration order (the same file an unsharded run writes). Refuses files',
    'of different sweeps (other grid, accountants, threats or FPRs), a row that does not check (its',
    'configuration, fields or rowDigest were changed; rows out of order), a configuration present twice, and',
    'missing configurations (listed by index; configuration k belongs to shard k mod n). Each input is',
    'streamed, within the input budget (DPBOUNDS_MAX_INPUT_MB).',
  ].join('\n'),
  positionals: { name: 'files', valueName: 'FILE…', description: 'the shard files (.jsonl or .csv, all of one format)' },
  flags: {
    out: { type: 'string', valueName: 'FILE.jsonl|FILE.csv', description: 'the merged file (same format as the shards)' },
    force: { type: 'boolean', description: 'replace --out if it exists' },
    recheck: { type: 'string', valueName: 'N|all', description: 'rows (chosen at random) computed again and compared byte for byte, on top of the checks of every row', defaultText: String(DEFAULT_RECHECK) },
  },
  examples: [
    "printf '%s\\n' samplingRate,noiseMultiplier,steps,delta 0.004,1,10000,1e-5 0.01,1.1,2000,1e-5 0.01,0.8,500,1e-5 > runs.csv",
    'dpbounds sweep --configs runs.csv --shard 0/3 --out shard-0.jsonl',
    'dpbounds sweep --configs runs.csv --shard 1/3 --out shard-1.jsonl',
    'dpbounds sweep --configs runs.csv --shard 2/3 --out shard-2.jsonl',
    'dpbounds sweep merge shard-0.jsonl shard-1.jsonl shard-2.jsonl --out sweep.jsonl',
  ],
  run,
};
