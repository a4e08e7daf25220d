import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { runRefused } from '../test-helpers/refused.js';
import { perInstanceCommand } from './per-instance.js';
import { trainCommand } from './train.js';

const commands = [perInstanceCommand, trainCommand];
const dir = mkdtempSync(join(tmpdir(), 'dpbounds-flag-messages-'));
const rng = createRng(7);
writeFileSync(join(dir, 'tiny.csv'), `x1,x2,y\n${Array.from({ length: 200 }, () => `${rng.uniform().toFixed(3)},${rng.uniform().toFixed(3)},${rng.uniform() < 0.5 ? 0 : 1}`).join('\n')}\n`);
const checkpointSteps = [0, 20, 40, 60, 80];
const records = Array.from({ length: 4 }, (_, i) => ({ id: i }));
writeFileSync(
  join(dir, 'trace.json'),
  JSON.stringify({ format: 'dpbounds.per-instance-trace', version: 1, updateRule: 'sum', samplingRate: 0.01, noiseMultiplier: 1, clip: 2, datasetSize: 5000, steps: 100, checkpointSteps, records, runs: [0, 1].map((seed) => ({ seed, gradientNorms: checkpointSteps.map(() => records.map((_, i) => (i === 0 ? 2 : 0.3))) })) }),
);

const refused = (argv: readonly string[]): Promise<string> => runRefused(argv, { commands, cwd: dir });
const training = ['train', '--dataset', 'tiny.csv', '--label', 'y', '--model', 'logistic', '--epochs', '1', '--batch-size', '32'];

describe('refusals name the flags the user gave', () => {
  it('train --sampling truncated-poisson --max-batch-size below --batch-size names --max-batch-size and --batch-size, not datasetSize', async () => {
    const message = await refused([...training, '--sampling', 'truncated-poisson', '--max-batch-size', '1', '--out', 'out-cap']);
    expect(message).toMatch(/^dpbounds train: --max-batch-size must be an integer in \[--batch-size 32, \d+\] .*found 1$/m);
    expect(message).not.toMatch(/datasetSize|batchSize/);
  });

  it('train --out "" is refused naming --out and writes nothing into the working directory', async () => {
    const before = readdirSync(dir).sort();
    expect(await refused([...training, '--out', ''])).toBe('dpbounds train: --out must name a directory; found ""\n');
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(existsSync(join(dir, 'summary.json'))).toBe(false);
  });

  it('per-instance --alpha 2,10000 --delta 1e-300 names --alpha and --delta, not maxOrder', async () => {
    const message = await refused(['per-instance', '--trace', 'trace.json', '--alpha', '2,10000', '--delta', '1e-300']);
    expect(message).toMatch(/^dpbounds per-instance: --alpha 10000 with --delta 1e-300 and the default --lambda/);
    expect(message).not.toMatch(/maxOrder/);
  });
});
