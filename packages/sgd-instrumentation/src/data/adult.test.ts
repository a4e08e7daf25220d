import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ADULT_CATEGORICAL_COLUMNS, ADULT_NUMERIC_COLUMNS, loadAdult } from './adult.js';
import { gunzipText } from './gunzip.js';

const gz = readFileSync(new URL('../../data/adult.csv.gz', import.meta.url));
const text = gunzipSync(gz).toString('utf8');

describe('Adult', () => {
  const data = loadAdult(text, { testFraction: 0.2, seed: 3 });

  it('has 32 561 records and 108 features (102 one-hot + 6 standardised)', () => {
    expect(data.train.size + data.test.size).toBe(32561);
    expect(data.test.size).toBe(Math.round(0.2 * 32561));
    expect(data.encoding.featureCount).toBe(108);
    const categorical = data.encoding.columns.filter((c) => c.kind === 'categorical');
    expect(categorical.map((c) => c.name)).toEqual(ADULT_CATEGORICAL_COLUMNS);
    expect(categorical.reduce((s, c) => s + (c.kind === 'categorical' ? c.categories.length : 0), 0)).toBe(102);
    expect(data.encoding.columns.filter((c) => c.kind === 'numeric').map((c) => c.name)).toEqual(ADULT_NUMERIC_COLUMNS);
  });

  it('encodes the label >50K as 1 with the documented base rate', () => {
    const all = [...data.train.labels, ...data.test.labels];
    const rate = all.reduce((s, y) => s + y, 0) / all.length;
    expect(rate).toBeCloseTo(0.2408, 3);
  });

  it('one-hot blocks have exactly one 1 and numeric training features are standardised', () => {
    const { train, encoding } = data;
    for (const column of encoding.columns) {
      if (column.kind === 'categorical') {
        for (let i = 0; i < 200; i++) {
          let s = 0;
          for (let j = 0; j < column.categories.length; j++) s += train.features[i * 108 + column.firstFeature + j] as number;
          expect(s).toBe(1);
        }
      } else {
        let mean = 0;
        let sq = 0;
        for (let i = 0; i < train.size; i++) {
          const v = train.features[i * 108 + column.featureIndex] as number;
          mean += v;
          sq += v * v;
        }
        expect(mean / train.size).toBeCloseTo(0, 9);
        expect(sq / train.size).toBeCloseTo(1, 9);
      }
    }
  });

  it('decodes the first record of the file back', () => {
    const first = data.trainRows[0] === 0 ? 0 : undefined;
    if (first === undefined) return expect(data.testRows[0]).toBe(0);
    const age = data.encoding.columns.find((c) => c.name === 'age');
    if (age?.kind !== 'numeric') throw new Error('age');
    expect((data.train.features[age.featureIndex] as number) * age.scale + age.mean).toBeCloseTo(39, 9);
    const names = data.encoding.featureNames.filter((_, j) => data.train.features[j] === 1);
    expect(names).toContain('workclass=State-gov');
    expect(names).toContain('native-country=United-States');
  });

  it('splits reproducibly by seed', () => {
    const again = loadAdult(text, { testFraction: 0.2, seed: 3 });
    expect(again.testRows).toEqual(data.testRows);
    const other = loadAdult(text, { testFraction: 0.2, seed: 4 });
    expect(other.testRows).not.toEqual(data.testRows);
  });

  it('reads gzip bytes with the browser-safe DecompressionStream path', async () => {
    const decoded = await gunzipText(new Uint8Array(gz));
    expect(decoded).toBe(text);
    await expect(gunzipText(new Uint8Array([1, 2, 3]))).rejects.toThrow('gzip');
  });
});
