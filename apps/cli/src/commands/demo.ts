/**
 * `dpbounds demo`: the main job (docs/cli.md). Trains on the bundled Adult data with DP-SGD and every
 * instrument, writes the run file and the evidence files a user of `dpbounds report` would write
 * (run.json, traces/), then builds the report from those files with the same code as `dpbounds
 * report`: prints a summary table and writes `report.json`, a self-contained `report.html`, the run
 * file and the traces into `--out`.
 * The default noise comes from the closed-form Bayes-security parameter selection (Cherubin
 * et al.): β*_MIA = 0.9 after 20 epochs at expected batch 256, as in the paper's Adult setup.
 */
import { BATCH_SAMPLERS, noiseMultiplierForBayesSecurity, samplerEpsilon } from '@dpbounds/accountants';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, hasFlag, optionalNumber, optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { planOutputs } from '../io/index.js';
import { createRunDirectory } from '../io/run-directory.js';
import type { RunDirectory } from '../io/run-directory.js';
import type { OutputPlan } from '../io/index.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { REPORT_FILE_NAMES, reportContents, reportFromFiles, reportText } from '../report/build-report.js';
import { demoEvidenceFiles, DEMO_EVIDENCE_PATHS, DEMO_EVIDENCE_FILE_NAMES } from './demo-evidence.js';
import { runTraining } from './train-run.js';
import { loadDataset, parseTrainSetup, trainingFlags } from './train-setup.js';
import type { TrainDefaults } from './train-setup.js';

const defaults: TrainDefaults = {
  model: 'mlp',
  hiddenUnits: 64,
  epochs: 10,
  batchSize: 256,
  noiseMultiplier: Number.NaN, // chosen from --target-bayes-security unless given
  clip: 1,
  learningRate: 1,
  instruments: ['ai-sensitivity', 'per-instance', 'gradient-stats', 'canaries'],
  canaries: 1000,
  inputCanaries: 200,
  perInstanceTargets: 100,
  perInstanceRuns: 2,
  perInstanceEvery: 10,
  aiMethod: 'both',
};

/** Where the demo writes without `--out`: a fresh `<UTC time>/` run directory in here, with `latest` pointing at the newest. */
const DEFAULT_PARENT = 'dpbounds-report';

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  // The report prices the sampler that ran (batchSampling) next to the Poisson sections; a sampler
  // this build cannot price is refused here, before any training.
  const sampling = choice(flags, 'sampling', BATCH_SAMPLERS, 'poisson');
  if (sampling !== 'poisson') samplerEpsilon({ sampler: sampling, datasetSize: 100, batchSize: 10, ...(sampling === 'truncated-poisson' ? { maxBatchSize: 20 } : {}), noiseMultiplier: 1, steps: 1 }, 1e-5);
  const given = optionalString(flags, 'out');
  // Without --out every run gets its own directory, so running the README command twice just works.
  const fresh = given === undefined ? await createRunDirectory(io.cwd, DEFAULT_PARENT) : undefined;
  const out = given ?? (fresh as RunDirectory).display;
  // Every output is checked (and --out locked) before any work; the set is written all-or-nothing at the end.
  const files = [...REPORT_FILE_NAMES, ...DEMO_EVIDENCE_FILE_NAMES];
  let outputs: OutputPlan;
  try {
    outputs = await planOutputs(io, { flag: 'out', force: hasFlag(flags, 'force'), directory: out, files });
  } catch (error) {
    await fresh?.discardIfEmpty();
    throw error;
  }
  try {
    const result = await runDemo(flags, io, out, outputs);
    await fresh?.markLatest();
    return result;
  } finally {
    await outputs.release();
    await fresh?.discardIfEmpty();
  }
}

