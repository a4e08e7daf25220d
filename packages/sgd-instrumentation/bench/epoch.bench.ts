import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { bench, describe } from 'vitest';
import { loadAdult } from '../src/data/adult.js';
import { attributeSensitivityInstrument } from '../src/instruments/attribute-sensitivity.js';
import { attributeSubstitution } from '../src/instruments/attribute-substitution.js';
import { mlp } from '../src/models/mlp.js';
import { trainDpSgd } from '../src/training/trainer.js';

const text = gunzipSync(readFileSync(new URL('../data/adult.csv.gz', import.meta.url))).toString('utf8');
const { train } = loadAdult(text, { testFraction: 0 });
const model = mlp(108, 64);
const age = attributeSubstitution(train.encoding, train, { attribute: 'age' });
const base = { model, data: train, expectedBatchSize: 256, epochs: 1, noiseMultiplier: 1, clip: 1, learningRate: 0.5, seed: 1 };

// Goals: plain epoch < 2 s on one core; full AI instrument (73 ages) ≤ 15× an epoch,
// approximate ≤ 5×.
describe(`one DP-SGD epoch on Adult (${train.size} records, MLP 108-64-1, L = 256, ${age.values.length} ages)`, () => {
  bench('plain epoch', () => {
    trainDpSgd(base);
  }, { iterations: 5, warmupIterations: 1 });
  bench('epoch + approximate AI instrument', () => {
    trainDpSgd({ ...base, instruments: [attributeSensitivityInstrument({ substitution: age, method: 'approximate' })] });
  }, { iterations: 3, warmupIterations: 1 });
  bench('epoch + full AI instrument', () => {
    trainDpSgd({ ...base, instruments: [attributeSensitivityInstrument({ substitution: age, method: 'full' })] });
  }, { iterations: 3, warmupIterations: 1 });
});
