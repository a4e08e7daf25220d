import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DemoReport } from '../report/report-types.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { expectSummaryRules } from '../test-helpers/summary-rules.js';

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
    expectSummaryRules(report as unknown as DemoReport, 'fixed-size batches');
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

  it('its canaries follow the sampler that ran, and each audit is held against that sampler\'s proven ε', async () => {
    const args = [...base.filter((a, i) => !['--canaries', '--input-canaries', '--model'].includes(a) && !['--canaries', '--input-canaries', '--model'].includes(base[i - 1] as string))];
    const run = await runCaptured([...args, '--model', 'mlp', '--hidden-units', '8', '--canaries', '20', '--input-canaries', '20', '--sampling', 'shuffle', '--out', 'rep-shuffle', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    interface Comparison { guarantee: { epsilon: number; kind: string; neighbouring: string }; poisson: { epsilon: number; validForRun: boolean }; auditExceedsGuarantee: boolean; verdict: string }
    interface Audit { empiricalEpsilon: number; sampling: string; canaryParticipation: string | null; samplerComparison: Comparison }
    const report = JSON.parse(run.stdout) as Report & { audit: Audit; inputAudit: Audit };
    expectSummaryRules(report as unknown as DemoReport, 'shuffled batches, MLP, two audits');
    const upper = report.batchSampling.upper as Value;
    expect(report.batchSampling.kind).toBe('lower-bound');
    for (const audit of [report.audit, report.inputAudit]) {
      expect(audit.sampling).toBe('shuffle');
      // held against the guarantee of shuffling (no amplification), not the Poisson curve alone
      expect(audit.samplerComparison.guarantee).toMatchObject({ epsilon: upper.epsilon, kind: 'guarantee', neighbouring: 'add-remove' });
      expect(audit.samplerComparison.poisson.validForRun).toBe(false);
      expect(audit.samplerComparison.auditExceedsGuarantee).toBe(false);
      expect(audit.empiricalEpsilon).toBeLessThanOrEqual(upper.epsilon);
    }
    expect(report.audit.canaryParticipation).toMatch(/at most one batch per epoch/);
    const trace = JSON.parse(readFileSync(join(cwd, 'rep-shuffle', 'traces', 'canaries.json'), 'utf8')) as { sampling: { sampler: string } };
    expect(trace.sampling.sampler).toBe('shuffle');
    const html = readFileSync(join(cwd, 'rep-shuffle', 'report.html'), 'utf8');
    expect(html).toContain('ε the audit is held against: proven for shuffling, which the canaries followed');
  }, 120_000);

  it('a Poisson run (the default) says the Poisson ε is valid for it', async () => {
    const run = await runCaptured([...base, '--out', 'rep-poisson', '--json'], { cwd });
    expect(run.code).toBe(0);
    expectSummaryRules(JSON.parse(run.stdout) as DemoReport, 'Poisson batches, a user CSV');
    const s = (JSON.parse(run.stdout) as Report).batchSampling;
    expect(s.sampling).toBe('poisson');
    expect(s.poissonValidForRun).toBe(true);
    expect(s.otherSectionsAssumePoisson).toBe(false);
    expect(s.epsilon).toBe(s.poisson.epsilon);
  }, 120_000);
});
