import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

describe('bayes-security: two proven bounds on one attacker never read as if they disagreed', () => {
  it('the combined advantage bound is 1 − the combined β*, the closed form\'s own bound is named as alone and looser, and a vacuous error term says so', async () => {
    const { stdout, code } = await runCaptured(['bayes-security', '--sampling-rate', '0.00786', '--noise-multiplier', '3.51', '--steps', '2544']);
    expect(code).toBe(0);
    const value = (label: string): number => Number(new RegExp(`^${label.replace(/[()*,;?.]/g, '\\$&')}\\s+(\\S+)`, 'm').exec(stdout)?.[1]);
    const combined = value('β* ≥, combined with DP (guarantee; quote this)');
    expect(value('advantage ≤, combined with DP (guarantee)')).toBeCloseTo(1 - combined, 5);
    expect(value('advantage ≤, closed form alone (guarantee, looser)')).toBeGreaterThanOrEqual(1 - combined);
    expect(stdout).not.toMatch(/^certified advantage/m);
    expect(stdout).toMatch(/^approximation error\s+\S+\s+\(≥ 1: vacuous, as β\* lies in \[0, 1\]\)$/m);
  });

  it('without the DP side (--skip-dp) the closed form\'s bound is the only one, and is not called looser', async () => {
    const { stdout } = await runCaptured(['bayes-security', '--sampling-rate', '0.00786', '--noise-multiplier', '3.51', '--steps', '2544', '--skip-dp']);
    expect(stdout).toMatch(/^advantage ≤, closed form \(guarantee\)\s+\S+$/m);
    expect(stdout).not.toMatch(/combined with DP/);
  });
});
