/**
 * `dpbounds report`: report.html and report.json, in the demo's format, for any DP-SGD or
 * DP-FTRL / BandMF run described by a run file (docs/your-run.md), with whatever evidence the
 * user has: attack scores, canary scores, per-instance and sensitivity traces. A section whose
 * evidence is missing is listed as not available with the flag that would provide it. No math
 * here: report/build-report.ts reads, the packages compute.
 */
import { join } from 'node:path';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, hasFlag, optionalString, requiredString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { planOutputs } from '../io/index.js';
import type { OutputPlan } from '../io/index.js';
import { createRunDirectory } from '../io/run-directory.js';
import type { RunDirectory } from '../io/run-directory.js';
import { createProgress } from '../progress.js';
import { REPORT_FILE_NAMES, reportContents, reportFromFiles, reportText } from '../report/build-report.js';
import { EVIDENCE_FLAGS } from '../report/report-evidence.js';
import type { EvidencePaths } from '../report/report-evidence.js';
import { isDpboundsError } from '@dpbounds/special-functions';
import { UsageError } from '../usage-error.js';

/** Where the report goes without `--out`: a fresh `<UTC time>/` in here, `latest` pointing at the newest. */
const DEFAULT_PARENT = 'dpbounds-report';

function evidencePaths(flags: ParsedFlags): EvidencePaths {
  const paths: Record<string, string> = {};
  for (const flag of Object.keys(EVIDENCE_FLAGS)) {
    const value = optionalString(flags, flag);
    if (value === undefined) continue;
    if (value === '') throw new UsageError(`--${flag} needs a file name`);
    paths[flag] = value;
  }
  return paths as EvidencePaths;
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const runPath = requiredString(flags, 'run', 'a run file (JSON, docs/your-run.md)');
  const paths = evidencePaths(flags);
  const attackMethod = flags['attack-method'] === undefined ? undefined : choice(flags, 'attack-method', ['lira-online', 'lira-offline'] as const);
  if (attackMethod !== undefined && paths.shadow === undefined) throw new UsageError('--attack-method chooses the LiRA test on --shadow scores; give --shadow FILE');
  const given = optionalString(flags, 'out');
  if (given === '') throw new UsageError('--out needs a directory name');
  const fresh: RunDirectory | undefined = given === undefined ? await createRunDirectory(io.cwd, DEFAULT_PARENT) : undefined;
  const out = given ?? (fresh as RunDirectory).display;
  let outputs: OutputPlan;
  try {
    outputs = await planOutputs(io, { flag: 'out', force: hasFlag(flags, 'force'), directory: out, files: [...REPORT_FILE_NAMES] });
  } catch (error) {
    await fresh?.discardIfEmpty();
    throw error;
  }
  try {
    const progress = createProgress(io, 'report', 1);
    let report;
    try {
      ({ report } = await reportFromFiles(io, runPath, paths, {
        ...(attackMethod === undefined ? {} : { attackMethod }),
        onSection: (name) => progress.stage(name),
        onProgress: (f) => progress.update(f),
      }));
    } catch (error) {
      // the required sections price the run file: a library refusal names one of its fields
      if (isDpboundsError(error)) throw new UsageError(`--run ${runPath}: ${error.message}`);
      throw error;
    } finally {
      progress.finish();
    }
    await outputs.commit(reportContents(report));
    await fresh?.markLatest();
    const name = typeof report.config['name'] === 'string' ? ` (${report.config['name']})` : '';
    const where = `report: ${join(out, 'report.html')} (and report.json, figures/)${given === undefined ? `; the newest report is also ${join(DEFAULT_PARENT, 'latest')}` : ''}`;
    return { json: report, text: reportText(report, `dpbounds report: ${runPath}${name}`, where) };
  } finally {
    await outputs.release();
    await fresh?.discardIfEmpty();
  }
}

