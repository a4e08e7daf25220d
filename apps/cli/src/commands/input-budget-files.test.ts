import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_ENV } from '../io/input-budget.js';
import { runRefused } from '../test-helpers/refused.js';
import { dpCommand } from './dp.js';
import { perInstanceCommand } from './per-instance.js';

const commands = [dpCommand, perInstanceCommand];
const dir = mkdtempSync(join(tmpdir(), 'dpbounds-input-budget-'));
// 2 MiB files against a budget lowered to 1 MiB stand for the 1 GiB ones at the default 256 MiB
const big = `[${Array.from({ length: 2 * 1024 * 1024 / 8 }, () => '0.12345').join(',')}]`;
writeFileSync(join(dir, 'trace.json'), big);
writeFileSync(join(dir, 'batches.json'), big);
writeFileSync(join(dir, 'strategy.json'), `{"columnNorms": ${big}}`);
writeFileSync(join(dir, 'norms.txt'), `${'1\n'.repeat(1024 * 1024)}`);

let saved: string | undefined;
beforeAll(() => {
  saved = process.env[MAX_INPUT_ENV];
  process.env[MAX_INPUT_ENV] = '1';
});
afterAll(() => {
  if (saved === undefined) delete process.env[MAX_INPUT_ENV];
  else process.env[MAX_INPUT_ENV] = saved;
});

const refused = (argv: readonly string[]): Promise<string> => runRefused(argv, { commands, cwd: dir });

describe('file inputs over the input budget are refused before they are parsed', () => {
  it('per-instance --trace and --batch-trace (a JSON array over the budget), naming the flag and the way to raise it', async () => {
    const trace = await refused(['per-instance', '--trace', 'trace.json', '--alpha', '2', '--delta', '1e-5']);
    expect(trace).toMatch(/^dpbounds per-instance: --trace trace\.json: 2\.0 MiB is over the input budget of 1\.0 MiB \(set DPBOUNDS_MAX_INPUT_MB/);
    const batches = await refused(['per-instance', '--batch-trace', 'batches.json', '--alpha', '2', '--delta', '1e-5']);
    expect(batches).toMatch(/^dpbounds per-instance: --batch-trace batches\.json: 2\.0 MiB is over the input budget/);
  });

  it('dp --strategy (.json and column norms) over the budget', async () => {
    const banded = ['dp', '--mechanism', 'banded-matrix', '--participation', 'cyclic', '--bands', '1', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5'];
    expect(await refused([...banded, '--strategy', 'strategy.json'])).toMatch(/^dpbounds dp: --strategy strategy\.json: .*over the input budget of 1\.0 MiB/);
    expect(await refused([...banded, '--strategy', 'norms.txt'])).toMatch(/^dpbounds dp: --strategy norms\.txt: .*over the input budget of 1\.0 MiB/);
  });
});
