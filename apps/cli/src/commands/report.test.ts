import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

/** A small demo (seconds), as in demo.test.ts. */
const smallDemo = ['--epochs', '0.4', '--hidden-units', '8', '--per-instance-targets', '20', '--per-instance-runs', '2', '--per-instance-every', '5', '--canaries', '200', '--gradient-dims', '16'];

type Json = Record<string, unknown>;

/** A report without what legitimately differs between two runs of the same files (timings) and the demo's own note on how σ was chosen. */
function comparable(report: Json): Json {
  const { seconds: _seconds, config, ...rest } = report as { seconds: unknown; config: Json };
  const { noiseSelection: _selection, ...run } = config;
  return { ...rest, config: run };
}

function runFile(cwd: string, name: string, fields: Json): string {
  writeFileSync(join(cwd, name), `${JSON.stringify({ format: 'dpbounds.run', version: 1, ...fields })}\n`);
  return name;
}

describe('dpbounds report', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-report-'));

  it("rebuilds the demo's report from the demo's run file and evidence files (one path from evidence to report)", async () => {
    const demo = await runCaptured(['demo', ...smallDemo, '--out', 'demo', '--json'], { cwd });
    expect(demo.code).toBe(0);
    const evidence = [
      ['--targets', 'targets.csv'],
      ['--canary-scores', 'canaries.json'],
      ['--input-canary-scores', 'input-canaries.json'],
      ['--per-instance-trace', 'per-instance.json'],
      ['--sensitivity-trace', 'ai-sensitivity.json'],
      ['--gradient-stats', 'gradient-stats.json'],
      ['--evaluation', 'evaluation.json'],
    ].flatMap(([flag, file]) => [flag as string, `demo/traces/${file as string}`]);
    const again = await runCaptured(['report', '--run', 'demo/run.json', ...evidence, '--out', 'again', '--json'], { cwd });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const fromDemo = JSON.parse(demo.stdout) as Json;
    const fromReport = JSON.parse(again.stdout) as Json;
    expect(comparable(fromReport)).toEqual(comparable(fromDemo));
    expect(JSON.parse(readFileSync(join(cwd, 'again', 'report.json'), 'utf8'))).toEqual(fromReport);
    expect(readFileSync(join(cwd, 'again', 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    // an existing report is not overwritten without --force
    const refused = await runCaptured(['report', '--run', 'demo/run.json', '--out', 'again'], { cwd });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it("prices an Opacus run given by its sample_rate alone exactly as dp does, and lists each missing section with the flag that provides it", async () => {
    const q = 1 / 103;
    const run = runFile(cwd, 'opacus.json', { name: 'adult-mlp', samplingRate: q, noiseMultiplier: 1, steps: 309, delta: 1e-5, clipNorm: 1, parameters: 7809, batchSize: 256, datasetSize: 26048 });
    const [report, dp] = await Promise.all([
      runCaptured(['report', '--run', run, '--out', 'opacus', '--json'], { cwd }),
      runCaptured(['dp', '--sampling-rate', String(q), '--noise-multiplier', '1', '--steps', '309', '--delta', '1e-5', '--accountant', 'all', '--json'], { cwd }),
    ]);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const json = JSON.parse(report.stdout) as { accounting: Json[]; unavailable: { section: string; reason: string }[]; batchSampling: Json; config: Json; gmip?: Json };
    const results = (JSON.parse(dp.stdout) as { results: Json[] }).results;
    for (const accountant of ['pld', 'rdp']) {
      const row = json.accounting.find((r) => r['accountant'] === accountant && r['neighbouring'] === 'add-remove');
      expect(row?.['kind']).toBe('guarantee');
      expect(row?.['epsilon']).toBe(results.find((r) => r['accountant'] === accountant)?.['epsilon']);
    }
    // the rate the loop ran is priced, not b/N; the sizes are context
    expect(json.config['samplingRate']).toBe(q);
    expect(json.batchSampling['poissonValidForRun']).toBe(true);
    expect(json.batchSampling['epsilon']).toBe(json.accounting[0]?.['epsilon']);
    const reasons = new Map(json.unavailable.map((u) => [u.section, u.reason]));
    expect(reasons.get('attack')).toMatch(/--targets FILE/);
    expect(reasons.get('audit')).toMatch(/--canary-scores FILE/);
    expect(reasons.get('perInstance')).toMatch(/--per-instance-trace FILE/);
    expect(reasons.get('overTraining')).toMatch(/--evaluation FILE/);
    expect(reasons.get('bayesSecurity.attribute')).toMatch(/--sensitivity-trace FILE/);
    // μ-GMIP of a random target needs the run only (K = d), the measured targets need --gradient-stats
    expect(json.gmip?.['params']).toBe(7809);
    expect(String(json.gmip?.['measuredTargets'])).toMatch(/--gradient-stats/);
    expect(report.stdout).not.toMatch(/NaN/);
    expect(existsSync(join(cwd, 'opacus', 'report.html'))).toBe(true);
  }, 60_000);

  it('evaluates attack scores with membership and audits canary scores given as tables', async () => {
    const run = runFile(cwd, 'scored.json', { samplingRate: 0.01, noiseMultiplier: 1, steps: 500, delta: 1e-5 });
    const rows = ['id,score,member'];
    const canaries = ['score,member'];
    for (let i = 0; i < 400; i++) {
      const member = i % 2;
      rows.push(`t${i},${(Math.sin(i * 12.9898) * 0.5 + member * 0.2).toFixed(6)},${member}`);
      canaries.push(`${(Math.cos(i * 78.233) + member * 0.5).toFixed(6)},${member}`);
    }
    writeFileSync(join(cwd, 'targets.csv'), `${rows.join('\n')}\n`);
    writeFileSync(join(cwd, 'canaries.csv'), `${canaries.join('\n')}\n`);
    const report = await runCaptured(['report', '--run', run, '--targets', 'targets.csv', '--canary-scores', 'canaries.csv', '--out', 'scored', '--json'], { cwd });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const json = JSON.parse(report.stdout) as { attack: Json; audit: Json; points: Json[] };
    expect(json.attack['kind']).toBe('empirical');
    expect(json.attack['members']).toBe(200);
    expect(json.attack['nonMembers']).toBe(200);
    expect(json.attack['auc'] as number).toBeGreaterThan(0.5);
    expect(json.audit['kind']).toBe('lower-bound');
    expect(json.audit['canaries']).toBe(400);
    expect(json.points.every((p) => p['kind'] === 'empirical')).toBe(true);
    // a targets file without membership cannot be evaluated: refused naming the flag
    writeFileSync(join(cwd, 'nomember.csv'), 'id,score\na,1\nb,2\n');
    const bad = await runCaptured(['report', '--run', run, '--targets', 'nomember.csv', '--out', 'bad'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dpbounds report: --targets nomember\.csv: .*"member" column/);
  }, 60_000);

  it('reports the ε of the sampler that ran for a shuffling loop, and says the Poisson sections do not cover it', async () => {
    const run = runFile(cwd, 'shuffle.json', { sampler: { kind: 'shuffle', dropLast: true }, batchSize: 250, datasetSize: 10000, noiseMultiplier: 1, steps: 200, delta: 1e-5 });
    const report = await runCaptured(['report', '--run', run, '--out', 'shuffle', '--json'], { cwd });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const json = JSON.parse(report.stdout) as { batchSampling: Json };
    expect(json.batchSampling['sampling']).toBe('shuffle');
    expect(json.batchSampling['poissonValidForRun']).toBe(false);
    expect(json.batchSampling['otherSectionsAssumePoisson']).toBe(true);
    expect(json.batchSampling['batchesPerEpoch']).toBe(40);
  }, 60_000);

  it('prices a BandMF run (jax_privacy style) given by its banded-matrix fields as dp --mechanism banded-matrix does, amplification included', async () => {
    for (const [participation, extra] of [['cyclic', []], ['balls-in-bins', []]] as const) {
      const run = runFile(cwd, `bandmf-${participation}.json`, { mechanism: 'banded-matrix', bandedMatrix: { bandValues: [1, 0.5], participation, minSeparation: 100 }, noiseMultiplier: 3, steps: 2000, delta: 1e-5 });
      const [report, dp] = await Promise.all([
        runCaptured(['report', '--run', run, '--out', `bandmf-${participation}`, '--json'], { cwd }),
        runCaptured(['dp', '--mechanism', 'banded-matrix', '--band-values', '1,0.5', '--participation', participation, '--min-separation', '100', '--noise-multiplier', '3', '--steps', '2000', '--delta', '1e-5', ...extra, '--json'], { cwd }),
      ]);
      expect(report.stderr).toBe('');
      expect(report.code).toBe(0);
      const json = JSON.parse(report.stdout) as { accounting: Json[]; batchSampling: Json; unavailable: { section: string; reason: string }[]; curves: Json[] };
      const expected = JSON.parse(dp.stdout) as Json;
      const pld = json.accounting.find((r) => r['accountant'] === 'pld' && r['neighbouring'] === 'add-remove');
      expect(pld?.['epsilon']).toBe(expected['epsilon']);
      expect(json.batchSampling['sampling']).toBe('banded-matrix');
      // the DP-SGD closed forms are refused for it, with the reason
      expect(json.unavailable.find((u) => u.section === 'bayesSecurity')?.reason).toMatch(/banded matrix mechanism/);
      if (participation === 'balls-in-bins') {
        expect(expected['epsilonUnamplified'] as number).toBeGreaterThan(expected['epsilon'] as number);
        // the ε credits the random allocation; the curve drawn is the (looser) unamplified PLD's, and says so
        expect(json.curves.find((c) => c['role'] === 'dp' && c['neighbouring'] === 'add-remove')?.['label']).toMatch(/without the random-allocation amplification/);
      }
    }
  }, 60_000);

  it('prices a schedule (Opacus accountant.history of a resumed run) as the composition of its phases', async () => {
    const phases = [
      { noiseMultiplier: 1, samplingRate: 0.01, steps: 300 },
      { noiseMultiplier: 1.5, samplingRate: 0.02, steps: 200 },
    ];
    const { PldAccountant, dpSgdScheduleEvent } = await import('@dpbounds/accountants');
    const expected = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdScheduleEvent(phases)).getEpsilonBounds(1e-5).upper;
    const run = runFile(cwd, 'history.json', { history: phases, delta: 1e-5 });
    const report = await runCaptured(['report', '--run', run, '--out', 'history', '--json'], { cwd });
    expect(report.stderr).toBe('');
    const json = JSON.parse(report.stdout) as { accounting: Json[]; unavailable: { section: string; reason: string }[]; config: Json };
    expect(json.accounting.find((r) => r['accountant'] === 'pld' && r['neighbouring'] === 'add-remove')?.['epsilon']).toBe(expected);
    expect(json.config['history']).toEqual(phases);
    expect(json.unavailable.find((u) => u.section === 'rtm')?.reason).toMatch(/history has 2 phases/);
    // one phase of a history is the plain run
    runFile(cwd, 'one.json', { history: [phases[0]], delta: 1e-5 });
    runFile(cwd, 'plain.json', { ...phases[0], delta: 1e-5 });
    const [one, plain] = await Promise.all(['one', 'plain'].map((name) => runCaptured(['report', '--run', `${name}.json`, '--out', name, '--json'], { cwd })));
    expect((JSON.parse(one?.stdout ?? '') as { accounting: unknown }).accounting).toEqual((JSON.parse(plain?.stdout ?? '') as { accounting: unknown }).accounting);
  }, 60_000);

  it('refuses a malformed run file with one line naming the field, its range and the value found', async () => {
    const cases: [Json, RegExp][] = [
      [{ samplingRate: 0.01, noiseMultiplyer: 1, steps: 10, delta: 1e-5 }, /unknown field "noiseMultiplyer" \(did you mean "noiseMultiplier"\?\)/],
      [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 }, /delta must be a number in \(0, 1\).*found undefined/],
      [{ samplingRate: 1.5, noiseMultiplier: 1, steps: 10, delta: 1e-5 }, /samplingRate must be .*found 1\.5/],
      [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 2.5, delta: 1e-5 }, /steps must be an integer/],
      [{ history: [[1, 0.01, 100]], delta: 1e-5 }, /history\[0\] must be an object .*Opacus/],
      [{ history: [{ noiseMultiplier: 1, samplingRate: 0.01, steps: 10 }], steps: 10, delta: 1e-5 }, /give history or steps, not both/],
      [{ sampler: 'shufle', batchSize: 10, datasetSize: 100, noiseMultiplier: 1, steps: 10, delta: 1e-5 }, /sampler must be one of .*shuffle/],
      [{ sampler: 'shuffle', noiseMultiplier: 1, steps: 10, delta: 1e-5, samplingRate: 0.1 }, /sampler shuffle needs batchSize and datasetSize/],
      [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 10, delta: 1e-320 }, /^dpbounds report: --run bad\.json: .*delta.*1e-320/],
    ];
    for (const [fields, message] of cases) {
      runFile(cwd, 'bad.json', fields);
      const run = await runCaptured(['report', '--run', 'bad.json', '--out', 'never'], { cwd });
      expect(run.code, JSON.stringify(fields)).toBe(2);
      expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
      expect(run.stderr, JSON.stringify(fields)).toMatch(message);
    }
    writeFileSync(join(cwd, 'notjson.json'), '{ "format": ');
    const broken = await runCaptured(['report', '--run', 'notjson.json', '--out', 'never'], { cwd });
    expect(broken.stderr).toMatch(/--run notjson\.json: not valid JSON/);
    writeFileSync(join(cwd, 'other.json'), '{ "format": "dpbounds.report", "version": 2 }');
    const other = await runCaptured(['report', '--run', 'other.json', '--out', 'never'], { cwd });
    expect(other.stderr).toMatch(/format must be "dpbounds\.run"; found "dpbounds\.report"/);
    expect(existsSync(join(cwd, 'never', 'report.json'))).toBe(false);
  }, 60_000);
});
