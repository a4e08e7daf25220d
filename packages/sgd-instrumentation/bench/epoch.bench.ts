import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { bench, describe } from 'vitest';
import { loadAdult } from '../src/data/adult.js';
import { mlp } from '../src/models/mlp.js';
import { trainDpSgd } from '../src/training/trainer.js';

const text = gunzipSync(readFileSync(new URL('../data/adult.csv.gz', import.meta.url))).toString('utf8');
const { train } = loadAdult(text, { testFraction: 0 });
const model = mlp(108, 64);
const base = { model, data: train, expectedBatchSize: 256, epochs: 1, noiseMultiplier: 1, clip: 1, learningRate: 0.5, seed: 1 };

describe('one DP-SGD epoch on Adult (32 561 records, MLP 108-64-1, L = 256)', () => {
  bench('plain epoch', () => {
    trainDpSgd(base);
  }, { iterations: 3, warmupIterations: 1 });
});
