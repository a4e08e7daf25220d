import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { dpCommand } from './dp.js';

const commands = [dpCommand];
// σ that once sized typed arrays by 1/σ ("Invalid typed array length"), and σ whose 1/σ overflows
const HUGE = ['1e10', '1e20', '1e300', '9007199254740993'];
const TINY = ['1e-320', '5e-324'];

/** Exit 0 with a JSON ε ≥ 0 (finite for a huge σ), or exit 2 with one line naming --noise-multiplier: never exit 1. */
async function finiteOrRefused(argv: readonly string[], sigma: string): Promise<void> {
  const run = await runCaptured(['dp', ...argv, '--noise-multiplier', sigma, '--delta', '1e-5', '--json'], { commands });
  if (run.code === 0) {
    const out = JSON.parse(run.stdout) as { epsilon: number | null };
    expect(out.epsilon === null || out.epsilon >= 0, `${argv.join(' ')} σ = ${sigma}`).toBe(true);
    if (HUGE.includes(sigma)) expect(Number.isFinite(out.epsilon), `${argv.join(' ')} σ = ${sigma}`).toBe(true);
    return;
  }
  expect(run.code, `${argv.join(' ')} σ = ${sigma}: ${run.stderr}`).toBe(2);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/--noise-multiplier/);
  expect(HUGE.includes(sigma), `a huge σ is a guarantee, not a refusal: ${run.stderr}`).toBe(false);
}

const sizes = ['--batch-size', '100', '--dataset-size', '10000', '--steps', '1000'];
describe('dpbounds dp at huge and tiny noise multipliers', () => {
  it.each(['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'])('--sampling %s: a finite guarantee or a refusal naming --noise-multiplier', async (sampling) => {
    const extra = sampling === 'truncated-poisson' ? ['--max-batch-size', '200'] : [];
    for (const sigma of [...HUGE, ...TINY]) await finiteOrRefused(['--sampling', sampling, ...sizes, ...extra], sigma);
  });

  it.each(['cyclic', 'balls-in-bins', 'poisson-in-group'])('--mechanism banded-matrix --participation %s: a finite guarantee or a refusal naming --noise-multiplier', async (participation) => {
    const argv = ['--mechanism', 'banded-matrix', '--band-values', '1,0.3', '--participation', participation, '--dataset-size', '1000', '--batch-size', '100', '--steps', '50'];
    for (const sigma of [...HUGE, ...TINY]) await finiteOrRefused(argv, sigma);
  });

  it('the reported cases: balls-in-bins at σ = 1e10 is ε = 0 (a guarantee); banded balls-in-bins at σ = 1e-320 is refused', async () => {
    const run = await runCaptured(['dp', '--sampling', 'balls-in-bins', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1e10', '--steps', '1000', '--delta', '1e-5', '--json'], { commands });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { epsilon: number; kind: string };
    expect(out.kind).toBe('guarantee');
    expect(out.epsilon).toBe(0);
    const tiny = await runCaptured(['dp', '--mechanism', 'banded-matrix', '--band-values', '1,0.3', '--participation', 'balls-in-bins', '--dataset-size', '1000', '--batch-size', '100', '--noise-multiplier', '1e-320', '--steps', '50', '--delta', '1e-5'], { commands });
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toMatch(/^dpbounds dp: --noise-multiplier/);
  });
});
