import { describe, expect, it } from 'vitest';
import { casesOf, withinTolerance } from '../contract/test-helpers/fixtures.js';
import { dpSgdEvent, gaussianEvent } from '../events/mechanism-event.js';
import { RdpAccountant } from './rdp-accountant.js';
import { DEFAULT_RDP_ORDERS, DP_ACCOUNTING_RDP_ORDERS, OPACUS_RDP_ORDERS } from './rdp-orders.js';
import { subsampledGaussianRdp } from './subsampled-gaussian-rdp.js';

describe('RDP of one subsampled Gaussian step (fixtures rdp_order)', () => {
  const cases = casesOf('rdp_order', 'rdp');
  it('has the fixture cases', () => expect(cases.length).toBe(9));
  for (const c of cases) {
    it(c.id, () => {
      const got = subsampledGaussianRdp({ samplingRate: c.input.q as number, noiseMultiplier: c.input.sigma as number, order: c.input.alpha as number });
      expect(withinTolerance(got, c.expected.rdp as number, c.tolerance), `${got} vs ${c.expected.rdp}`).toBe(true);
    });
  }
});

describe('RDP accountant ε (fixtures eps/rdp)', () => {
  const cases = casesOf('eps', 'rdp');
  it('has the fixture cases', () => expect(cases.length).toBe(28));
  for (const c of cases) {
    it(c.id, () => {
      const conversion = c.params?.conversion === 'mironov2017' ? 'classical' : 'improved';
      const accountant = new RdpAccountant({ orders: 'opacus', conversion }).compose(
        dpSgdEvent({ samplingRate: c.input.q as number, noiseMultiplier: c.input.sigma as number, steps: c.input.steps as number }),
      );
      const got = accountant.getEpsilonAndOrder(c.input.delta as number);
      expect(withinTolerance(got.epsilon, c.expected.eps as number, c.tolerance), `${got.epsilon} vs ${c.expected.eps}`).toBe(true);
      expect(got.order).toBe(c.expected.order);
    });
  }
});

describe('RDP order grids', () => {
  it('match the anchors and the default is a superset extending beyond 63', () => {
    expect(OPACUS_RDP_ORDERS).toHaveLength(151);
    expect(DP_ACCOUNTING_RDP_ORDERS).toHaveLength(156);
    for (const a of [...OPACUS_RDP_ORDERS, ...DP_ACCOUNTING_RDP_ORDERS]) expect(DEFAULT_RDP_ORDERS).toContain(a);
    expect(Math.max(...DEFAULT_RDP_ORDERS)).toBeGreaterThan(1024);
  });

  it('the default grid beats Opacus where its optimum is the last order (σ=4, q=1e-3, T=1e3)', () => {
    const event = dpSgdEvent({ samplingRate: 1e-3, noiseMultiplier: 4, steps: 1000 });
    const opacus = new RdpAccountant({ orders: 'opacus' }).compose(event).getEpsilonAndOrder(1e-5);
    const dpacc = new RdpAccountant({ orders: 'dp-accounting' }).compose(event).getEpsilonAndOrder(1e-5);
    const ours = new RdpAccountant().compose(event).getEpsilonAndOrder(1e-5);
    expect(opacus.order).toBe(63);
    expect(opacus.epsilon).toBeCloseTo(0.1049, 3);
    expect(dpacc.epsilon).toBeCloseTo(0.0488, 3);
    expect(ours.epsilon).toBeLessThanOrEqual(dpacc.epsilon);
    expect(ours.order).toBeGreaterThan(63);
    // still an upper bound on the tight value 0.0216 (fixture mia-s4-e1/tight)
    expect(ours.epsilon).toBeGreaterThan(0.0216);
  });

  it('q = 1 is the Gaussian mechanism: α/(2σ²) per step', () => {
    const acc = new RdpAccountant({ orders: [2, 5.5] }).compose(gaussianEvent(2), 3);
    expect(Array.from(acc.rdp())).toEqual([3 * 2 / 8, 3 * 5.5 / 8]);
  });
});

describe('RDP grid extension', () => {
  it('tries orders beyond 8192 when the optimum is the largest order of the default grid', () => {
    const event = dpSgdEvent({ samplingRate: 1, noiseMultiplier: 20_000, steps: 10 });
    const fixed = new RdpAccountant({ orders: [...DEFAULT_RDP_ORDERS] }).compose(event).getEpsilonAndOrder(1e-5);
    expect(fixed.order).toBe(8192);
    const extended = new RdpAccountant().compose(event).getEpsilonAndOrder(1e-5);
    expect(extended.order).toBeGreaterThan(8192);
    expect(extended.epsilon).toBeLessThan(fixed.epsilon);
    expect(new RdpAccountant().compose(event).getEpsilon(1e-5)).toBe(extended.epsilon);
  });
});
