import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-demo-sampling-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const lines = ['x,outcome'];
for (let i = 0; i < 300; i++) lines.push(`${Math.sin(i).toFixed(3)},${Math.sin(i) > 0 ? 'yes' : 'no'}`);
writeFileSync(join(cwd, 'data.csv'), `${lines.join('\n')}\n`);
const base = ['demo', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--batch-size', '30', '--epochs', '2', '--per-instance-targets', '4', '--canaries', '0', '--input-canaries', '0', '--noise-multiplier', '1.5'];

interface Value { epsilon: number; kind: string }
interface Report {
  config: { sampling: string };
  accounting: { accountant: string; neighbouring: string; epsilon: number }[];
  batchSampling: Value & { sampling: string; poisson: Value; poissonValidForRun: boolean; otherSectionsAssumePoisson: boolean; summary: string; upper?: Value };
}

describe('dpbounds demo --sampling', () => {
  it('trains with fixed-size batches and reports their ε beside the Poisson ε, which it says does not apply', async () => {
    const run = await runCaptured([...base, '--sampling', 'fixed-size', '--out', 'rep-fixed', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.config.sampling).toBe('fixed-size');
    const s = report.batchSampling;
    expect(s.sampling).toBe('fixed-size');
    expect(s.kind).toBe('guarantee');
    expect(s.poissonValidForRun).toBe(false);
    expect(s.otherSectionsAssumePoisson).toBe(true);
    expect(s.epsilon).toBeGreaterThan(s.poisson.epsilon);
    // per-instance RDP prices Poisson batches: that instrument is off by default for this run
    expect((report as unknown as { perInstance?: unknown }).perInstance).toBeUndefined();
    // the Poisson ε beside it is the report's own PLD add-remove row (same q = b/N, σ, T)
    const pld = report.accounting.find((r) => r.accountant === 'pld' && r.neighbouring === 'add-remove') as { epsilon: number };
    expect(s.poisson.epsilon).toBeCloseTo(pld.epsilon, 9);
    const html = readFileSync(join(cwd, 'rep-fixed', 'report.html'), 'utf8');
    expect(html).toContain('the batches that ran: fixed-size batches');
    expect(html).toContain('Poisson batches only, NOT this fixed-size batches run');
    const text = await runCaptured([...base, '--sampling', 'fixed-size', '--out', 'rep-fixed-text'], { cwd });
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(/batches: Your loop draws fixed-size batches of 30 without replacement: the Poisson ε = [\d.]+ does not apply/);
  }, 120_000);

  it('a Poisson run (the default) says the Poisson ε is valid for it', async () => {
    const run = await runCaptured([...base, '--out', 'rep-poisson', '--json'], { cwd });
    expect(run.code).toBe(0);
    const s = (JSON.parse(run.stdout) as Report).batchSampling;
    expect(s.sampling).toBe('poisson');
    expect(s.poissonValidForRun).toBe(true);
    expect(s.otherSectionsAssumePoisson).toBe(false);
    expect(s.epsilon).toBe(s.poisson.epsilon);
  }, 120_000);
});