/** `dpbounds report`. */
export const reportCommand: CommandDefinition = {
  name: 'report',
  summary: 'report.html and report.json for your own run (PyTorch, Opacus, JAX): a run file plus whatever evidence you have',
  description: [
    'Writes the demo\'s report for a run trained anywhere: --run names a run file (JSON, "format": "dpbounds.run"; docs/your-run.md and',
    'docs/run-file/run-file-v1.schema.json) holding what `dpbounds dp` takes: samplingRate (as your loop defines it; Opacus: sample_rate)',
    'or batchSize with datasetSize, noiseMultiplier, steps or history, sampler, delta, and optionally clipNorm and parameters.',
    'Every accountant prices the run (both neighbouring relations); Bayes security, μ-GMIP and the relaxed threat model are drawn',
    'combined with the DP guarantee of the same relation. Evidence, each optional, adds a section: --targets (attack scores with a',
    'member column; with --shadow, LiRA), --canary-scores or --released with --canary-bits (the white-box one-run audit; from',
    'released values dpbounds scores the canaries at the noise scale it measures, so a run adding less noise than it claims is',
    'caught: "auditExceedsGuarantee"), --input-canary-scores (black-box audit), --per-instance-trace,',
    '--sensitivity-trace, and from `dpbounds train`: --gradient-stats, --evaluation. A section whose evidence is missing is listed',
    'under "unavailable" with the flag that would provide it. Every number says its kind (guarantee, estimate, lower-bound,',
    'empirical) and its relation. Without --out each report goes to a new dpbounds-report/<UTC time>/ (linked from',
    'dpbounds-report/latest); an existing report in --out is refused unless --force.',
  ].join('\n'),
  flags: {
    run: { type: 'string', valueName: 'FILE', description: 'the run file (JSON, docs/your-run.md)' },
    targets: { type: 'string', valueName: 'FILE', description: 'attack scores with membership: columns id, score (or loss), member (as dpbounds attack --targets)' },
    shadow: { type: 'string', valueName: 'FILE', description: 'LiRA shadow-model scores for --targets (as dpbounds attack --shadow)' },
    'attack-method': { type: 'string', valueName: 'lira-online|lira-offline', description: 'the LiRA test run on --shadow', defaultText: 'lira-online' },
    'canary-scores': { type: 'string', valueName: 'FILE', description: 'Dirac-canary scores with membership (columns score, member, as dpbounds audit --scores; or canaries.json from dpbounds train)' },
    'input-canary-scores': { type: 'string', valueName: 'FILE', description: 'input-canary (black-box) scores with membership, same format' },
    released: { type: 'string', valueName: 'FILE', description: 'released values on the Dirac canaries\' coordinates, T × m (.npy or CSV, as dpbounds audit --released); dpbounds scores them at the noise it measures, not the claimed σ' },
    'canary-bits': { type: 'string', valueName: 'FILE', description: 'the m canaries\' 0/1 insertion bits, each a fair coin (as dpbounds audit --canary-bits)' },
    'per-instance-trace': { type: 'string', valueName: 'FILE', description: 'per-example gradient norms of targets (docs/per-instance-trace.md)' },
    'sensitivity-trace': { type: 'string', valueName: 'FILE', description: 'attribute sensitivities R_t (ai-sensitivity.json from dpbounds train) for Bayes security against attribute inference' },
    'gradient-stats': { type: 'string', valueName: 'FILE', description: 'gradient statistics of measured targets (gradient-stats.json from dpbounds train) for μ-GMIP' },
    evaluation: { type: 'string', valueName: 'FILE', description: 'held-out accuracy at checkpoints (evaluation.json from dpbounds train) for β* over training' },
    out: { type: 'string', valueName: 'DIR', description: 'output directory', defaultText: 'a new dpbounds-report/<UTC time>/, linked from dpbounds-report/latest' },
    force: { type: 'boolean', description: 'overwrite an existing report in --out' },
  },
  examples: [
    'dpbounds demo --epochs 1 --model logistic --out adult',
    'dpbounds report --run adult/run.json --targets adult/traces/targets.csv --canary-scores adult/traces/canaries.json --out adult-again',
    'printf \'%s\\n\' \'{"format":"dpbounds.run","version":1,\' \'"samplingRate":0.0097087,"noiseMultiplier":1,"steps":309,"delta":1e-5}\' > run.json',
    'dpbounds report --run run.json --out my-report',
  ],
  run,
};
