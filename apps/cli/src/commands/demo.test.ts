import { mkdtempSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bayesSecurityMia, dpSgdEvent, noiseMultiplierForBayesSecurity, PldAccountant } from '@dpbounds/accountants';
import { runCaptured } from '../test-helpers/capture-io.js';
import { expectSummaryRules } from '../test-helpers/summary-rules.js';

/** A small demo (seconds): fewer epochs, a narrow MLP, fewer targets and canaries. */
const smallDemo = ['--epochs', '0.4', '--hidden-units', '8', '--per-instance-targets', '20', '--per-instance-runs', '2', '--per-instance-every', '5', '--canaries', '200', '--gradient-dims', '16'];

describe('dpbounds demo', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-demo-'));

  it('trains with every instrument and reports every analysis, with numbers from the packages', async () => {
    const run = await runCaptured(['demo', ...smallDemo, '--out', 'rep', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expectSummaryRules(report, 'the small demo, every instrument');
    expect(JSON.parse(readFileSync(join(cwd, 'rep', 'report.json'), 'utf8'))).toEqual(report);
    expect(readdirSync(join(cwd, 'rep', 'traces')).sort()).toEqual(['ai-sensitivity.json', 'canaries.json', 'canary-scores.csv', 'evaluation.json', 'gradient-stats.json', 'input-canaries.json', 'input-canary-scores.csv', 'model.json', 'per-instance.json', 'targets.csv']);
    expect(readdirSync(join(cwd, 'rep'))).toContain('run.json');
    const sections = report.unavailable.map((u: { section: string }) => u.section);
    for (const section of ['accounting', 'bayesSecurity', 'gmip', 'rtm', 'perInstance', 'attack', 'audit', 'inputAudit', 'overTraining']) expect(sections).not.toContain(section);
    const { samplingRate: q, noiseMultiplier: sigma, steps } = report.config;
    // The default noise is the closed-form choice for β*_MIA = 0.9 after 20 epochs.
    const q0 = 256 / 26049; // the training split before the input canaries are added
    expect(report.config.noiseSelection.chosenFor.samplingRate).toBe(q0);
    expect(sigma).toBe(noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: q0, steps: Math.round(20 / q0) }));
    expect(steps).toBe(Math.round(0.4 / q));
    const pld = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps })).getEpsilonBounds(1e-5);
    const pldRow = (relation: string): { epsilon: number; epsilonLower: number } => report.accounting.find((r: { accountant: string; neighbouring: string }) => r.accountant === 'pld' && r.neighbouring === relation);
    expect(pldRow('add-remove').epsilon).toBe(pld.upper);
    expect(pldRow('add-remove').epsilonLower).toBe(pld.lower);
    const pldSubstitution = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps })).getEpsilonBounds(1e-5);
    expect(pldRow('substitution').epsilon).toBe(pldSubstitution.upper);
    // Substitution changes two gradients' worth per step: a larger ε than add/remove.
    expect(pldSubstitution.upper).toBeGreaterThan(pld.upper);
    const mia = report.bayesSecurity.membership.substitution;
    expect(mia.estimate.bayesSecurity).toBe(bayesSecurityMia({ samplingRate: q, noiseMultiplier: sigma, steps }).bayesSecurity);
    expect(report.bayesSecurity.membership['add-remove'].estimate.bayesSecurity).toBe(bayesSecurityMia({ samplingRate: q, noiseMultiplier: sigma, steps, relation: 'addRemove' }).bayesSecurity);
    // Attribute inference can only be more secure than membership (R_t ≤ 2C), exact ≥ approximate.
    const attribute = report.bayesSecurity.attribute;
    expect(attribute.estimate.bayesSecurity).toBeGreaterThanOrEqual(mia.estimate.bayesSecurity);
    expect(attribute.estimate.bayesSecurity).toBeGreaterThanOrEqual(attribute.estimate.bayesSecurityCentroid);
    expect(attribute.values).toBe(73);
    // μ-GMIP: a larger susceptibility means less privacy; its relation is substitution.
    expect(report.gmip.muMedianTarget).toBeLessThanOrEqual(report.gmip.muWorstTarget);
    expect(report.gmip.neighbouring).toBe('substitution');
    expect(report.gmip.paperDpMu.mu).toBeGreaterThan(0);
    // Per-instance ε never exceeds the data-independent ε of the same run.
    for (const r of report.perInstance.records) expect(r.epsilon).toBeLessThanOrEqual(report.perInstance.dataIndependent.epsilon + 1e-12);
    expect(report.perInstance.records).toHaveLength(20);
    // The audit is a lower bound: never above the DP guarantee it audits (95% confidence, Bonferroni).
    expect(report.audit.empiricalEpsilon).toBeLessThanOrEqual(pld.upper);
    expect(report.audit.canaries).toBe(200);
    expect(report.inputAudit.canaries).toBe(200);
    expect(report.inputAudit.empiricalEpsilon).toBeLessThanOrEqual(pld.upper);
    // Every curve is a trade-off function: in [0, 1 − α], non-increasing.
    expect(report.curves.length).toBeGreaterThanOrEqual(8);
    for (const curve of report.curves) {
      curve.alpha.forEach((a: number, i: number) => {
        expect(curve.beta[i]).toBeGreaterThanOrEqual(0);
        expect(curve.beta[i]).toBeLessThanOrEqual(1 - a + 1e-9);
        if (i > 0) expect(curve.beta[i]).toBeLessThanOrEqual(curve.beta[i - 1] + 1e-9);
      });
    }
    expect(report.overTraining.points.length).toBeGreaterThan(0);
    expect(readdirSync(join(cwd, 'rep', 'figures')).sort()).toEqual(['trade-off-add-remove.svg', 'trade-off-substitution.svg']);
    expect(report.utility.testAccuracy).toBeGreaterThan(0.7);
  }, 120_000);

  it('prints a summary table and writes an offline report.html; refuses to overwrite', async () => {
    const run = await runCaptured(['demo', ...smallDemo, '--out', 'rep2'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('DP: any attacker');
    expect(run.stdout).toContain('Bayes security');
    const html = readFileSync(join(cwd, 'rep2', 'report.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script|<link|src=/i);
    const again = await runCaptured(['demo', ...smallDemo, '--out', 'rep2'], { cwd });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^dpbounds demo: rep2\/report\.json already exists .*pass --force to replace them\n$/);
  }, 120_000);

  it('runs twice in a row without --out: a fresh run directory each time, nothing overwritten, the summary printed both times', async () => {
    const home = mkdtempSync(join(tmpdir(), 'dpbounds-demo-twice-'));
    const first = await runCaptured(['demo', ...smallDemo], { cwd: home });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const firstRuns = readdirSync(join(home, 'dpbounds-report')).filter((name) => name !== 'latest');
    expect(firstRuns).toHaveLength(1);
    const firstDir = join(home, 'dpbounds-report', firstRuns[0] as string);
    const firstJson = readFileSync(join(firstDir, 'report.json'), 'utf8');
    expect(first.stdout).toContain(`report: ${join('dpbounds-report', firstRuns[0] as string, 'report.html')}`);
    const second = await runCaptured(['demo', ...smallDemo], { cwd: home });
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('DP: any attacker');
    const runs = readdirSync(join(home, 'dpbounds-report')).filter((name) => name !== 'latest').sort();
    expect(runs).toHaveLength(2);
    expect(runs[0]).toBe(firstRuns[0]);
    expect(readFileSync(join(firstDir, 'report.json'), 'utf8')).toBe(firstJson);
    expect(readlinkSync(join(home, 'dpbounds-report', 'latest'))).toBe(runs[1]);
    expect(readFileSync(join(home, 'dpbounds-report', 'latest', 'report.json'), 'utf8')).toBe(readFileSync(join(home, 'dpbounds-report', runs[1] as string, 'report.json'), 'utf8'));
    // a misspelt sampler is refused before any work
    const shuffled = await runCaptured(['demo', ...smallDemo, '--sampling', 'shufle'], { cwd: home });
    expect(shuffled.code).toBe(2);
    expect(shuffled.stderr).toMatch(/--sampling must be one of .*\(did you mean shuffle\?\)/);
    // a run refused for bad input leaves no empty run directory behind
    const bad = await runCaptured(['demo', ...smallDemo, '--delta', '2'], { cwd: home });
    expect(bad.code).toBe(2);
    expect(readdirSync(join(home, 'dpbounds-report')).filter((name) => name !== 'latest')).toHaveLength(2);
  }, 240_000);

  it('on a terminal, names its stages on stderr (training, then each analysis) and keeps --json stdout clean', async () => {
    const run = await runCaptured(['demo', ...smallDemo, '--out', 'rep-tty', '--json'], { cwd, stderrIsTTY: true });
    expect(run.code).toBe(0);
    const stages = [...new Set([...run.stderr.matchAll(/\rdemo: ([^[]+?) \[/g)].map((m) => m[1]))];
    expect(stages[0]).toBe('training (2 seeded runs for per-instance ε)');
    expect(stages).toContain('(ε, δ) with every accountant');
    expect(stages.indexOf('(ε, δ) with every accountant')).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/\r +\r$/);
    expect(JSON.parse(run.stdout).config.seed).toBeDefined();
  }, 120_000);

  it('runs on a user CSV and lists what it could not compute instead of failing', async () => {
    const lines = ['x,colour,outcome'];
    for (let i = 0; i < 300; i++) lines.push(`${Math.sin(i).toFixed(3)},${['a', 'b'][i % 2]},${Math.sin(i) > 0 ? 'yes' : 'no'}`);
    writeFileSync(join(cwd, 'data.csv'), `${lines.join('\n')}\n`);
    const run = await runCaptured(['demo', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--batch-size', '30', '--epochs', '2', '--per-instance-targets', '10', '--out', 'rep3', '--json'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expectSummaryRules(report, 'a user CSV, sections unavailable');
    const sections = report.unavailable.map((u: { section: string }) => u.section);
    expect(sections).toContain('instrument ai-sensitivity');
    expect(sections).toContain('instrument gradient-stats');
    expect(sections).toContain('instrument input-canaries');
    expect(report.bayesSecurity.attribute).toBeUndefined();
    expect(report.accounting.length).toBeGreaterThanOrEqual(4);
    expect(report.perInstance.records).toHaveLength(10);
    expect(report.utility.testAccuracy).toBeGreaterThan(0.7);
    const html = readFileSync(join(cwd, 'rep3', 'report.html'), 'utf8');
    expect(html).toContain('instrument ai-sensitivity');
    expect(html).not.toMatch(/\bNaN\b|undefined/);
  }, 120_000);

  it('omits an optional section it cannot compute (absent key, reason in unavailable, never null); a failing required section fails the demo naming the flag', async () => {
    const lines = ['x,outcome'];
    for (let i = 0; i < 300; i++) lines.push(`${Math.sin(i).toFixed(3)},${Math.sin(3 * i) > 0 ? 1 : 0}`);
    writeFileSync(join(cwd, 'omit.csv'), `${lines.join('\n')}\n`);
    const base = ['demo', '--dataset', 'omit.csv', '--label', 'outcome', '--model', 'logistic', '--batch-size', '30', '--epochs', '1', '--input-canaries', '0', '--json'];
    const run = await runCaptured([...base, '--test-fraction', '0', '--canaries', '0', '--per-instance-targets', '2', '--out', 'rep-omit'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    for (const key of ['attack', 'audit']) expect(report).not.toHaveProperty(key);
    // μ-GMIP of a random target needs only the run (K = d); the measured targets need the gradient statistics
    expect(report.gmip.measuredTargets).toMatch(/--gradient-stats/);
    const reasons = new Map(report.unavailable.map((u: { section: string; reason: string }) => [u.section, u.reason]));
    expect(reasons.get('attack')).toBe('no held-out split');
    expect(reasons.get('audit')).toContain('canaries');
    expect(reasons.get('instrument gradient-stats')).toBeDefined();
    // no typical or outlier targets among 2: no mean for them (absent, not null)
    expect(report.perInstance).not.toHaveProperty('meanTypical');
    expect(report.perInstance).not.toHaveProperty('meanOutlier');
    expect(readFileSync(join(cwd, 'rep-omit', 'report.html'), 'utf8')).not.toMatch(/\bNaN\b|undefined/);
    // the DP guarantee is required: δ = 1e-320 is below what the PLD can certify, and --delta is named
    const bad = await runCaptured([...base, '--delta', '1e-320', '--out', 'rep-bad'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dpbounds demo: --delta must be .*found 1e-320\n$/);
  }, 120_000);
});
