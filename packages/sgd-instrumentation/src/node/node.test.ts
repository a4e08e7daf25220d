import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadBundledAdult, readTabularCsvFile, writeCanaryScoresCsv, writeTraceFile } from './index.js';

describe('Node entry point', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sgd-'));

  it('loads the bundled Adult file', () => {
    const { train, test } = loadBundledAdult({ testFraction: 0.2, seed: 0 });
    expect(train.size).toBe(26049);
    expect(test.size).toBe(6512);
    expect(train.featureCount).toBe(108);
  });

  it('reads plain and gzipped user CSV files and names unreadable ones', () => {
    const csv = 'a,b,y\n1,x,1\n2,y,0\n3,x,1\n4,y,0\n';
    writeFileSync(join(dir, 'd.csv'), csv);
    writeFileSync(join(dir, 'd.csv.gz'), gzipSync(csv));
    const plain = readTabularCsvFile(join(dir, 'd.csv'), { labelColumn: 'y', testFraction: 0 });
    const zipped = readTabularCsvFile(join(dir, 'd.csv.gz'), { labelColumn: 'y', testFraction: 0 });
    expect(zipped.train.features).toEqual(plain.train.features);
    expect(plain.encoding.featureCount).toBe(3);
    expect(() => readTabularCsvFile(join(dir, 'missing.csv'), { labelColumn: 'y' })).toThrow('ENOENT');
  });

  it('writes traces and refuses to overwrite unless asked', () => {
    const path = join(dir, 'sub', 't.json');
    writeTraceFile(path, { format: 'x', version: 1 });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ format: 'x', version: 1 });
    expect(() => writeTraceFile(path, {})).toThrow('EEXIST');
    writeTraceFile(path, { format: 'y', version: 1 }, { overwrite: true });
    expect(JSON.parse(readFileSync(path, 'utf8')).format).toBe('y');
    writeCanaryScoresCsv(join(dir, 's.csv'), { format: 'dpbounds.canary-scores', version: 1, kind: 'dirac', scoring: '', canaries: 2, scores: [{ id: 0, score: 1.5, member: 1 }, { id: 1, score: -2, member: 0 }] });
    expect(readFileSync(join(dir, 's.csv'), 'utf8')).toBe('score,member\n1.5,1\n-2,0\n');
  });
});
