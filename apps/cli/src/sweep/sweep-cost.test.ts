import type { SweepConfiguration, SweepRequest } from '@dpbounds/accountants';
import { describe, expect, it } from 'vitest';
import { COST_BLOCK_PER_WORKER, handOutOrder, sweepConfigurationCost } from './sweep-cost.js';

const config = (samplingRate: number, noiseMultiplier: number, steps: number, extra: Partial<SweepConfiguration> = {}): SweepConfiguration => ({
  samplingRate, noiseMultiplier, steps, delta: 1e-5, neighbouring: 'add-remove', ...extra,
});
const all: SweepRequest = { accountants: 'all', fprs: [0.01] };

describe('sweep configuration cost (an estimate for the hand-out order)', () => {
  it('grows as σ shrinks and as T and q grow, and with the accountants, threats and calibration', () => {
    const cost = (c: SweepConfiguration, r: SweepRequest = all): number => sweepConfigurationCost(c, r);
    expect(cost(config(0.004, 0.8, 4000))).toBeGreaterThan(cost(config(0.004, 1.3, 4000)));
    expect(cost(config(0.004, 1, 20_000))).toBeGreaterThan(cost(config(0.004, 1, 1000)));
    expect(cost(config(0.02, 1, 4000))).toBeGreaterThan(cost(config(0.001, 1, 4000)));
    expect(cost(config(0.004, 1, 4000))).toBeGreaterThan(cost(config(0.004, 1, 4000), { accountants: ['rdp'] }));
    expect(cost(config(0.004, 1, 4000), { accountants: ['pld'], threats: ['bayes'] })).toBeGreaterThan(cost(config(0.004, 1, 4000), { accountants: ['pld'] }));
    const { noiseMultiplier: _, ...calibration } = config(0.004, 1, 4000, { targetEpsilon: 2 });
    expect(cost(calibration)).toBeGreaterThan(cost(config(0.004, 1, 4000)));
    // a configuration no grid can size is priced high, never NaN
    expect(cost(config(0.5, 1e-3, 1e6))).toBeGreaterThan(0);
  });

  it('keeps configuration order for one worker; for more, sorts each block of 8 per worker costliest first', () => {
    const tasks = Array.from({ length: 40 }, (_, index) => ({ index, config: config(0.004, 0.6 + (index % 7) * 0.2, 1000 * (1 + (index % 3))) }));
    expect(handOutOrder(tasks, all, 1)).toEqual(tasks);
    const block = 2 * COST_BLOCK_PER_WORKER;
    const order = handOutOrder(tasks, all, 2);
    expect(order.map((t) => t.index).sort((a, b) => a - b)).toEqual(tasks.map((t) => t.index));
    for (let start = 0; start < tasks.length; start += block) {
      const part = order.slice(start, start + block);
      // the same configurations as the block, costliest first
      expect(part.map((t) => t.index).sort((a, b) => a - b)).toEqual(tasks.slice(start, start + block).map((t) => t.index));
      const costs = part.map((t) => sweepConfigurationCost(t.config, all));
      for (let i = 1; i < costs.length; i++) expect(costs[i]).toBeLessThanOrEqual(costs[i - 1] as number);
    }
  });
});
