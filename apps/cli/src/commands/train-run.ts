/**
 * The training scenario shared by `dpbounds train` and `dpbounds demo`: load data, build the
 * model, pick targets, attach the requested instruments, run the reference DP-SGD trainer
 * (@dpbounds/sgd-instrumentation) and collect every trace as an in-memory object. No math here.
 */
import {
  attributeSensitivityInstrument,
  attributeSubstitution,
  collectPerInstanceBatchTrace,
  collectPerInstanceNorms,
  createInputCanaries,
  diracCanaryInstrument,
  evaluateModel,
  evaluationInstrument,
  gradientStatsInstrument,
  inputCanaryInstrument,
  logisticRegression,
  mlp,
  perInstanceTraceFromNorms,
  subsetDataset,
  trainDpSgd,
} from '@dpbounds/sgd-instrumentation';
import type {
  AiSensitivityTrace,
  AttributeSensitivityMethod,
  CanaryScoresTrace,
  Dataset,
  EvaluationTrace,
  GradientStatsTrace,
  Instrument,
  Model,
  PerInstanceBatchTrace,
  PerInstanceTrace,
  SamplingName,
  TrainResult,
  TrainTestData,
} from '@dpbounds/sgd-instrumentation';
import { createRng } from '@dpbounds/special-functions';
import { UsageError } from '../usage-error.js';

/** The instruments `--instrument` accepts (docs/cli.md). */
export const TRAIN_INSTRUMENTS = ['ai-sensitivity', 'per-instance', 'per-instance-batches', 'gradient-stats', 'canaries'] as const;
/** The name of one `--instrument` value of `dpbounds train` (`ai-sensitivity`, `per-instance`, `per-instance-batches`, `gradient-stats`, `canaries`). */
export type TrainInstrumentName = (typeof TRAIN_INSTRUMENTS)[number];

/** Everything a training scenario needs. */
export interface TrainSetup {
  readonly datasetName: string;
  readonly data: TrainTestData;
  readonly model: 'logistic' | 'mlp';
  readonly hiddenUnits: number;
  readonly epochs: number;
  readonly batchSize: number;
  readonly noiseMultiplier: number;
  readonly clip: number;
  readonly learningRate: number;
  readonly seed: number;
  readonly sampling: SamplingName;
  /** The cap of a `truncated-poisson` batch. */
  readonly maxBatchSize?: number;
  readonly instruments: ReadonlySet<TrainInstrumentName>;
  readonly sensitiveAttribute?: string;
  readonly aiMethod: AttributeSensitivityMethod;
  /** Restrict the attribute's candidate values (e.g. two chosen values). */
  readonly aiValues?: readonly string[];
  readonly canaries: number;
  /** False when `canaries` is the default, which is then capped at half the parameter count. */
  readonly canariesGiven?: boolean;
  readonly inputCanaries: number;
  readonly perInstanceTargets: number;
  readonly perInstanceRuns: number;
  /** Extra per-instance runs trained without the targets, for the reverse direction (default 0). */
  readonly perInstanceRunsWithout?: number;
  readonly perInstanceEvery: number;
  readonly gradientDims: number;
  /** Held-out evaluation checkpoints (every this many steps). */
  readonly evaluateEvery: number;
  /**
   * Skip an instrument whose inputs are missing (no sensitive attribute, held-out split too
   * small) and say why in `skipped`, instead of refusing the run (the demo's behaviour).
   */
  readonly lenient?: boolean;
}

