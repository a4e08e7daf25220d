/**
 * Flags shared by `dpbounds train` and `dpbounds demo`, and their parsing into a
 * {@link TrainSetup}. Validation only; every number is range-checked here (exit code 2).
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import type { SamplingName, TrainTestData } from '@dpbounds/sgd-instrumentation';
import { loadBundledAdult, readTabularCsvFile } from '@dpbounds/sgd-instrumentation/node';
import { resolve } from 'node:path';
import type { FlagSpec } from '../command.js';
import { choice, optionalNumber, optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { UsageError } from '../usage-error.js';
import { TRAIN_INSTRUMENTS } from './train-run.js';
import type { TrainInstrumentName, TrainSetup } from './train-run.js';
import { inputBudget } from '../io/input-budget.js';
import { inputName } from '../io/stdin-input.js';
import { requireAccountableNoise } from './accountable-noise.js';

/** Defaults of a scenario (the demo overrides some): the setup's numbers, with the instruments as a list. */
export type TrainDefaults = Pick<
  TrainSetup,
  'model' | 'hiddenUnits' | 'epochs' | 'batchSize' | 'noiseMultiplier' | 'clip' | 'learningRate' | 'canaries' | 'inputCanaries' | 'perInstanceTargets' | 'perInstanceRuns' | 'perInstanceEvery'
> & {
  readonly instruments: readonly TrainInstrumentName[];
  readonly aiMethod: 'full' | 'approximate' | 'both';
};

/** The batch samplers `--sampling` accepts. */
export const SAMPLING_NAMES: readonly SamplingName[] = ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'];

/** `--sampling` and `--max-batch-size` (needed by truncated-poisson only, at most the training size). */
function parseSampling(flags: ParsedFlags, trainSize: number, batchSize: number): { sampling: SamplingName; maxBatchSize?: number } {
  const sampling = choice(flags, 'sampling', SAMPLING_NAMES, 'poisson');
  const maxBatchSize = optionalNumber(flags, 'max-batch-size', { min: 1, max: trainSize, integer: true });
  if (sampling === 'truncated-poisson') {
    if (maxBatchSize === undefined) throw new UsageError('--sampling truncated-poisson needs --max-batch-size B (the batch cap, an integer in [1, ' + trainSize + '])');
    if (maxBatchSize < batchSize) {
      throw new UsageError(`--max-batch-size must be an integer in [--batch-size ${batchSize}, ${trainSize}] (at least the expected batch size, at most the ${trainSize} training records); found ${maxBatchSize}`);
    }
    return { sampling, maxBatchSize };
  }
  if (maxBatchSize !== undefined) throw new UsageError(`--max-batch-size is for --sampling truncated-poisson only; found --sampling ${sampling}`);
  return { sampling };
}

