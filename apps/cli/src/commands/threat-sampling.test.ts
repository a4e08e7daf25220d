import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { bayesSecurityCommand } from './bayes-security.js';
import { gmipCommand } from './gmip.js';
import { rtmCommand } from './rtm.js';

const commands = [bayesSecurityCommand, gmipCommand, rtmCommand];
const bayes = ['bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--json'];
const gmip = ['gmip', '--batch-size', '400', '--dataset-size', '48000', '--steps', '1200', '--params', '650', '--noise-multiplier', '1', '--clip', '1', '--susceptibility', '650', '--json'];
const rtm = ['rtm', '--mechanism', 'subsampled-gaussian', '--sensitivity', '1', '--scale', '1', '--sampling-rate', '0.1', '--json'];

describe('threat commands and --sampling', () => {
  it('run unchanged for the sampler their analysis assumes', async () => {
    for (const [argv, sampler] of [[bayes, 'poisson'], [gmip, 'fixed-size'], [rtm, 'poisson']] as const) {
      const plain = await runCaptured(argv, { commands });
      const named = await runCaptured([...argv, '--sampling', sampler], { commands });
      expect(named.code).toBe(0);
      expect(named.stdout).toBe(plain.stdout);
    }
  });

  it('refuse other samplers with one line saying why and where that ε is computed', async () => {
    for (const [argv, sampler, why] of [
      [bayes, 'shuffle', /Bayes security \(β\*\) is derived for Poisson-subsampled DP-SGD/],
      [rtm, 'fixed-size', /relaxed-threat-model attack is derived for Poisson subsampling/],
      [gmip, 'poisson', /μ-GMIP is derived for batches of exactly --batch-size records drawn without replacement/],
      [gmip, 'shuffle', /--sampling fixed-size, the default/],
    ] as const) {
      const r = await runCaptured([...argv, '--sampling', sampler], { commands });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toContain(`dpbounds dp --sampling ${sampler}`);
    }
  });
});
