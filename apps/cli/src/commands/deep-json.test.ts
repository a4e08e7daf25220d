import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { attackCommand } from './attack.js';
import { bayesSecurityCommand } from './bayes-security.js';
import { dpCommand } from './dp.js';
import { reportCommand } from './report.js';

const commands = [attackCommand, bayesSecurityCommand, dpCommand, reportCommand];
const dir = mkdtempSync(join(tmpdir(), 'dpbounds-deep-json-'));
// 100 000 nested arrays once overflowed the call stack after parsing ("internal error")
writeFileSync(join(dir, 'deep.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
writeFileSync(join(dir, 'deep.jsonl'), `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}\n`);
writeFileSync(join(dir, 'ref.json'), JSON.stringify(Array.from({ length: 20 }, (_, i) => [i % 3, (i * 7) % 5, (i * 3) % 4])));
writeFileSync(join(dir, 'upd.json'), '[1, 2, 3]');

const refusedNaming = async (argv: readonly string[], flag: string): Promise<void> => {
  const run = await runCaptured(argv, { commands, cwd: dir });
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toContain(`${flag} `);
  expect(run.stderr).toMatch(/JSON nested more than 64 levels deep/);
};

describe('deeply nested JSON inputs are refused naming the flag, before they are parsed', () => {
  it('attack --method glir --gradients / --reference / --update, and --targets (.jsonl)', async () => {
    const glir = ['attack', '--method', 'glir', '--batch-size', '10'];
    await refusedNaming([...glir, '--gradients', 'deep.json', '--reference', 'ref.json', '--update', 'upd.json'], '--gradients');
    await refusedNaming([...glir, '--gradients', 'ref.json', '--reference', 'deep.json', '--update', 'upd.json'], '--reference');
    await refusedNaming(['attack', '--method', 'loss', '--targets', 'deep.jsonl'], '--targets');
  });

  it('dp --history (.json and .jsonl) and dp --strategy', async () => {
    await refusedNaming(['dp', '--history', 'deep.json', '--delta', '1e-5'], '--history');
    await refusedNaming(['dp', '--history', 'deep.jsonl', '--delta', '1e-5'], '--history');
    await refusedNaming(['dp', '--mechanism', 'banded-matrix', '--strategy', 'deep.json', '--participation', 'cyclic', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5'], '--strategy');
  });

  it('report --run and bayes-security --sensitivity-trace', async () => {
    await refusedNaming(['report', '--run', 'deep.json'], '--run');
    await refusedNaming(['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'deep.json', '--delta', '1e-5'], '--sensitivity-trace');
  });
});