async function runDemo(flags: ParsedFlags, io: CommandIo, out: string, outputs: OutputPlan): Promise<CommandResult> {
  const delta = optionalNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 1e-5;
  const targetBeta = optionalNumber(flags, 'target-bayes-security', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 0.9;
  const targetEpochs = optionalNumber(flags, 'target-epochs', { min: 0, minExclusive: true, max: 10_000 }) ?? 20;
  let noiseMultiplier = optionalNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  let selectionRate: number | undefined;
  if (noiseMultiplier === undefined) {
    // Chosen for the training split without the input canaries (about 100 more records change q by < 0.5 %).
    const seed = optionalNumber(flags, 'seed', { min: 0, integer: true }) ?? 0;
    const { data } = await loadDataset(flags, io.cwd, seed);
    const batch = optionalNumber(flags, 'batch-size', { min: 1, integer: true }) ?? defaults.batchSize;
    selectionRate = Math.min(1, batch / data.train.size);
    noiseMultiplier = noiseMultiplierForBayesSecurity({ targetBayesSecurity: targetBeta, samplingRate: selectionRate, steps: Math.max(1, Math.round(targetEpochs / selectionRate)) });
  }
  // per-instance RDP accounts for Poisson batches: another sampler runs without that instrument by
  // default (its section is then listed as not computed); asking for it explicitly is refused by the setup
  const poissonBatches = flags.sampling === undefined || flags.sampling === 'poisson';
  const runDefaults: TrainDefaults = poissonBatches ? defaults : { ...defaults, instruments: defaults.instruments.filter((name) => name !== 'per-instance') };
  const setup = { ...(await parseTrainSetup({ ...flags, 'noise-multiplier': String(noiseMultiplier) }, io.cwd, runDefaults)), lenient: true };
  // eager: each stage is drawn as it starts (training and each analysis run synchronously for seconds)
  const progress = createProgress(io, 'demo', 1000, { eager: true });
  const runs = setup.instruments.has('per-instance') ? setup.perInstanceRuns : 1;
  progress.stage(runs > 1 ? `training (${runs} seeded runs for per-instance ε)` : 'training');
  const outcome = runTraining(setup, (f) => progress.update(700 * f));
  const selection = { noiseSelection: { value: noiseMultiplier, chosenFor: selectionRate !== undefined ? { targetBayesSecurity: targetBeta, epochs: targetEpochs, samplingRate: selectionRate, relation: 'substitution' } : 'given' } };
  // The run file and the evidence, as a user of `dpbounds report` would write them; the report
  // is built from these files by the same code as `dpbounds report` (one path, no drift).
  const evidence = demoEvidenceFiles(outcome, delta);
  const scratch = await mkdtemp(join(tmpdir(), 'dpbounds-demo-'));
  let report;
  try {
    for (const [name, content] of Object.entries(evidence)) {
      await mkdir(dirname(join(scratch, name)), { recursive: true });
      await writeFile(join(scratch, name), content);
    }
    const paths = Object.fromEntries(Object.entries(DEMO_EVIDENCE_PATHS).filter(([, name]) => evidence[name] !== undefined).map(([flag, name]) => [flag, join(scratch, name)]));
    ({ report } = await reportFromFiles(io, join(scratch, 'run.json'), paths, {
      unavailable: [
        ...outcome.skipped.map((s) => ({ section: `instrument ${s.instrument}`, reason: s.reason })),
        ...(evidence[DEMO_EVIDENCE_PATHS.targets] === undefined ? [{ section: 'attack', reason: 'no held-out split' }] : []),
      ],
      seconds: { training: outcome.seconds },
      onSection: (name) => progress.stage(name),
      onProgress: (f) => progress.update(700 + 300 * f),
    }));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  progress.finish();
  const json = { ...report, config: { ...report.config, ...selection } };
  await outputs.commit({ ...reportContents(json), ...evidence });
  const heading = `dpbounds demo: ${setup.datasetName}, ${setup.model} (${outcome.model.parameterCount} parameters), ${outcome.result.steps} steps, q = ${outcome.result.samplingRate.toPrecision(4)}, σ = ${noiseMultiplier.toPrecision(4)}, C = ${setup.clip}`;
  const where = `report: ${join(out, 'report.html')} (and report.json, figures/, run.json, traces/)${optionalString(flags, 'out') === undefined ? `; the newest run is also ${join(DEFAULT_PARENT, 'latest')}` : ''}`;
  const text = reportText(json, heading, where);
  return { json, text };
}

/** `dpbounds demo`. */
export const demoCommand: CommandDefinition = {
  name: 'demo',
  summary: 'the main job: train on Adult with every instrument, then every bound, attack and audit; writes report.html and report.json',
  description: [
    'Trains an MLP on the bundled Adult census data with DP-SGD (noise chosen so that the membership Bayes security is 0.9 after 20 epochs, as in',
    'Cherubin et al.), records every trace, then computes (ε, δ) with every accountant, Bayes security against membership and attribute inference',
    '(age), μ-GMIP, the relaxed-threat-model curve, per-instance ε of random, typical and outlier records, a loss-threshold attack, and',
    'one-run audits from the Dirac and input canaries. Every number is labelled guarantee, estimate, lower-bound or empirical, and names its',
    'neighbouring relation (add/remove or substitution); every threat-specific curve is drawn combined with the DP guarantee of the same relation,',
    'one plot per relation. Prints a summary and writes report.json, a self-contained report.html (works offline), the plots as SVG in figures/',
    'and traces/ into --out. Without --out each run writes a new dpbounds-report/<UTC time>/ and points dpbounds-report/latest at it, so a',
    'second run never meets the first one\'s files; an explicit --out whose report files exist is refused before training unless --force.',
    'A section that needs what the run lacks (held-out split, canaries, an instrument) is left out of',
    'report.json and listed under "unavailable" with the reason; if the DP accounting itself fails, the demo fails (exit 2).',
    'With --sampling fixed-size|shuffle|balls-in-bins|truncated-poisson the model trains with that sampler and "batchSampling" gives its ε',
    '(with its kind) beside the Poisson ε, saying whether the latter and the other sections cover the run (docs/batch-samplers.md).',
    'See docs/demo.md and docs/reading-the-views.md.',
  ].join('\n'),
  flags: {
    ...trainingFlags({ ...defaults, noiseMultiplier: 0 }),
    'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier (default: chosen for --target-bayes-security after --target-epochs)' },
    'target-bayes-security': { type: 'string', valueName: 'β', description: 'membership Bayes security the default noise is chosen for', defaultText: '0.9' },
    'target-epochs': { type: 'string', valueName: 'E', description: 'epochs at which that target holds', defaultText: '20' },
    delta: { type: 'string', valueName: 'δ', description: 'δ of every ε', defaultText: '1e-5' },
    out: { type: 'string', valueName: 'DIR', description: 'output directory', defaultText: 'a new dpbounds-report/<UTC time>/, linked from dpbounds-report/latest' },
    force: { type: 'boolean', description: 'overwrite existing files in --out' },
  },
  examples: [
    'dpbounds demo --epochs 1 --model logistic --out adult-report   # a quick look; the defaults train an MLP for 10 epochs',
    'dpbounds demo --epochs 1 --model logistic --json > report.json   # into a new dpbounds-report/<UTC time>/',
  ],
  run,
};
