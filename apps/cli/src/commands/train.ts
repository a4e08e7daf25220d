/**
 * `dpbounds train`: a reference DP-SGD run with instrumentation (docs/cli.md). Trains with
 * @dpbounds/sgd-instrumentation, accounts (ε, δ) with the PLD accountant of
 * @dpbounds/accountants, and writes the model, every trace and `summary.json` into `--out`
 * (never overwriting a file without `--force` or a confirmation). No math here.
 */
import { dpSgdEvent, PldAccountant } from '@dpbounds/accountants';
import { canaryScoresCsv, modelFile } from '@dpbounds/sgd-instrumentation';
import type { TrainResult } from '@dpbounds/sgd-instrumentation';
import { join } from 'node:path';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { hasFlag, optionalNumber, optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber } from '../format.js';
import { planOutputs } from '../io/index.js';
import type { OutputContent } from '../io/index.js';
import { createProgress } from '../progress.js';
import { batchSamplingSection } from '../report/sampler-section.js';
import { epsilonWords } from '../report/sampler-words.js';
import { runTraining } from './train-run.js';
import type { TrainOutcome } from './train-run.js';
import { parseTrainSetup, trainingFlags } from './train-setup.js';
import type { TrainDefaults } from './train-setup.js';
import { infiniteFieldsReplacer } from '../io/infinite-fields.js';

const defaults: TrainDefaults = {
  model: 'mlp',
  hiddenUnits: 64,
  epochs: 5,
  batchSize: 256,
  noiseMultiplier: 1,
  clip: 1,
  learningRate: 0.5,
  instruments: [],
  canaries: 1000,
  inputCanaries: 0,
  perInstanceTargets: 100,
  perInstanceRuns: 3,
  perInstanceEvery: 10,
  aiMethod: 'both',
};

/** (ε, δ) of the run from the PLD accountant (add/remove, pessimistic discretisation: a guarantee). */
export function accountRun(outcome: TrainOutcome, delta: number): { epsilon: number; epsilonLower: number } {
  const { samplingRate, noiseMultiplier, steps } = outcome.result;
  const bounds = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate, noiseMultiplier, steps })).getEpsilonBounds(delta);
  return { epsilon: bounds.upper, epsilonLower: bounds.lower };
}

/** Serialised traces of an outcome: file name → content. */
export function traceFiles(outcome: TrainOutcome): Record<string, string> {
  const json = (value: unknown): string => `${JSON.stringify(value)}\n`;
  const files: Record<string, string> = {
    'model.json': json(modelFile(outcome.model, { parameters: outcome.result.parameters, encoding: outcome.trainData.encoding })),
    'evaluation.json': json(outcome.evaluation),
  };
  if (outcome.aiSensitivity !== undefined) files['ai-sensitivity.json'] = json(outcome.aiSensitivity);
  if (outcome.perInstance !== undefined) files['per-instance.json'] = json(outcome.perInstance);
  if (outcome.perInstanceBatches !== undefined) files['per-instance-batches.json'] = json(outcome.perInstanceBatches);
  if (outcome.gradientStats !== undefined) files['gradient-stats.json'] = json(outcome.gradientStats);
  if (outcome.canaryScores !== undefined) {
    files['canaries.json'] = json(outcome.canaryScores);
    files['canary-scores.csv'] = canaryScoresCsv(outcome.canaryScores);
  }
  if (outcome.inputCanaryScores !== undefined) {
    files['input-canaries.json'] = json(outcome.inputCanaryScores);
    files['input-canary-scores.csv'] = canaryScoresCsv(outcome.inputCanaryScores);
  }
  return files;
}

/** Every file a run may write besides `summary.json` (planned up front; those a run does not produce are removed with --force). */
export const TRACE_FILE_NAMES: readonly string[] = [
  'model.json',
  'evaluation.json',
  'ai-sensitivity.json',
  'per-instance.json',
  'per-instance-batches.json',
  'gradient-stats.json',
  'canaries.json',
  'canary-scores.csv',
  'input-canaries.json',
  'input-canary-scores.csv',
];