/** The in-memory result of a scenario. */
export interface TrainOutcome {
  readonly setup: TrainSetup;
  readonly model: Model;
  readonly result: TrainResult;
  readonly trainData: Dataset;
  readonly trainAccuracy: number;
  readonly testAccuracy: number | undefined;
  readonly evaluation: EvaluationTrace;
  readonly aiSensitivity?: AiSensitivityTrace;
  readonly perInstance?: PerInstanceTrace;
  /** Batch trace of the per-instance targets (Thm 3.6 input), when `per-instance-batches` ran. */
  readonly perInstanceBatches?: PerInstanceBatchTrace;
  readonly gradientStats?: GradientStatsTrace;
  readonly canaryScores?: CanaryScoresTrace;
  readonly inputCanaryScores?: CanaryScoresTrace;
  /** Instruments skipped in lenient mode, with the reason. */
  readonly skipped: readonly { readonly instrument: string; readonly reason: string }[];
  readonly seconds: number;
}

/**
 * Per-instance targets: a seeded random sample of training records ("random"), plus, from a
 * seeded pool of up to 2000 training records, those with the median ("typical") and the largest
 * ("outlier") loss under a quick non-private logistic-regression fit of the training data (an
 * outlier is a record the data's overall trend does not explain, as in Thudi et al.).
 */
function chooseTargets(train: Dataset, count: number, seed: number): { indices: number[]; labels: string[] } {
  const rng = createRng(seed).fork('per-instance-targets');
  const pool = Array.from(rng.permutation(train.size).slice(0, Math.min(train.size, 2000)));
  const reference = logisticRegression(train.featureCount);
  const fit = trainDpSgd({ model: reference, data: train, expectedBatchSize: Math.min(train.size, 256), epochs: 2, noiseMultiplier: 0, clip: 1e6, learningRate: 1, seed });
  const grad = new Float64Array(reference.parameterCount);
  const d = train.featureCount;
  const losses = pool.map((r) => ({ r, loss: reference.lossAndGradient(fit.parameters, train.features.subarray(r * d, (r + 1) * d), train.labels[r] as number, grad) }));
  const sorted = [...losses].sort((a, b) => a.loss - b.loss);
  const special = Math.min(Math.floor(count / 5), Math.floor(sorted.length / 4));
  const mid = Math.floor(sorted.length / 2);
  const typical = sorted.slice(mid - Math.floor(special / 2), mid - Math.floor(special / 2) + special).map((x) => x.r);
  const outlier = sorted.slice(sorted.length - special).map((x) => x.r);
  const taken = new Set([...typical, ...outlier]);
  const random = pool.filter((r) => !taken.has(r)).slice(0, Math.max(0, count - 2 * special));
  return {
    indices: [...random, ...typical, ...outlier],
    labels: [...random.map(() => 'random'), ...typical.map(() => 'typical'), ...outlier.map(() => 'outlier')],
  };
}

/** `data` without the rows at `indices` (the per-instance targets), for the reverse-direction runs. */
function withoutRecords(data: Dataset, indices: readonly number[]): Dataset {
  const drop = new Set(indices);
  return subsetDataset(data, Array.from({ length: data.size }, (_, i) => i).filter((i) => !drop.has(i)));
}

/**
 * Runs the scenario. `onProgress(fraction)` follows every training run.
 *
 * @throws UsageError when an instrument's inputs are missing (no sensitive attribute, a test
 *   split too small for the gradient statistics).
 */
