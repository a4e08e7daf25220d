import { describe, expect, it } from 'vitest';
import { dpAccountantResult } from './dp-accountant-result.js';

describe('the GDP row: an estimate outside the regime where it estimates anything says so', () => {
  it('q = 0.5, σ = 0.3, T = 1: the CLT ε (≈ 8 762) is above the PLD guarantee (13.74), and estimateNote says why it is there', () => {
    const row = dpAccountantResult('gdp', { samplingRate: 0.5, noiseMultiplier: 0.3, steps: 1, neighbouring: 'add-remove', delta: 1e-3 });
    expect(row.epsilonEstimate as number).toBeGreaterThan(row.epsilon as number);
    expect(row.estimateNote).toMatch(/^outside the PLD bounds \[13\.7\d*, 13\.7\d*\]: the CLT estimates ε only for many steps at a small sampling rate/);
  });

  it('inside the bounds (q = 0.004, σ = 1.1, T = 10 000): no note', () => {
    const row = dpAccountantResult('gdp', { samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000, neighbouring: 'add-remove', delta: 1e-5 });
    expect(row.epsilonEstimate as number).toBeLessThan(row.epsilon as number);
    expect(row.estimateNote).toBeUndefined();
  });

  it('δ at ε: the CLT δ above the PLD guarantee gets the note as well', () => {
    const row = dpAccountantResult('gdp', { samplingRate: 0.5, noiseMultiplier: 0.3, steps: 1, neighbouring: 'add-remove', epsilon: 10 });
    expect(row.deltaEstimate as number).toBeGreaterThan(row.delta as number);
    expect(row.estimateNote).toMatch(/^outside the PLD bounds/);
  });
});
