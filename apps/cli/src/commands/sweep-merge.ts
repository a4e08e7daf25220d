/**
 * `dpbounds sweep merge A.jsonl B.jsonl … --out all.jsonl`: joins the shards of one sweep
 * (docs/sweep.md). Refuses files of different sweeps, duplicates and gaps (listing what is
 * missing); writes the merged file all-or-nothing.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { hasFlag, requiredString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues } from '../format.js';
import { fileSystemReason } from '../io/make-directories.js';
import { planOutputs } from '../io/output-plan.js';
import { mergeSweepFiles } from '../sweep/sweep-merge.js';
import { UsageError } from '../usage-error.js';
import { sweepFormatOf } from './sweep.js';

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const files = (typeof flags.files === 'string' ? flags.files.split('\n') : []).filter((f) => f !== '');
  if (files.length === 0) throw new UsageError('give the shard files to merge: dpbounds sweep merge A.jsonl B.jsonl … --out all.jsonl');
  const outPath = requiredString(flags, 'out', 'the merged .jsonl or .csv file');
  const format = sweepFormatOf(outPath, 'out');
  for (const file of files) {
    if (!file.toLowerCase().endsWith(`.${format}`)) throw new UsageError(`${file}: a .${format} merge needs .${format} shards (the --out file's format)`);
  }
  const inputs = [];
  for (const path of files) {
    const bytes = await readFile(resolve(io.cwd, path)).catch((error: unknown) => {
      throw new UsageError(`${path}: ${fileSystemReason(error)}`);
    });
    inputs.push({ path, bytes });
  }
  const merged = mergeSweepFiles(inputs, format);
  const outputs = await planOutputs(io, { flag: 'out', force: hasFlag(flags, 'force'), files: [outPath] });
  try {
    await outputs.commit({ [outPath]: merged.lines });
  } finally {
    await outputs.release();
  }
  const json = { spec: merged.spec, configurations: merged.configurations, inputs: files.map((file, i) => ({ file, rows: merged.rowsPerInput[i] })), out: outPath, format };
  const text = formatKeyValues([
    ['sweep', `${merged.spec} (${merged.configurations} configurations, all present once)`],
    ...files.map((file, i) => [file, `${merged.rowsPerInput[i] as number} rows`] as [string, string]),
    ['written to', outPath],
  ]);
  return { json, text };
}

/** `dpbounds sweep merge`. */
export const sweepMergeCommand: CommandDefinition = {
  name: 'sweep merge',
  summary: 'join the shard files of one sweep (checks same sweep, no duplicates, no gaps) into one file in configuration order',
  description: [
    'Reads the files written by `dpbounds sweep … --shard i/n --out FILE` and writes one file with every',
    'configuration once, in configuration order (the same file an unsharded run writes). Refuses files',
    'of different sweeps (other grid, accountants, threats or FPRs), a configuration present twice, and',
    'missing configurations (listed by index; configuration k belongs to shard k mod n).',
  ].join('\n'),
  positionals: { name: 'files', valueName: 'FILE…', description: 'the shard files (.jsonl or .csv, all of one format)' },
  flags: {
    out: { type: 'string', valueName: 'FILE.jsonl|FILE.csv', description: 'the merged file (same format as the shards)' },
    force: { type: 'boolean', description: 'replace --out if it exists' },
  },
  examples: ['dpbounds sweep merge shard-0.jsonl shard-1.jsonl shard-2.jsonl --out sweep.jsonl'],
  run,
};
