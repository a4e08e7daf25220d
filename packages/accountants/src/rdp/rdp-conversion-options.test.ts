/**
 * The root-exported RDP functions take one options object (samplingRate, noiseMultiplier, order;
 * orders, rdp, delta/epsilon, conversion) and give exactly the numbers of the positional
 * building blocks they wrap.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RDP_ORDERS } from './rdp-orders.js';
import { rdpCurveToDelta, rdpCurveToEpsilon, rdpToDelta, rdpToEpsilon } from './rdp-to-epsilon.js';
import { subsampledGaussianRdp } from './subsampled-gaussian-rdp.js';

function refusedParameter(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(isDpboundsError(error)).toBe(true);
    return (error as { parameter: string }).parameter;
  }
  return 'accepted';
}

describe('rdpToEpsilon / rdpToDelta with options', () => {
  const orders = DEFAULT_RDP_ORDERS;
  const rdp = orders.map((order) => 1000 * subsampledGaussianRdp({ samplingRate: 0.01, noiseMultiplier: 1.1, order }));

  it('equal the positional building blocks bit for bit, with the improved conversion by default', () => {
    const e = rdpToEpsilon({ orders, rdp, delta: 1e-5 });
    expect(e).toEqual(rdpCurveToEpsilon(orders, rdp, 1e-5, 'improved'));
    expect(rdpToEpsilon({ orders, rdp, delta: 1e-5, conversion: 'classical' })).toEqual(rdpCurveToEpsilon(orders, rdp, 1e-5, 'classical'));
    expect(rdpToEpsilon({ orders, rdp, delta: 1e-5, conversion: 'classical' }).epsilon).toBeGreaterThan(e.epsilon);
    expect(rdpToDelta({ orders, rdp, epsilon: e.epsilon })).toEqual(rdpCurveToDelta(orders, rdp, e.epsilon, 'improved'));
    // δ(ε(δ)) ≤ δ: the two conversions are consistent
    expect(rdpToDelta({ orders, rdp, epsilon: e.epsilon }).delta).toBeLessThanOrEqual(1e-5 * (1 + 1e-9));
  });

  it('refuse unknown keys, a bad conversion and the old positional call, naming the field', () => {
    expect(refusedParameter(() => rdpToEpsilon({ orders, rdp, delta: 1e-5, eps: 1 } as never))).toBe('options.eps');
    expect(refusedParameter(() => rdpToEpsilon({ orders, rdp, delta: 1e-5, conversion: 'tight' as never }))).toBe('conversion');
    expect(refusedParameter(() => rdpToDelta({ orders, rdp, epsilon: -1 }))).toBe('epsilon');
    expect(refusedParameter(() => (rdpToEpsilon as (...a: unknown[]) => unknown)(orders, rdp, 1e-5, 'improved'))).toBe('options');
  });
});

describe('subsampledGaussianRdp with options', () => {
  it('names the fields samplingRate, noiseMultiplier and order in its refusals', () => {
    expect(refusedParameter(() => subsampledGaussianRdp({ samplingRate: 1.5, noiseMultiplier: 1, order: 2 }))).toBe('samplingRate');
    expect(refusedParameter(() => subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: -1, order: 2 }))).toBe('noiseMultiplier');
    expect(refusedParameter(() => subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: 1 }))).toBe('order');
    expect(refusedParameter(() => subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: 2, q: 0.1 } as never))).toBe('options.q');
    expect(refusedParameter(() => (subsampledGaussianRdp as (...a: unknown[]) => unknown)(0.1, 1, 2))).toBe('options');
  });
});