/** The flags both commands take. */
export function trainingFlags(defaults: TrainDefaults): Record<string, FlagSpec> {
  return {
    dataset: { type: 'string', valueName: 'adult|FILE.csv', description: 'training data: the bundled Adult census data, or a CSV (optionally .gz) with a header row', defaultText: 'adult' },
    label: { type: 'string', valueName: 'NAME', description: 'label column of a CSV dataset (binary)' },
    'positive-label': { type: 'string', valueName: 'VALUE', description: 'label value meaning 1 (default 1 for 0/1 labels)' },
    'test-fraction': { type: 'string', valueName: 'f', description: 'held-out fraction for accuracy, GMIP background and canaries, in [0, 1)', defaultText: '0.2' },
    model: { type: 'string', valueName: 'logistic|mlp', description: 'logistic regression or a one-hidden-layer ReLU MLP', defaultText: defaults.model },
    'hidden-units': { type: 'string', valueName: 'H', description: 'hidden units of the MLP', defaultText: String(defaults.hiddenUnits) },
    epochs: { type: 'string', valueName: 'E', description: 'epochs; steps T = round(E·N/L)', defaultText: String(defaults.epochs) },
    'batch-size': { type: 'string', valueName: 'L', description: 'batch size: expected for poisson and balls-in-bins (rate L/N), exact for fixed-size and shuffle', defaultText: String(defaults.batchSize) },
    'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier (> 0): noise N(0, σ²C²) on the sum of clipped gradients', defaultText: String(defaults.noiseMultiplier) },
    clip: { type: 'string', valueName: 'C', description: 'per-example clipping norm', defaultText: String(defaults.clip) },
    'learning-rate': { type: 'string', valueName: 'η', description: 'learning rate (update θ −= η·noisy sum / L)', defaultText: String(defaults.learningRate) },
    seed: { type: 'string', valueName: 'n', description: 'seed of sampling, noise, initialisation, split and canaries', defaultText: '0' },
    sampling: {
      type: 'string',
      valueName: 'NAME',
      description: 'batch sampler, one of poisson (each record with probability L/N; what the reported ε assumes), fixed-size (L of N each step), shuffle (a permutation per epoch cut into batches of L), balls-in-bins (each record to one of N/L batches per epoch), truncated-poisson (Poisson capped at --max-batch-size); only poisson is covered by the reported ε',
      defaultText: 'poisson',
    },
    'max-batch-size': { type: 'string', valueName: 'B', description: 'cap of a --sampling truncated-poisson batch (the excess is dropped uniformly at random)' },
    instrument: { type: 'string', valueName: 'list', description: `instruments, comma-separated: ${TRAIN_INSTRUMENTS.join(', ')}`, defaultText: defaults.instruments.length > 0 ? defaults.instruments.join(',') : 'none' },
    'sensitive-attribute': { type: 'string', valueName: 'NAME', description: 'column for ai-sensitivity (default age on Adult)' },
    'ai-method': { type: 'string', valueName: 'full|approximate|both', description: 'exact diameter, 2× distance to centroid (upper bound), or both', defaultText: defaults.aiMethod },
    'ai-values': { type: 'string', valueName: 'list', description: 'restrict the sensitive attribute to these values (e.g. two chosen values)' },
    canaries: { type: 'string', valueName: 'm', description: 'Dirac gradient canaries (each included with probability ½; by default at most half the parameters)', defaultText: String(defaults.canaries) },
    'input-canaries': { type: 'string', valueName: 'm', description: 'input-space canaries from the held-out split, labels flipped (each included with probability ½)', defaultText: String(defaults.inputCanaries) },
    'per-instance-targets': { type: 'string', valueName: 'n', description: 'target records of the per-instance instrument', defaultText: String(defaults.perInstanceTargets) },
    'per-instance-runs': { type: 'string', valueName: 'R', description: 'seeded training runs for the per-instance expectation', defaultText: String(defaults.perInstanceRuns) },
    'per-instance-runs-without': { type: 'string', valueName: 'R', description: 'extra runs trained without the per-instance targets (the reverse direction of the pair)', defaultText: '0' },
    'per-instance-every': { type: 'string', valueName: 'k', description: 'record target norms every k steps', defaultText: String(defaults.perInstanceEvery) },
    'gradient-dims': { type: 'string', valueName: 'd', description: 'gradient coordinates of gradient-stats (μ-GMIP d)', defaultText: '64' },
  };
}

function intFlag(flags: ParsedFlags, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  return optionalNumber(flags, name, { min, max, integer: true }) ?? fallback;
}

/**
 * Reads the dataset named by `--dataset`: the bundled Adult data, or a CSV file (optionally
 * gzip) streamed in three passes, so memory is the encoded matrices, not the file.
 */
export async function loadDataset(flags: ParsedFlags, cwd: string, seed: number): Promise<{ name: string; data: TrainTestData }> {
  const dataset = optionalString(flags, 'dataset') ?? 'adult';
  const testFraction = optionalNumber(flags, 'test-fraction', { min: 0, max: 1, maxExclusive: true }) ?? 0.2;
  try {
    if (dataset === 'adult') {
      if (flags['label'] !== undefined) throw new UsageError('--label is for CSV datasets; Adult\'s label is Salary (>50K)');
      return { name: 'adult', data: loadBundledAdult({ testFraction, seed }) };
    }
    const label = optionalString(flags, 'label');
    if (label === undefined) throw new UsageError('--dataset FILE.csv needs --label NAME (the binary label column)');
    const positive = optionalString(flags, 'positive-label');
    return { name: inputName(dataset), data: await readTabularCsvFile(resolve(cwd, dataset), { labelColumn: label, testFraction, seed, ...(positive !== undefined ? { positiveLabel: positive } : {}), ...inputBudget() }) };
  } catch (error) {
    if (isDpboundsError(error)) throw new UsageError(`--dataset ${dataset}: ${datasetProblem(error)}`);
    throw error;
  }
}

