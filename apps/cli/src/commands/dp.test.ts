import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { dpCommand } from './dp.js';

const commands = [dpCommand];
const runJson = async (argv: string[]): Promise<Record<string, unknown>> => {
  const run = await runCaptured(['dp', ...argv, '--json'], { commands });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
};
const base = ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '1000'];

describe('dpbounds dp', () => {
  it('prints the docs/cli.md fields for the default PLD accountant; epsilon is an upper bound', async () => {
    const out = await runJson([...base, '--delta', '1e-5']);
    expect(Object.keys(out).slice(0, 4)).toEqual(['accountant', 'neighbouring', 'epsilon', 'delta']);
    expect(out.accountant).toBe('pld');
    expect(out.neighbouring).toBe('add-remove');
    expect(out.delta).toBe(1e-5);
    // fixture std-01/tight: 1.8282382 ± 0.00183
    expect(out.epsilon as number).toBeGreaterThanOrEqual(1.8282382 - 1e-9);
    expect(out.epsilon as number).toBeLessThan(1.8282382 + 0.00183);
    expect(out.epsilonUpper).toBe(out.epsilon);
    expect(out.epsilonLower as number).toBeLessThanOrEqual(out.epsilon as number);
  });

  it('runs every accountant with --accountant all; GDP never replaces the guarantee', async () => {
    const out = (await runJson([...base, '--delta', '1e-5', '--accountant', 'all'])) as { results: Record<string, unknown>[] };
    expect(out.results.map((r) => r.accountant)).toEqual(['rdp', 'pld', 'prv', 'gdp']);
    const [rdp, pld, prv, gdp] = out.results as [Record<string, number>, Record<string, number>, Record<string, number>, Record<string, number>];
    expect(rdp.epsilon).toBeCloseTo(2.1013, 3); // std-01/rdp (default grid gives the same optimum, order 7.8)
    expect(rdp.order).toBe(7.8);
    // relative ε budget: the guarantee brackets the tight ε (std-01/tight 1.8282382) within 0.1 %
    expect(prv.epsilonUpper).toBeCloseTo(1.8298, 3);
    expect(prv.epsilonLower).toBeCloseTo(1.8267, 3);
    expect(prv.epsilonUpper).toBeGreaterThanOrEqual(1.8282382);
    expect(prv.epsilonUpper).toBeLessThanOrEqual(1.001 * 1.8282382);
    expect(prv.epsilonError).toBeLessThan(1e-3 * 1.8282382);
    expect(gdp.epsilonEstimate).toBeCloseTo(1.61771180875, 6); // CLT approximation, below the truth
    expect(gdp.epsilon).toBe(pld.epsilon);
    expect(gdp.approximation).toBe(true);
    for (const r of out.results) expect(typeof r.epsilon).toBe('number');
  });

  it('reports δ at --epsilon with bounds, and substitution ≥ add-remove', async () => {
    const ar = await runJson([...base, '--epsilon', '1']);
    expect(Object.keys(ar).slice(0, 4)).toEqual(['accountant', 'neighbouring', 'epsilon', 'delta']);
    expect(ar.deltaUpper).toBe(ar.delta);
    expect(ar.deltaLower as number).toBeLessThanOrEqual(ar.delta as number);
    const sub = await runJson([...base, '--epsilon', '1', '--neighbouring', 'substitution']);
    expect(sub.delta as number).toBeGreaterThanOrEqual(ar.delta as number);
  });

  it('prints a readable table without --json', async () => {
    const run = await runCaptured(['dp', ...base, '--delta', '1e-5', '--accountant', 'rdp'], { commands });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('rdp');
    expect(run.stdout).toContain('optimal order 7.8');
  });

  it('exits 2 naming the flag for invalid input', async () => {
    for (const argv of [
      ['--sampling-rate', '1.5', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5'],
      ['--sampling-rate', '0.1', '--noise-multiplier', '0', '--steps', '10', '--delta', '1e-5'],
      ['--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '2.5', '--delta', '1e-5'],
      ['--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '10'],
      ['--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--epsilon', '1'],
      ['--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--accountant', 'foo'],
      ['--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--accountant', 'prv', '--neighbouring', 'substitution'],
    ]) {
      const run = await runCaptured(['dp', ...argv], { commands });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    const bad = await runCaptured(['dp', '--sampling-rate', '1.5', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5'], { commands });
    expect(bad.stderr).toContain('--sampling-rate must be a number in (0, 1]; found 1.5');
  });
});

describe('dpbounds dp: robustness (kind, finite ε, bounded work)', () => {
  it('labels every result with kind, neighbouring and method', async () => {
    const out = (await runJson([...base, '--delta', '1e-5', '--accountant', 'all'])) as { results: Record<string, unknown>[] };
    for (const r of out.results) {
      expect(r.kind).toBe('guarantee');
      expect(r.neighbouring).toBe('add-remove');
      expect(typeof r.method).toBe('string');
    }
    const gdp = out.results.find((r) => r.accountant === 'gdp') as Record<string, unknown>;
    expect(gdp.estimateKind).toBe('estimate');
  });

  it('prints a finite ε above 709 (q = 0.222, σ = 0.501, T = 3980, δ = 9.27e-7), lower ≤ upper', async () => {
    const out = await runJson(['--sampling-rate', '0.222', '--noise-multiplier', '0.501', '--steps', '3980', '--delta', '9.27e-7']);
    expect(out.epsilon as number).toBeGreaterThan(1044);
    expect(out.epsilon as number).toBeLessThan(1045);
    expect(out.epsilonLower as number).toBeLessThanOrEqual(out.epsilon as number);
  });

  it('δ = 1e-300 is answered by the tilted PLD with a note; --sampling-rate 1e-320 terminates', async () => {
    const out = await runJson([...base, '--delta', '1e-300']);
    expect(out.method).toBe('pld');
    expect(out.note as string).toMatch(/exponentially tilted PLD/);
    expect(Number.isFinite(out.epsilon)).toBe(true);
    expect(out.epsilonLower as number).toBeGreaterThan(0);
    expect(out.epsilonLower as number).toBeLessThanOrEqual(out.epsilon as number);
    const tiny = await runJson(['--sampling-rate', '1e-320', '--noise-multiplier', '1', '--steps', '1000', '--delta', '1e-5']);
    expect(tiny.epsilon as number).toBeLessThan(1e-6);
  });
});

describe('dpbounds dp: a δ below what the PLD grid resolves', () => {
  it('is answered by the exponentially tilted PLD: a guarantee with its lower bound, and the note says so', async () => {
    const run = await runCaptured(['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '1000', '--delta', '1e-12'], { commands });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ +pld +[\d.]+ +[\d.]+ +pessimistic discretisation$/m);
    expect(run.stdout).not.toMatch(/rdp-fallback/);
    expect(run.stdout).toMatch(/note \(pld\): δ = 1e-12 is below the FFT float-noise floor of this grid \([^)]*\): ε from the exponentially tilted PLD/);
  });
});
