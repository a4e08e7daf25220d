// `dpbounds audit`: what the result is (kind, relation, how to draw it), δ = 0, bounded work.
import { steinkeEmpiricalEpsilon } from '@dpbounds/audit-one-run';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

describe('dpbounds audit: labels and robustness', () => {
  it('an f-DP audit is a lower bound drawn as its G_mu curve; Steinke is stated as a number', async () => {
    const fdp = JSON.parse((await runCaptured(['audit', '--canaries', '100000', '--guesses', '1500', '--correct', '1429', '--json'])).stdout);
    expect(fdp).toMatchObject({ kind: 'lower-bound', neighbouring: 'add-remove', drawAs: 'gaussian-curve', epsilonFrom: 'gaussian-conversion', confidence: 0.95 });
    expect(fdp.empiricalMu).toBeGreaterThan(0);
    expect(fdp.meaning).toMatch(/lower bound/);
    const steinke = JSON.parse((await runCaptured(['audit', '--canaries', '1000', '--guesses', '100', '--correct', '90', '--method', 'steinke', '--json'])).stdout);
    expect(steinke).toMatchObject({ kind: 'lower-bound', drawAs: 'epsilon-delta', epsilonFrom: 'steinke' });
    const ideal = JSON.parse((await runCaptured(['audit', '--canaries', '1000', '--guesses', '100', '--idealized-noise', '1', '--json'])).stdout);
    expect(ideal.kind).toBe('estimate');
  });

  it('an audit proving ε = 0 says it proves nothing on this run, as the demo report does', async () => {
    const none = await runCaptured(['audit', '--canaries', '1000', '--guesses', '100', '--correct', '50', '--json']);
    const json = JSON.parse(none.stdout);
    expect(json.empiricalEpsilon).toBe(0);
    expect(json.meaning).toMatch(/^Proves nothing on this run/);
    const text = await runCaptured(['audit', '--canaries', '1000', '--guesses', '100', '--correct', '50']);
    expect(text.stdout).toMatch(/Proves nothing on this run/);
    expect(text.stdout).not.toMatch(/not private at the tested level/);
  });

  it('--delta 0 is valid: pure ε-DP for both methods, finite', async () => {
    const steinke = await runCaptured(['audit', '--method', 'steinke', '--delta', '0', '--canaries', '1000', '--guesses', '10', '--correct', '10', '--json']);
    expect(steinke.code).toBe(0);
    const json = JSON.parse(steinke.stdout);
    expect(json.delta).toBe(0);
    expect(json.empiricalEpsilon).toBe(steinkeEmpiricalEpsilon({ canaries: 1000, guesses: 10, correct: 10 }, { delta: 0 }).epsilon);
    expect(json.empiricalEpsilon).toBeCloseTo(1.0518732, 6);
    const fdp = await runCaptured(['audit', '--delta', '0', '--canaries', '1000', '--guesses', '100', '--correct', '90', '--json']);
    expect(fdp.code).toBe(0);
    const f = JSON.parse(fdp.stdout);
    expect(f.epsilonFrom).toBe('pure-epsilon-family');
    expect(typeof f.empiricalEpsilon).toBe('number');
    expect(f.empiricalEpsilon).toBeGreaterThan(0);
    const text = await runCaptured(['audit', '--method', 'steinke', '--delta', '0', '--canaries', '1000', '--guesses', '10', '--correct', '10']);
    expect(text.stdout).toMatch(/pure epsilon-DP/);
  });

  it('huge Steinke audits and tiny sampling rates end at once with a message naming the user’s flag', async () => {
    const huge = await runCaptured(['audit', '--method', 'steinke', '--canaries', '1e15', '--guesses', '1e15', '--correct', '9e14']);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/^dpbounds audit.*--guesses must be at most 100000000 with --method steinke/);
    expect(huge.stderr.trim().split('\n')).toHaveLength(1);
    const bigM = await runCaptured(['audit', '--method', 'steinke', '--canaries', '1e15', '--guesses', '1000', '--correct', '900', '--json']);
    expect(bigM.code).toBe(0);
    const tiny = await runCaptured(['audit', '--family', 'subsampled-gaussian', '--sampling-rate', '1e-320', '--steps', '1000', '--canaries', '1000', '--guesses', '100', '--correct', '90', '--json']);
    expect(tiny.code).toBe(0);
    expect(JSON.parse(tiny.stdout)).toMatchObject({ saturated: true, empiricalEpsilon: 0 });
    const negative = await runCaptured(['audit', '--delta', '-1', '--canaries', '10', '--guesses', '1', '--correct', '1']);
    expect(negative.code).toBe(2);
    expect(negative.stderr).toMatch(/--delta/);
  });
});
