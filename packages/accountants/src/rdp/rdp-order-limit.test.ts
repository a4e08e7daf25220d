/**
 * The Rényi order is limited to 2²⁰ (MAX_RDP_ORDER), checked before the O(α) expansion
 * allocates (the library fuzz found order = 1e15 reaching a typed-array allocation: a plain
 * RangeError).
 */
import { describe, expect, it } from 'vitest';
import { RdpAccountant } from './rdp-accountant.js';
import { MAX_RDP_ORDER } from './rdp-orders.js';
import { subsampledGaussianRdp } from './subsampled-gaussian-rdp.js';
import { rangeRefusal } from '../test-helpers/refused-parameter.js';

describe('the Rényi order limit', () => {
  it.each([[1e15], [2 ** 53 + 1], [1e308], [Number.MAX_VALUE], [MAX_RDP_ORDER + 1], [MAX_RDP_ORDER + 0.5]])('subsampledGaussianRdp(order = %s) is refused naming order with the limit', (order) => {
    const error = rangeRefusal(() => subsampledGaussianRdp({ samplingRate: 0.01, noiseMultiplier: 1, order }));
    expect(error.parameter).toBe('order');
    expect(error.found).toBe(order);
    expect(error.message).toContain(String(MAX_RDP_ORDER));
  });
  it('order +∞ still gives +∞ and the limit itself is priced (finite: q < 1, σ > 0)', () => {
    expect(subsampledGaussianRdp({ samplingRate: 0.01, noiseMultiplier: 1, order: Infinity })).toBe(Infinity);
    const atLimit = subsampledGaussianRdp({ samplingRate: 1e-4, noiseMultiplier: 2000, order: MAX_RDP_ORDER });
    expect(atLimit).toBeGreaterThan(0);
    // q = 1 is exact: α/(2σ²)
    expect(subsampledGaussianRdp({ samplingRate: 1, noiseMultiplier: 2, order: MAX_RDP_ORDER })).toBe(MAX_RDP_ORDER / 8);
  });
  it('an RDP accountant refuses an order grid past the limit', () => {
    expect(rangeRefusal(() => new RdpAccountant({ orders: [2, 1e15] })).parameter).toBe('orders[1]');
  });
});
