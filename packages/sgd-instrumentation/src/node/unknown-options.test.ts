import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { loadTabularCsv } from '../data/tabular-csv.js';
import { readTabularCsvFile, writeTraceFile } from './index.js';

describe('sgd-instrumentation options: unknown or misspelt keys are refused, never ignored', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sgd-options-'));
  const csv = 'a,b,y\n1,x,1\n2,y,0\n3,x,1\n4,y,0\n';

  it('loadTabularCsv names label_column and suggests labelColumn; writeTraceFile names overwite', () => {
    expect(() => loadTabularCsv(csv, { label_column: 'y' } as never)).toThrow(DpboundsTypeError);
    expect(() => loadTabularCsv(csv, { labelColumn: 'y', test_fraction: 0 } as never)).toThrow('options.test_fraction must be absent: say testFraction (');
    expect(() => writeTraceFile(join(dir, 't.json'), { a: 1 }, { overwite: true } as never)).toThrow('options.overwite must be absent: say overwrite (');
  });

  it('readTabularCsvFile still takes the input budget keys (maxBytes, budgetHint) with the loader keys', async () => {
    writeFileSync(join(dir, 'd.csv'), csv);
    const data = await readTabularCsvFile(join(dir, 'd.csv'), { labelColumn: 'y', testFraction: 0, maxBytes: 1 << 20, budgetHint: 'raise the budget' });
    expect(data.train.size).toBe(4);
    await expect(readTabularCsvFile(join(dir, 'd.csv'), { labelColumn: 'y', max_bytes: 10 } as never)).rejects.toThrow('options.max_bytes must be absent: say maxBytes (');
  });
});
