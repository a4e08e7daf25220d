/**
 * `dpbounds demo`: the main job (docs/cli.md). Trains on the bundled Adult data with DP-SGD and every
 * instrument, then computes every bound and audit with the packages, prints a summary table and
 * writes `report.json`, a self-contained `report.html` and the run's traces into `--out`.
 * The default noise comes from the closed-form Bayes-security parameter selection (Cherubin
 * et al.): β*_MIA = 0.9 after 20 epochs at expected batch 256, as in the paper's Adult setup.
 */
import { BATCH_SAMPLERS, noiseMultiplierForBayesSecurity, samplerEpsilon } from '@dpbounds/accountants';
import { join } from 'node:path';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, hasFlag, optionalNumber, optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { planOutputs } from '../io/index.js';
import { createRunDirectory } from '../io/run-directory.js';
import type { RunDirectory } from '../io/run-directory.js';
import type { OutputPlan } from '../io/index.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { computeReport } from '../report/compute-report.js';
import { relationChart, renderReportHtml } from '../report/render-html.js';
import { formatSummaryText, summaryRows, wrap } from '../report/summary-rows.js';
import { runTraining } from './train-run.js';
import { TRACE_FILE_NAMES, traceFiles } from './train.js';
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

const ORDERS = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96, 128];

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
  const figures = ['add-remove', 'substitution'].map((relation) => `figures/trade-off-${relation}.svg`);
  const files = ['report.json', 'report.html', ...figures, ...TRACE_FILE_NAMES.map((name) => `traces/${name}`)];
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
  const progress = createProgress(io, 'demo', 1000);
  const runs = setup.instruments.has('per-instance') ? setup.perInstanceRuns : 1;
  progress.stage(runs > 1 ? `training (${runs} seeded runs for per-instance ε)` : 'training');
  const outcome = runTraining(setup, (f) => progress.update(700 * f));
  const report = computeReport(outcome, {
    delta,
    fprs: [0.001, 0.01, 0.1],
    orders: ORDERS,
    onSection: (name) => progress.stage(name),
    onProgress: (f) => progress.update(700 + 300 * f),
  });
  progress.finish();
  const selection = { noiseSelection: { value: noiseMultiplier, chosenFor: selectionRate !== undefined ? { targetBayesSecurity: targetBeta, epochs: targetEpochs, samplingRate: selectionRate, relation: 'substitution' } : 'given' } };
  const json = { ...report, config: { ...report.config, ...selection } };
  const contents: Record<string, string> = { 'report.json': `${JSON.stringify(json, null, 1)}\n`, 'report.html': renderReportHtml(json) };
  for (const relation of report.views) contents[`figures/trade-off-${relation}.svg`] = `${relationChart(json, relation)}\n`;
  for (const [name, content] of Object.entries(traceFiles(outcome))) contents[`traces/${name}`] = content;
  await outputs.commit(contents);
  const text = [
    `dpbounds demo: ${setup.datasetName}, ${setup.model} (${outcome.model.parameterCount} parameters), ${outcome.result.steps} steps, q = ${outcome.result.samplingRate.toPrecision(4)}, σ = ${noiseMultiplier.toPrecision(4)}, C = ${setup.clip}`,
    '',
    ...wrap(`batches: ${report.batchSampling.summary}`, 100, '  '),
    '',
    formatSummaryText(summaryRows(report)),
    ...(report.unavailable.length > 0 ? ['', 'Not computed:', ...report.unavailable.flatMap((u) => wrap(`${u.section}: ${u.reason}`, 100, '  '))] : []),
    '',
    `report: ${join(out, 'report.html')} (and report.json, figures/, traces/)${optionalString(flags, 'out') === undefined ? `; the newest run is also ${join(DEFAULT_PARENT, 'latest')}` : ''}`,
  ].join('\n');
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
  examples: ['dpbounds demo', 'dpbounds demo --epochs 20 --out adult-report', 'dpbounds demo --json > report.json'],
  run,
};