export function runTraining(setup: TrainSetup, onProgress: (fraction: number) => void = () => undefined): TrainOutcome {
  const started = Date.now();
  const { train: baseTrain, test } = setup.data;
  const d = baseTrain.featureCount;
  const model: Model = setup.model === 'logistic' ? logisticRegression(d) : mlp(d, setup.hiddenUnits);
  const skipped: { instrument: string; reason: string }[] = [];
  const disabled = new Set<string>();
  /** Refuses the run, or in lenient mode skips `instrument` and records why. */
  const missing = (instrument: string, message: string): void => {
    if (setup.lenient !== true) throw new UsageError(message);
    skipped.push({ instrument, reason: message });
    disabled.add(instrument);
  };
  const wants = (name: TrainInstrumentName): boolean => setup.instruments.has(name) && !disabled.has(name);
  const instruments: Instrument[] = [];

  let inputCanaries: ReturnType<typeof createInputCanaries> | undefined;
  if (wants('canaries') && setup.inputCanaries > 0) {
    if (test.size < setup.inputCanaries) missing('input-canaries', `--input-canaries ${setup.inputCanaries} needs at least that many held-out records; --test-fraction leaves ${test.size} (raise --test-fraction or lower --input-canaries)`);
    else inputCanaries = createInputCanaries(baseTrain, test, { count: setup.inputCanaries, seed: setup.seed + 17 });
  }
  const train = inputCanaries?.data ?? baseTrain;

  const evaluationSet = test.size > 0 ? test : baseTrain;
  const evaluation = evaluationInstrument(evaluationSet, { every: setup.evaluateEvery });
  instruments.push(evaluation);

  let ai: ReturnType<typeof attributeSensitivityInstrument> | undefined;
  if (wants('ai-sensitivity') && setup.sensitiveAttribute === undefined) missing('ai-sensitivity', '--instrument ai-sensitivity needs --sensitive-attribute NAME');
  if (wants('ai-sensitivity')) {
    const attribute = setup.sensitiveAttribute as string;
    // The attribute's domain is the values present anywhere in the file (train and held-out),
    // e.g. Adult's 73 ages; the paper's 𝒜 is the whole domain, not what the training split holds.
    const domain =
      setup.aiValues ??
      [...new Set([...attributeSubstitution(train.encoding, train, { attribute }).values, ...(test.size > 0 ? attributeSubstitution(train.encoding, test, { attribute }).values : [])])];
    const substitution = attributeSubstitution(train.encoding, train, { attribute, values: domain });
    ai = attributeSensitivityInstrument({ substitution, method: setup.aiMethod });
    instruments.push(ai);
  }

  let dirac: ReturnType<typeof diracCanaryInstrument> | undefined;
  const canaryCount = setup.canariesGiven === true ? setup.canaries : Math.min(setup.canaries, Math.floor(model.parameterCount / 2));
  if (wants('canaries') && canaryCount > 0) {
    if (canaryCount > model.parameterCount) throw new UsageError(`--canaries must be at most the model's parameter count ${model.parameterCount}; found ${canaryCount}`);
    dirac = diracCanaryInstrument({ count: canaryCount, seed: setup.seed + 29 });
    instruments.push(dirac);
  }
  const inputScorer = inputCanaries !== undefined ? inputCanaryInstrument(inputCanaries) : undefined;
  if (inputScorer !== undefined) instruments.push(inputScorer);

  let stats: ReturnType<typeof gradientStatsInstrument> | undefined;
  const q = setup.batchSize / train.size;
  const totalSteps = Math.max(1, Math.round(setup.epochs / q));
  const gmipDims = Math.min(setup.gradientDims, model.parameterCount);
  const gmipMembers = Math.min(100, baseTrain.size);
  if (wants('gradient-stats') && test.size < gmipDims + 1 + gmipMembers) {
    missing('gradient-stats', `--instrument gradient-stats needs a held-out split of at least ${gmipDims + 1 + gmipMembers} records (background and non-member targets); --test-fraction leaves ${test.size}`);
  }
  if (wants('gradient-stats')) {
    const dims = gmipDims;
    const members = gmipMembers;
    const backgroundSize = Math.min(test.size - members, Math.max(4 * dims, 1000));
    const background = subsetDataset(test, Array.from({ length: backgroundSize }, (_, i) => i));
    const nonMembers = Array.from({ length: members }, (_, i) => backgroundSize + i);
    const memberRows = Array.from(createRng(setup.seed).fork('gmip-targets').permutation(baseTrain.size).slice(0, members));
    const targetsTrain = subsetDataset(baseTrain, memberRows);
    const targetsTest = subsetDataset(test, nonMembers);
    const targets: Dataset = {
      size: 2 * members,
      featureCount: d,
      features: Float64Array.from([...targetsTrain.features, ...targetsTest.features]),
      labels: Uint8Array.from([...targetsTrain.labels, ...targetsTest.labels]),
      encoding: baseTrain.encoding,
    };
    stats = gradientStatsInstrument({
      background,
      targets,
      targetIds: [...memberRows, ...nonMembers.map((i) => train.size + i)],
      targetMembers: [...memberRows.map(() => 1 as const), ...nonMembers.map(() => 0 as const)],
      dims,
      checkpoints: [...new Set([0, Math.floor(totalSteps / 2), totalSteps - 1])],
    });
    instruments.push(stats);
  }

  const trainOptions = {
    model,
    data: train,
    expectedBatchSize: setup.batchSize,
    epochs: setup.epochs,
    noiseMultiplier: setup.noiseMultiplier,
    clip: setup.clip,
    learningRate: setup.learningRate,
    seed: setup.seed,
    sampling: setup.sampling,
    ...(setup.maxBatchSize !== undefined ? { maxBatchSize: setup.maxBatchSize } : {}),
  };
  let result: TrainResult;
  let perInstance: PerInstanceTrace | undefined;
  if (wants('per-instance')) {
    const { indices, labels } = chooseTargets(baseTrain, setup.perInstanceTargets, setup.seed);
    const runs = setup.perInstanceRuns;
    let run = 0;
    const collected = collectPerInstanceNorms(
      {
        ...trainOptions,
        onProgress: (done, total) => {
          if (done === total) run++;
          onProgress((run + done / total - (done === total ? 1 : 0)) / runs);
        },
      },
      {
        targets: subsetDataset(baseTrain, indices),
        targetIds: indices,
        every: setup.perInstanceEvery,
        ...((setup.perInstanceRunsWithout ?? 0) > 0 ? { withoutTargets: { runs: setup.perInstanceRunsWithout as number, data: withoutRecords(train, indices) } } : {}),
        runs,
        firstRunInstruments: instruments,
      },
    );
    result = collected.first;
    perInstance = perInstanceTraceFromNorms(collected.norms, { datasetSize: train.size, labels, meta: { producer: 'dpbounds train', dataset: setup.datasetName, model: setup.model } });
  } else {
    result = trainDpSgd({ ...trainOptions, instruments, onProgress: (done, total) => onProgress(done / total) });
  }
  let perInstanceBatches: PerInstanceBatchTrace | undefined;
  if (wants('per-instance-batches')) {
    const { indices, labels } = chooseTargets(baseTrain, setup.perInstanceTargets, setup.seed);
    perInstanceBatches = collectPerInstanceBatchTrace(trainOptions, {
      targets: subsetDataset(baseTrain, indices),
      background: withoutRecords(train, indices),
      every: setup.perInstanceEvery,
      seed: setup.seed,
      runs: setup.perInstanceRuns,
      runsWithout: setup.perInstanceRunsWithout ?? 0,
      targetIds: indices,
      datasetSize: train.size,
      labels,
      meta: { producer: 'dpbounds train', dataset: setup.datasetName, model: setup.model },
    });
  }
  const testAccuracy = test.size > 0 ? evaluateModel(model, { parameters: result.parameters, data: test }).accuracy : undefined;
  return {
    setup,
    model,
    result,
    trainData: train,
    trainAccuracy: evaluateModel(model, { parameters: result.parameters, data: baseTrain }).accuracy,
    testAccuracy,
    evaluation: evaluation.trace(),
    ...(ai !== undefined ? { aiSensitivity: ai.trace() } : {}),
    ...(perInstance !== undefined ? { perInstance } : {}),
    ...(perInstanceBatches !== undefined ? { perInstanceBatches } : {}),
    ...(stats !== undefined ? { gradientStats: stats.trace() } : {}),
    ...(dirac !== undefined ? { canaryScores: dirac.trace() } : {}),
    ...(inputScorer !== undefined ? { inputCanaryScores: inputScorer.trace() } : {}),
    skipped,
    seconds: (Date.now() - started) / 1000,
  };
}