const TRACE_KEYS: Readonly<Record<string, string>> = {
  'ai-sensitivity.json': 'aiSensitivity',
  'per-instance.json': 'perInstance',
  'per-instance-batches.json': 'perInstanceBatches',
  'gradient-stats.json': 'gradientStats',
  'canaries.json': 'canaries',
  'canary-scores.csv': 'canaryScores',
  'input-canaries.json': 'inputCanaries',
  'input-canary-scores.csv': 'inputCanaryScores',
  'evaluation.json': 'evaluation',
};

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const delta = optionalNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 1e-5;
  const out = optionalString(flags, 'out') ?? 'dpbounds-train';
  // Existing outputs, an unwritable --out and a concurrent run into it are refused before any work.
  const outputs = await planOutputs(io, { flag: 'out', force: hasFlag(flags, 'force'), directory: out, files: [...TRACE_FILE_NAMES, 'summary.json'] });
  try {
    return await trainAndWrite(flags, io, delta, out, async (contents) => outputs.commit(contents));
  } finally {
    await outputs.release();
  }
}

async function trainAndWrite(
  flags: ParsedFlags,
  io: CommandIo,
  delta: number,
  out: string,
  commit: (contents: Record<string, OutputContent>) => Promise<void>,
): Promise<CommandResult> {
  const setup = await parseTrainSetup(flags, io.cwd, defaults);
  const progress = createProgress(io, 'training', 1000);
  const outcome = runTraining(setup, (fraction) => progress.update(fraction * 1000));
  progress.finish();
  const { epsilon, epsilonLower } = accountRun(outcome, delta);
  // the ε of the sampler that ran, priced with what the trainer recorded (its batches per epoch)
  const batchSampling = batchSamplingSection(outcome.result.sampler, outcome.result.noiseMultiplier, outcome.result.steps, delta);
  const files = traceFiles(outcome);
  const traces: Record<string, string> = {};
  for (const name of Object.keys(files)) if (TRACE_KEYS[name] !== undefined) traces[TRACE_KEYS[name] as string] = join(out, name);
  const { result } = outcome;
  const accuracy = outcome.testAccuracy ?? outcome.trainAccuracy;
  const summary = {
    accuracy,
    steps: result.steps,
    samplingRate: result.samplingRate,
    noiseMultiplier: result.noiseMultiplier,
    epsilon,
    delta,
    traces,
    model: join(out, 'model.json'),
    summary: join(out, 'summary.json'),
    epsilonLower,
    accountant: 'pld',
    // a guarantee only when the batches were Poisson-sampled as the accountant assumes
    epsilonKind: result.matchesPoissonAccounting ? 'guarantee' : 'estimate',
    neighbouring: 'add-remove',
    accuracySplit: outcome.testAccuracy !== undefined ? 'test' : 'train',
    trainAccuracy: outcome.trainAccuracy,
    dataset: setup.datasetName,
    datasetSize: outcome.trainData.size,
    modelKind: setup.model,
    parameters: outcome.model.parameterCount,
    clip: setup.clip,
    expectedBatchSize: setup.batchSize,
    epochs: setup.epochs,
    learningRate: setup.learningRate,
    seed: setup.seed,
    sampling: result.sampling,
    sampler: result.sampler,
    samplingMatchesAccounting: result.matchesPoissonAccounting,
    // the sampler whose law the canaries' batch participation followed (the run's)
    ...(outcome.canaryScores?.sampling !== undefined ? { canarySampling: outcome.canaryScores.sampling } : {}),
    batchSampling,
    instruments: [...setup.instruments],
    seconds: outcome.seconds,
  };
  // The whole set, or nothing: model, traces and summary are renamed into place together.
  await commit({ ...files, 'summary.json': `${JSON.stringify(summary, infiniteFieldsReplacer, 2)}\n` });
  const rows: [string, string][] = [
    ['accuracy', `${formatNumber(accuracy)} (${summary.accuracySplit})`],
    ['steps', String(result.steps)],
    ['sampling rate', formatNumber(result.samplingRate)],
    ['noise multiplier', formatNumber(result.noiseMultiplier)],
    ['epsilon', `${formatNumber(epsilon)} at delta ${formatNumber(delta)} (PLD, add/remove)`],
    ['sampling', samplerWords(result.sampler)],
    ...(result.matchesPoissonAccounting
      ? []
      : ([
          ['warning', `${result.sampling} batches: the epsilon above assumes Poisson sampling and does NOT cover this run`],
          ['sampler epsilon', samplerEpsilonWords(batchSampling)],
        ] as [string, string][])),
    ...Object.entries(traces).map(([k, v]) => [k, v] as [string, string]),
    ['summary', summary.summary],
  ];
  return { json: summary, text: formatKeyValues(rows) };
}