/** A library error about the dataset as one phrase: the file's own problem, or the library message with its line. */
function datasetProblem(error: { readonly parameter: string; readonly found: unknown; readonly message: string }): string {
  if (error.parameter === 'path') return String(error.found);
  const line = /^csv line (\d+)$/.exec(error.parameter);
  if (line !== null) return `line ${line[1]}: ${String(error.found)}`;
  return error.message;
}

/** Parses the shared flags into a setup (reading the dataset). */
export async function parseTrainSetup(flags: ParsedFlags, cwd: string, defaults: TrainDefaults): Promise<TrainSetup> {
  const seed = intFlag(flags, 'seed', 0, 0, 2 ** 32 - 1);
  const { name, data } = await loadDataset(flags, cwd, seed);
  const model = choice(flags, 'model', ['logistic', 'mlp'] as const, defaults.model);
  const batchSize = optionalNumber(flags, 'batch-size', { min: 1, max: data.train.size, integer: true }) ?? Math.min(defaults.batchSize, data.train.size);
  const rawInstruments = optionalString(flags, 'instrument');
  const instruments = new Set<TrainInstrumentName>();
  for (const part of rawInstruments === undefined ? defaults.instruments : rawInstruments.split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== 'none')) {
    if (!(TRAIN_INSTRUMENTS as readonly string[]).includes(part)) throw new UsageError(`--instrument must list items of ${TRAIN_INSTRUMENTS.join(', ')}; found ${JSON.stringify(part)}`);
    instruments.add(part as TrainInstrumentName);
  }
  const sampler = parseSampling(flags, data.train.size, batchSize);
  // Per-instance RDP accounts for Poisson batches, and its runs without the targets keep the rate q on a smaller dataset.
  for (const name of ['per-instance', 'per-instance-batches'] as const) {
    if (instruments.has(name) && sampler.sampling !== 'poisson') {
      throw new UsageError(`--instrument ${name} needs --sampling poisson (per-instance RDP accounts for Poisson batches); found --sampling ${sampler.sampling}`);
    }
  }
  const noiseMultiplier = optionalNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true }) ?? defaults.noiseMultiplier;
  // refused before training, not after it (the run's q is b/N before any canary joins)
  requireAccountableNoise(Math.min(1, batchSize / data.train.size), noiseMultiplier);
  const aiValues = optionalString(flags, 'ai-values')?.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const sensitive = optionalString(flags, 'sensitive-attribute') ?? (name === 'adult' ? 'age' : undefined);
  return {
    datasetName: name,
    data,
    model,
    hiddenUnits: intFlag(flags, 'hidden-units', defaults.hiddenUnits, 1, 4096),
    epochs: optionalNumber(flags, 'epochs', { min: 0, minExclusive: true, max: 10_000 }) ?? defaults.epochs,
    batchSize,
    noiseMultiplier,
    clip: optionalNumber(flags, 'clip', { min: 0, minExclusive: true }) ?? defaults.clip,
    learningRate: optionalNumber(flags, 'learning-rate', { min: 0, minExclusive: true }) ?? defaults.learningRate,
    seed,
    ...sampler,
    instruments,
    ...(sensitive !== undefined ? { sensitiveAttribute: sensitive } : {}),
    aiMethod: choice(flags, 'ai-method', ['full', 'approximate', 'both'] as const, defaults.aiMethod),
    ...(aiValues !== undefined ? { aiValues } : {}),
    canaries: intFlag(flags, 'canaries', defaults.canaries, 0),
    canariesGiven: flags['canaries'] !== undefined,
    inputCanaries: intFlag(flags, 'input-canaries', defaults.inputCanaries, 0),
    perInstanceTargets: intFlag(flags, 'per-instance-targets', defaults.perInstanceTargets, 1, 100_000),
    perInstanceRuns: intFlag(flags, 'per-instance-runs', defaults.perInstanceRuns, 1, 100),
    perInstanceEvery: intFlag(flags, 'per-instance-every', defaults.perInstanceEvery, 1),
    perInstanceRunsWithout: intFlag(flags, 'per-instance-runs-without', 0, 0, 100),
    gradientDims: intFlag(flags, 'gradient-dims', 64, 1, 2048),
    evaluateEvery: 50,
  };
}
