/**
 * What `dpbounds demo` hands to the report builder: the run file of the run it trained and the
 * evidence files, in exactly the formats a user of `dpbounds report` writes (docs/your-run.md).
 * The demo writes them into its output directory, so `dpbounds report --run DIR/run.json
 * --targets DIR/traces/targets.csv …` rebuilds the same report from them.
 */
import type { Dataset } from '@dpbounds/sgd-instrumentation';
import { RUN_FILE_FORMAT, RUN_FILE_VERSION } from '../report/run-file.js';
import type { EvidencePaths } from '../report/report-evidence.js';
import { version } from '../version.js';
import type { TrainOutcome } from './train-run.js';
import { TRACE_FILE_NAMES, traceFiles } from './train.js';

/** The attack targets file of the demo (loss scores of members and held-out records). */
const TARGETS = 'traces/targets.csv';

/** Which demo file feeds which `dpbounds report` flag. */
export const DEMO_EVIDENCE_PATHS: Readonly<Required<Pick<EvidencePaths, 'targets' | 'canary-scores' | 'input-canary-scores' | 'per-instance-trace' | 'sensitivity-trace' | 'gradient-stats' | 'evaluation'>>> = {
  targets: TARGETS,
  'canary-scores': 'traces/canaries.json',
  'input-canary-scores': 'traces/input-canaries.json',
  'per-instance-trace': 'traces/per-instance.json',
  'sensitivity-trace': 'traces/ai-sensitivity.json',
  'gradient-stats': 'traces/gradient-stats.json',
  evaluation: 'traces/evaluation.json',
};

/** Every file the demo may write besides the report (planned before training). */
export const DEMO_EVIDENCE_FILE_NAMES: readonly string[] = ['run.json', TARGETS, ...TRACE_FILE_NAMES.map((name) => `traces/${name}`)];

/** Most members (and as many held-out records) the loss attack scores. */
const ATTACK_TARGETS = 2000;

/**
 * The loss-threshold attack's targets (Yeom et al. 2018): the model's loss on the first m
 * training records (members) and the first m held-out records (non-members), m ≤ 2000, as the
 * `id,loss,member` table `dpbounds attack --targets` reads (a loss is negated into a score).
 * Empty when the run has no held-out split.
 *
 * @example lossTargetsCsv(outcome).split('\n')[0] // 'id,loss,member'
 */
export function lossTargetsCsv(outcome: TrainOutcome): string | undefined {
  const test = outcome.setup.data.test;
  if (test.size === 0) return undefined;
  const members = outcome.setup.data.train;
  const m = Math.min(members.size, test.size, ATTACK_TARGETS);
  const losses = (data: Dataset, count: number): number[] => {
    const out: number[] = [];
    const d = data.featureCount;
    const grad = new Float64Array(outcome.model.parameterCount);
    for (let i = 0; i < count; i++) out.push(outcome.model.lossAndGradient(outcome.result.parameters, data.features.subarray(i * d, (i + 1) * d), data.labels[i] as number, grad));
    return out;
  };
  // `dpbounds attack` and the report negate a loss into a score (lower loss = more likely member)
  const all = [...losses(members, m), ...losses(test, m)];
  const rows = all.map((loss, i) => `${i < m ? `train-${i}` : `test-${i - m}`},${String(loss)},${i < m ? 1 : 0}`);
  return `id,loss,member\n${rows.join('\n')}\n`;
}

/**
 * The run file (`dpbounds.run`, version 1) of the trained run: the sampler with its sizes and the
 * batches per epoch the trainer ran, σ, T, δ, C, the parameter count, utility and a description.
 *
 * @example demoRunFile(outcome, 1e-5).sampler // { kind: 'poisson' }
 */
export function demoRunFile(outcome: TrainOutcome, delta: number): Record<string, unknown> {
  const { setup, result } = outcome;
  const sampler = result.sampler;
  return {
    format: RUN_FILE_FORMAT,
    version: RUN_FILE_VERSION,
    name: `dpbounds demo: ${setup.datasetName}, ${setup.model}`,
    framework: `dpbounds ${version} reference trainer`,
    batchSize: Math.min(sampler.datasetSize, Math.max(1, Math.round(sampler.expectedBatchSize))),
    datasetSize: sampler.datasetSize,
    noiseMultiplier: result.noiseMultiplier,
    steps: result.steps,
    sampler: {
      kind: sampler.name,
      ...(sampler.maxBatchSize === undefined ? {} : { maxBatchSize: sampler.maxBatchSize }),
      ...(sampler.batchesPerEpoch === undefined || (sampler.name !== 'shuffle' && sampler.name !== 'balls-in-bins') ? {} : { batchesPerEpoch: sampler.batchesPerEpoch }),
    },
    delta,
    neighbouring: 'add-remove',
    clipNorm: result.clip,
    parameters: outcome.model.parameterCount,
    description: {
      dataset: setup.datasetName,
      model: setup.model,
      hiddenUnits: setup.model === 'mlp' ? setup.hiddenUnits : null,
      epochs: setup.epochs,
      learningRate: setup.learningRate,
      seed: setup.seed,
    },
    utility: { testAccuracy: outcome.testAccuracy ?? null, trainAccuracy: outcome.trainAccuracy, testSize: setup.data.test.size },
  };
}

/**
 * Every file the demo hands to the report builder, by path relative to the output directory:
 * run.json, the trainer's traces and the attack targets.
 *
 * @example Object.keys(demoEvidenceFiles(outcome, 1e-5)) // ['run.json', 'traces/model.json', …]
 */
export function demoEvidenceFiles(outcome: TrainOutcome, delta: number): Record<string, string> {
  const files: Record<string, string> = { 'run.json': `${JSON.stringify(demoRunFile(outcome, delta), null, 1)}\n` };
  for (const [name, content] of Object.entries(traceFiles(outcome))) files[`traces/${name}`] = content;
  const targets = lossTargetsCsv(outcome);
  if (targets !== undefined) files[TARGETS] = targets;
  return files;
}