/** The ε of the sampler that ran (summary.json's `batchSampling`), in words: its own ε and, when that is not a guarantee, the proven one. */
function samplerEpsilonWords(s: ReturnType<typeof batchSamplingSection>): string {
  const own = epsilonWords({ value: s.epsilon, kind: s.kind });
  const proven = s.kind !== 'guarantee' && s.upper !== undefined ? `; ${epsilonWords({ value: s.upper.epsilon, kind: s.upper.kind })}` : '';
  const epochs = s.batchesPerEpoch !== undefined && s.epochs !== undefined ? ` over ${s.epochs} epochs of ${s.batchesPerEpoch} batches` : '';
  return `${own}${proven}${epochs} at delta ${formatNumber(s.delta)} (${s.neighbouring}${s.readAs === undefined ? '' : ` read as ${s.readAs}`})`;
}

/** The sampler that ran, in words (the text table's `sampling` row). */
function samplerWords(sampler: TrainResult['sampler']): string {
  switch (sampler.name) {
    case 'poisson':
      return `poisson (each record with probability ${formatNumber(sampler.samplingRate)})`;
    case 'fixed-size':
      return `fixed-size (${sampler.expectedBatchSize} of ${sampler.datasetSize} records each step)`;
    case 'shuffle':
      return `shuffle (${sampler.batchesPerEpoch ?? 1} batches of ${sampler.expectedBatchSize} per epoch)`;
    case 'balls-in-bins':
      return `balls-in-bins (each record to one of ${sampler.batchesPerEpoch ?? 1} batches per epoch)`;
    case 'truncated-poisson':
      return `truncated-poisson (probability ${formatNumber(sampler.samplingRate)}, at most ${sampler.maxBatchSize ?? sampler.datasetSize} records)`;
  }
}

/** `dpbounds train`. */
export const trainCommand: CommandDefinition = {
  name: 'train',
  summary: 'reference DP-SGD run (Poisson sampling, clipping, Gaussian noise) with instruments; writes model, traces, summary.json',
  description: [
    'Trains logistic regression or a one-hidden-layer MLP with DP-SGD on the bundled Adult census data (108 one-hot/standardised features) or a CSV file,',
    'with the chosen instruments: ai-sensitivity (per-step attribute sensitivity R_t, Cherubin et al. Algorithm 4), per-instance (clipped gradient norms of',
    'target records over several seeded runs), gradient-stats (gradient mean/covariance and susceptibility K for μ-GMIP/GLiR), canaries (Dirac gradient',
    'canaries, and with --input-canaries input-space canaries, scored for `dpbounds audit --scores`). epsilon is a PLD guarantee for the run\'s (q, σ, T)',
    'with --sampling poisson (the default); with any other --sampling (fixed-size, shuffle, balls-in-bins, truncated-poisson) it is not a',
    'guarantee for the run (epsilonKind "estimate", and a warning); summary.json records the sampler that ran (sampler: name and parameters)',
    'and its own ε (batchSampling: the dp --sampling fields, shuffle and balls-in-bins priced with the batches per epoch the trainer ran).',
    'Existing files in --out are checked before training and never overwritten without --force or a confirmation; the run writes its whole',
    'set (via temporary files renamed into place) or nothing, and a second run into the same --out at the same time is refused.',
  ].join('\n'),
  flags: {
    ...trainingFlags(defaults),
    delta: { type: 'string', valueName: 'δ', description: 'δ of the reported ε', defaultText: '1e-5' },
    out: { type: 'string', valueName: 'DIR', description: 'output directory', defaultText: 'dpbounds-train' },
    force: { type: 'boolean', description: 'replace existing outputs in --out (by rename; never through a symbolic link)' },
  },
  examples: [
    'dpbounds train --dataset adult --model mlp --epochs 1 --batch-size 256 --noise-multiplier 1 --clip 1 --instrument ai-sensitivity,canaries --sensitive-attribute age --out run1',
    "printf '%s\\n' age,hours,outcome 25,40,0 38,50,1 28,40,0 44,60,1 18,20,0 34,45,1 29,38,0 63,40,1 > data.csv",
    'dpbounds train --dataset data.csv --label outcome --model logistic --epochs 3 --batch-size 4 --instrument per-instance --per-instance-targets 4 --out run2 --json',
  ],
  run,
};
