/**
 * The root functions that take (≤ 2 positional arguments, options): unknown option keys are
 * refused with a typed error naming `options.<key>`, and each gives the same result as the
 * code path it replaced (the loaders' split, the trainer's schedule, the model's own logits).
 */
import { describe, expect, it } from 'vitest';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import {
  attributeSubstitution,
  collectPerInstanceBatchTrace,
  collectPerInstanceNorms,
  encodeTable,
  evaluateModel,
  learningRateAt,
  loadModelFile,
  loadTabularCsv,
  logisticLoss,
  logisticRegression,
  modelFile,
  parseCsv,
  splitIndices,
  subsetDataset,
  trainDpSgd,
} from './index.js';
import { scheduleValue } from './training/learning-rate.js';
import { syntheticCsv } from './test-helpers/synthetic.js';

const csv = syntheticCsv(60);
const loaded = loadTabularCsv(csv, { labelColumn: 'label', testFraction: 0.25, seed: 9, categorical: ['colour'] });
const { train, test, encoding } = loaded;
const model = logisticRegression(train.featureCount);
const trainOptions = { model, data: train, expectedBatchSize: 10, steps: 4, noiseMultiplier: 1, clip: 1, learningRate: 0.2, seed: 3 };
const result = trainDpSgd(trainOptions);

function refusesKey(call: () => unknown, key: string): void {
  expect(call).toThrow(DpboundsTypeError);
  expect(call).toThrow(`options.${key}`);
}

describe('unknown option keys are refused, naming options.<key>', () => {
  it('for every converted root function', () => {
    const targets = subsetDataset(train, [0, 1]);
    const background = subsetDataset(train, Array.from({ length: train.size - 2 }, (_, i) => i + 2));
    refusesKey(() => evaluateModel(model, { parameters: result.parameters, data: test, params: result.parameters } as never), 'params');
    refusesKey(() => splitIndices(10, { testFraction: 0.2, seed: 1, fraction: 0.5 } as never), 'fraction');
    refusesKey(() => encodeTable(parseCsv(csv), encoding, { rows: [0], columns: [] } as never), 'columns');
    refusesKey(() => learningRateAt(0.1, { step: 1, steps: 10, totalSteps: 10 } as never), 'totalSteps');
    refusesKey(() => modelFile(model, { parameters: result.parameters, params: result.parameters } as never), 'params');
    refusesKey(() => attributeSubstitution(encoding, train, { attribute: 'age', value: 20 } as never), 'value');
    refusesKey(() => collectPerInstanceNorms(trainOptions, { targets, runs: 1, sigma: 1 } as never), 'sigma');
    refusesKey(() => collectPerInstanceBatchTrace(trainOptions, { targets, background, runs: 1, runsWithout: 0, targetIds: [0, 1], datasetSize: train.size, info: {} } as never), 'info');
  });

  it('and required options are checked by name', () => {
    expect(() => learningRateAt(0.1, { step: 1 } as never)).toThrow('options.steps');
    expect(() => splitIndices(10, { testFraction: 1 })).toThrow('testFraction');
    expect(() => attributeSubstitution(encoding, train, {} as never)).toThrow('options.attribute');
    expect(() => collectPerInstanceNorms(trainOptions, { targets: train, runs: 0 })).toThrow('options.runs');
  });
});

describe('the options form gives the results of the code it replaced', () => {
  it('splitIndices is the split loadTabularCsv makes, with the same defaults', () => {
    const table = parseCsv(csv);
    const split = splitIndices(table.rows.length, { testFraction: 0.25, seed: 9 });
    expect(Array.from(split.train)).toEqual(Array.from(loaded.trainRows));
    expect(Array.from(split.test)).toEqual(Array.from(loaded.testRows));
    const defaults = loadTabularCsv(csv, { labelColumn: 'label', categorical: ['colour'] });
    const byDefault = splitIndices(table.rows.length);
    expect(Array.from(byDefault.train)).toEqual(Array.from(defaults.trainRows));
    expect(Array.from(byDefault.test)).toEqual(Array.from(defaults.testRows));
  });

  it('encodeTable with options.rows re-encodes exactly the loader\'s training set', () => {
    const again = encodeTable(parseCsv(csv), encoding, { rows: loaded.trainRows });
    expect(Array.from(again.features)).toEqual(Array.from(train.features));
    expect(Array.from(again.labels)).toEqual(Array.from(train.labels));
    expect(encodeTable(parseCsv(csv), encoding).size).toBe(60);
  });

  it('learningRateAt equals the per-step schedule the trainer uses', () => {
    const schedules = [0.3, { kind: 'cosine', initial: 1, final: 0.1 }, { kind: 'linear', initial: 0.5 }, { kind: 'step', initial: 1, every: 3, factor: 0.5 }] as const;
    for (const schedule of schedules) {
      for (let t = 0; t < 10; t++) expect(learningRateAt(schedule, { step: t, steps: 10 })).toBe(scheduleValue(schedule, t, 10));
    }
  });

  it('evaluateModel is the accuracy and mean log-loss of the model\'s logits', () => {
    let correct = 0;
    let loss = 0;
    const d = test.featureCount;
    for (let i = 0; i < test.size; i++) {
      const z = model.logit(result.parameters, test.features.subarray(i * d, (i + 1) * d));
      if ((z > 0 ? 1 : 0) === test.labels[i]) correct++;
      loss += logisticLoss(z, test.labels[i] as number);
    }
    expect(evaluateModel(model, { parameters: result.parameters, data: test })).toEqual({ accuracy: correct / test.size, loss: loss / test.size, size: test.size });
  });

  it('modelFile round-trips through loadModelFile, with and without the encoding', () => {
    const file = JSON.parse(JSON.stringify(modelFile(model, { parameters: result.parameters, encoding })));
    expect(Array.from(loadModelFile(file).parameters)).toEqual(Array.from(result.parameters));
    expect(file.encoding.featureNames).toEqual(encoding.featureNames);
    expect('encoding' in modelFile(model, { parameters: result.parameters })).toBe(false);
  });

  it('collectPerInstanceNorms: options.runs seeded runs, the first with firstRunInstruments', () => {
    const seen: number[] = [];
    const spy = { name: 'spy', onStart: (info: { seed: number }) => void seen.push(info.seed), onStep: () => undefined, trace: () => null };
    const { norms } = collectPerInstanceNorms(trainOptions, { targets: subsetDataset(train, [0, 1]), every: 2, runs: 2, firstRunInstruments: [spy] });
    expect(norms.seeds).toEqual([3, 4]);
    expect(seen).toEqual([3]);
  });
});
