import { mkdtempSync, mkdirSync, readFileSync, readdirSync, existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAiSensitivityTrace, validatePerInstanceTrace } from '@dpbounds/sgd-instrumentation';
import { runCaptured } from '../test-helpers/capture-io.js';

const small = ['--model', 'mlp', '--hidden-units', '8', '--epochs', '0.05', '--batch-size', '256', '--noise-multiplier', '1.1', '--clip', '1', '--learning-rate', '0.5', '--seed', '3'];

describe('dpbounds train', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-train-'));

  it('trains on Adult with every instrument and writes model, traces and summary.json', async () => {
    const run = await runCaptured(
      ['train', '--dataset', 'adult', ...small, '--instrument', 'ai-sensitivity,per-instance,gradient-stats,canaries', '--sensitive-attribute', 'age', '--canaries', '40', '--input-canaries', '20', '--per-instance-targets', '10', '--per-instance-runs', '2', '--per-instance-every', '2', '--gradient-dims', '8', '--out', 'run1', '--json'],
      { cwd },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    for (const field of ['accuracy', 'steps', 'samplingRate', 'noiseMultiplier', 'epsilon', 'delta', 'traces']) expect(json).toHaveProperty(field);
    expect(json.steps).toBe(Math.round(0.05 / json.samplingRate));
    expect(json.noiseMultiplier).toBe(1.1);
    expect(json.accuracy).toBeGreaterThan(0.5);
    expect(json.epsilon).toBeGreaterThan(0);
    expect(json.epsilonKind).toBe('guarantee'); // Poisson batches, as the accountant assumes
    expect(json.delta).toBe(1e-5);
    // 26 049 training records plus the included input canaries.
    expect(256 / json.samplingRate).toBeGreaterThanOrEqual(26049);
    expect(256 / json.samplingRate).toBeLessThanOrEqual(26069);
    const summary = JSON.parse(readFileSync(join(cwd, 'run1', 'summary.json'), 'utf8'));
    expect(summary).toEqual(json);
    const ai = validateAiSensitivityTrace(JSON.parse(readFileSync(join(cwd, json.traces.aiSensitivity), 'utf8')));
    expect(ai.steps).toBe(json.steps);
    expect(ai.values).toHaveLength(73);
    const perInstance = validatePerInstanceTrace(JSON.parse(readFileSync(join(cwd, json.traces.perInstance), 'utf8')));
    expect(perInstance.runs).toHaveLength(2);
    expect(perInstance.records).toHaveLength(10);
    const scores = readFileSync(join(cwd, json.traces.canaryScores), 'utf8').trim().split('\n');
    expect(scores[0]).toBe('score,member');
    expect(scores).toHaveLength(41);
    expect(readFileSync(join(cwd, json.traces.inputCanaryScores), 'utf8').trim().split('\n')).toHaveLength(21);
    const stats = JSON.parse(readFileSync(join(cwd, json.traces.gradientStats), 'utf8'));
    expect(stats.format).toBe('dpbounds.gradient-stats');
    expect(existsSync(join(cwd, 'run1', 'model.json'))).toBe(true);

    // The traces are what the analysis commands read, as written.
    const bayes = await runCaptured(['bayes-security', '--threat', 'ai', '--sensitivity-trace', json.traces.aiSensitivity, '--clip', '1', '--noise-multiplier', '1.1', '--json'], { cwd });
    expect(bayes.stderr).toBe('');
    expect(JSON.parse(bayes.stdout).bayesSecurity).toBeGreaterThan(0);
    const perInstanceRun = await runCaptured(['per-instance', '--trace', json.traces.perInstance, '--alpha', '2,4,8,16', '--delta', '1e-5', '--json'], { cwd });
    expect(perInstanceRun.stderr).toBe('');
    const points = JSON.parse(perInstanceRun.stdout).points;
    expect(points).toHaveLength(10);
    const audit = await runCaptured(['audit', '--scores', json.traces.canaryScores, '--delta', '1e-5', '--json'], { cwd });
    expect(audit.stderr).toBe('');
    expect(JSON.parse(audit.stdout).canaries).toBe(40);
  });

  it('refuses to overwrite existing files without --force, and overwrites with it', async () => {
    const args = ['train', '--dataset', 'adult', ...small, '--out', 'run2', '--json'];
    expect((await runCaptured(args, { cwd })).code).toBe(0);
    const again = await runCaptured(args, { cwd });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect((await runCaptured([...args, '--force'], { cwd })).code).toBe(0);
  });

  it('checks every output before training: an old summary.json alone refuses the run and nothing is written', async () => {
    mkdirSync(join(cwd, 'old'));
    writeFileSync(join(cwd, 'old', 'summary.json'), '{"old":true}');
    // Refused before the data is even read: a dataset whose reading fails (no label column y)
    // gives the output's error, not the dataset's; the same run into a fresh directory reads it.
    writeFileSync(join(cwd, 'unread.csv'), 'a,b\n1,2\n');
    const unread = ['train', '--dataset', 'unread.csv', '--label', 'y', ...small, '--json'];
    const run = await runCaptured([...unread, '--out', 'old'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('dpbounds train: old/summary.json already exists; pass --force to overwrite it\n');
    expect(readdirSync(join(cwd, 'old'))).toEqual(['summary.json']);
    const read = await runCaptured([...unread, '--out', 'fresh-out'], { cwd });
    expect(read.code).toBe(2);
    expect(read.stderr).toMatch(/^dpbounds train: --dataset unread\.csv: .*\by\b/);
  });

  it('--force replaces the set, removes traces the new run does not write, and never writes through a link', async () => {
    const args = ['train', '--dataset', 'adult', ...small, '--instrument', 'canaries', '--canaries', '10', '--out', 'run6', '--json'];
    expect((await runCaptured(args, { cwd })).code).toBe(0);
    expect(existsSync(join(cwd, 'run6', 'canary-scores.csv'))).toBe(true);
    const plain = ['train', '--dataset', 'adult', ...small, '--out', 'run6', '--force', '--json'];
    expect((await runCaptured(plain, { cwd })).code).toBe(0);
    expect(readdirSync(join(cwd, 'run6')).sort()).toEqual(['evaluation.json', 'model.json', 'summary.json']);
    writeFileSync(join(cwd, 'precious.json'), 'keep');
    symlinkSync(join(cwd, 'precious.json'), join(cwd, 'run6', 'evaluation.json.link'));
    const { unlinkSync, renameSync } = await import('node:fs');
    unlinkSync(join(cwd, 'run6', 'evaluation.json'));
    renameSync(join(cwd, 'run6', 'evaluation.json.link'), join(cwd, 'run6', 'evaluation.json'));
    const linked = await runCaptured(plain, { cwd });
    expect(linked.code).toBe(2);
    expect(linked.stderr).toBe('dpbounds train: run6/evaluation.json: is a symbolic link; dpbounds never writes through links (remove the link or give the real path)\n');
    expect(readFileSync(join(cwd, 'precious.json'), 'utf8')).toBe('keep');
  });

  it('trains on a user CSV with a named label column, and labels shuffled batches', async () => {
    const lines = ['x,colour,outcome'];
    for (let i = 0; i < 300; i++) lines.push(`${Math.sin(i).toFixed(3)},${['a', 'b'][i % 2]},${Math.sin(i) > 0 ? 'yes' : 'no'}`);
    writeFileSync(join(cwd, 'data.csv'), `${lines.join('\n')}\n`);
    const run = await runCaptured(['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--epochs', '2', '--batch-size', '30', '--learning-rate', '1', '--noise-multiplier', '0.5', '--sampling', 'shuffle', '--instrument', 'canaries', '--out', 'run3', '--json'], { cwd });
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout);
    expect(json.sampling).toBe('shuffle');
    expect(json.samplingMatchesAccounting).toBe(false);
    expect(json.accuracy).toBeGreaterThan(0.8);
    // The default 1000 Dirac canaries are capped at half of logistic regression's 4 parameters.
    expect(readFileSync(join(cwd, json.traces.canaryScores), 'utf8').trim().split('\n')).toHaveLength(3);
    // they joined the batches as shuffled records do, and say so
    expect(json.canarySampling.sampler).toBe('shuffle');
    expect(json.canarySampling.participation).toMatch(/at most one batch per epoch/);
    expect(JSON.parse(readFileSync(join(cwd, json.traces.canaries), 'utf8')).sampling).toEqual(json.canarySampling);
    const text = await runCaptured(['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--epochs', '1', '--sampling', 'shuffle', '--out', 'run4'], { cwd });
    expect(text.stdout).toContain('does NOT cover this run');
    // The attribute analysis restricted to two chosen values of a one-hot column.
    const two = await runCaptured(['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'mlp', '--hidden-units', '4', '--epochs', '1', '--batch-size', '30', '--instrument', 'ai-sensitivity', '--sensitive-attribute', 'colour', '--ai-values', 'a,b', '--ai-method', 'full', '--out', 'run5', '--json'], { cwd });
    expect(two.stderr).toBe('');
    const ai = validateAiSensitivityTrace(JSON.parse(readFileSync(join(cwd, JSON.parse(two.stdout).traces.aiSensitivity), 'utf8')));
    expect(ai.values).toEqual(['a', 'b']);
    expect(ai.method).toBe('full');
    expect(ai.approximate).toBeUndefined();
    expect(Math.max(...(ai.full ?? []))).toBeGreaterThan(0);
  });

  it('--sampling runs each batch sampler, records it in summary.json, and only poisson keeps a guarantee', async () => {
    // σ = 2: each sampler's own ε (summary.json's batchSampling) is priced with little work at a large σ
    const base = ['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--epochs', '2', '--batch-size', '30', '--noise-multiplier', '2', '--instrument', 'none', '--json'];
    for (const sampling of ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'] as const) {
      const extra = sampling === 'truncated-poisson' ? ['--max-batch-size', '32'] : [];
      const run = await runCaptured([...base, '--sampling', sampling, ...extra, '--out', `sampling-${sampling}`], { cwd });
      expect(run.stderr, sampling).toBe('');
      expect(run.code).toBe(0);
      const json = JSON.parse(run.stdout);
      expect(json.sampling).toBe(sampling);
      expect(json.sampler.name).toBe(sampling);
      expect(json.sampler.datasetSize).toBe(json.datasetSize);
      expect(json.samplingMatchesAccounting).toBe(sampling === 'poisson');
      expect(json.epsilonKind).toBe(sampling === 'poisson' ? 'guarantee' : 'estimate');
      expect(JSON.parse(readFileSync(join(cwd, json.summary), 'utf8')).sampler).toEqual(json.sampler);
      if (sampling === 'truncated-poisson') expect(json.sampler.maxBatchSize).toBe(32);
      if (sampling === 'balls-in-bins') expect(json.sampler.batchesPerEpoch).toBe(Math.round(json.datasetSize / 30));
    }
    const text = await runCaptured([...base.filter((a) => a !== '--json'), '--sampling', 'balls-in-bins', '--out', 'sampling-text'], { cwd });
    expect(text.stdout).toMatch(/sampling +balls-in-bins \(each record to one of \d+ batches per epoch\)/);
    expect(text.stdout).toContain('balls-in-bins batches: the epsilon above assumes Poisson sampling and does NOT cover this run');
    for (const [extra, message] of [
      [['--sampling', 'truncated-poisson'], /^dpbounds train: --sampling truncated-poisson needs --max-batch-size B/],
      [['--sampling', 'fixed-size', '--max-batch-size', '40'], /^dpbounds train: --max-batch-size is for --sampling truncated-poisson only; found --sampling fixed-size\n$/],
      [['--sampling', 'truncated-poisson', '--max-batch-size', '0'], /^dpbounds train: --max-batch-size must be/],
      [['--sampling', 'balls-in-bin'], /--sampling.*balls-in-bins/],
      [['--sampling', 'fixed-size', '--instrument', 'per-instance'], /^dpbounds train: --instrument per-instance needs --sampling poisson \(per-instance RDP accounts for Poisson batches\); found --sampling fixed-size\n$/],
      [['--sampling', 'shuffle', '--instrument', 'canaries,per-instance-batches'], /^dpbounds train: --instrument per-instance-batches needs --sampling poisson/],
    ] as const) {
      const head = (extra as readonly string[]).includes('--instrument') ? base.filter((a, i) => a !== '--instrument' && base[i - 1] !== '--instrument') : base;
      const run = await runCaptured([...head, ...extra, '--out', 'sampling-bad'], { cwd });
      expect(run.code, extra.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(existsSync(join(cwd, 'sampling-bad', 'summary.json'))).toBe(false);
    }
  });

  it('exits 2 naming the flag for invalid input', async () => {
    for (const [argv, needle] of [
      [['train', '--noise-multiplier', '0'], '--noise-multiplier'],
      [['train', '--instrument', 'bogus'], '--instrument'],
      [['train', '--dataset', 'missing.csv', '--label', 'y'], 'missing.csv'],
      [['train', '--dataset', 'data.csv'], '--label'],
      [['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--instrument', 'canaries', '--canaries', '50'], '--canaries'],
      [['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--instrument', 'ai-sensitivity', '--epochs', '0.1'], '--sensitive-attribute'],
    ] as const) {
      const run = await runCaptured([...argv], { cwd });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toContain(needle);
    }
  });

  it('fuzz regressions: an empty held-out split names --test-fraction; a diverging run or one without a finite ε names the flag', async () => {
    const base = ['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--epochs', '1', '--batch-size', '30', '--json', '--force'];
    for (const [extra, needle] of [
      [['--instrument', 'canaries', '--input-canaries', '10', '--test-fraction', '0', '--out', 'fz1'], '--test-fraction'],
      [['--noise-multiplier', '1e308', '--out', 'fz2'], '--noise-multiplier'],
      [['--clip', '1e308', '--out', 'fz3'], '--clip'],
      [['--noise-multiplier', '1e-320', '--out', 'fz5'], '--noise-multiplier'],
    ] as const) {
      const run = await runCaptured([...base, ...extra], { cwd });
      expect(run.code, extra.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(needle);
    }
  });

  it('a noise multiplier the PLD accountant cannot hold (σ = 1e-4, 1e-320) is refused before training, without a hint train cannot follow', async () => {
    for (const sigma of ['1e-4', '1e-320']) {
      const run = await runCaptured(['train', '--dataset', 'data.csv', '--label', 'outcome', '--positive-label', 'yes', '--model', 'logistic', '--epochs', '1', '--batch-size', '30', '--noise-multiplier', sigma, '--out', `tiny-${sigma}`, '--json'], { cwd });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^dpbounds train: --noise-multiplier must be large enough for the PLD accountant that prices the run/);
      expect(run.stderr).toContain(`found ${String(Number(sigma))}`);
      expect(run.stderr).not.toContain('use the RDP accountant');
      expect(existsSync(join(cwd, `tiny-${sigma}`))).toBe(false);
    }
  });
});
