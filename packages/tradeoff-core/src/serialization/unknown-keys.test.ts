import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { cltMu } from '../conversions/clt-mu.js';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { defineTradeOff } from '../curve/define-trade-off.js';
import { empiricalTradeOff } from '../empirical/empirical-trade-off.js';
import { combineWithDp } from '../operations/combine-with-dp.js';
import { dominates } from '../operations/dominance.js';
import { subsample } from '../operations/subsample.js';
import { symmetrize } from '../operations/symmetrize.js';
import { tradeOffFromJSON } from './trade-off-from-json.js';

describe('tradeoff-core refuses unknown option keys', () => {
  const f = gaussianTradeOff(1);
  const g = gaussianTradeOff(2);

  it('combineWithDp, dominates, empiricalTradeOff (third argument) and cltMu name the misspelt key and the one meant', () => {
    expect(() => combineWithDp(f, g, { grid_size: 10 } as never)).toThrow('options.grid_size must be absent: say gridSize (');
    expect(() => dominates(f, g, { tolerence: 1e-9 } as never)).toThrow('options.tolerence must be absent: say tolerance (');
    expect(() => empiricalTradeOff([1, 2, 3], [0, 1], { confidance: 0.9 } as never)).toThrow('options.confidance must be absent: say confidence (');
    expect(() => empiricalTradeOff([1, 2, 3], [0, 1], null as never)).toThrow(DpboundsTypeError);
    expect(() => cltMu({ samplingRate: 0.01, sigma: 1, steps: 100 } as never)).toThrow('options.sigma must be absent: say noiseMultiplier (');
    expect(dominates(f, g, { tolerance: 1e-9, gridSize: 64 }).dominates).toBe(true);
  });

  it('tradeOffFromJSON refuses a key its kind does not write, at any depth, and still reads every toJSON()', () => {
    expect(() => tradeOffFromJSON({ kind: 'gaussian', mu: 1, mu_: 3 })).toThrow('json.mu_ must be absent: say mu (');
    expect(() => tradeOffFromJSON({ kind: 'subsampled', samplingRate: 0.5, base: { kind: 'epsilonDelta', epsilon: 1, delta: 0, delt: 0.1 } })).toThrow('json.base.delt must be absent: say delta (');
    for (const curve of [f, subsample(f, 0.3), symmetrize(subsample(f, 0.3)), defineTradeOff({ kind: 'mine', evaluate: (a) => 1 - a, parameters: { a: 1 } })]) {
      const json = JSON.parse(JSON.stringify(curve.toJSON()));
      expect(tradeOffFromJSON(json).evaluate(0.25)).toBeCloseTo(curve.evaluate(0.25), 6);
    }
  });

  it('tradeOffFromJSON refuses a document nested deeper than 200 operations with a typed error, not a stack overflow', () => {
    let json: unknown = { kind: 'gaussian', mu: 1 };
    for (let i = 0; i < 100_000; i++) json = { kind: 'inverse', base: json };
    expect(() => tradeOffFromJSON(json)).toThrow(DpboundsTypeError);
    expect(() => tradeOffFromJSON(json)).toThrow('nested at most 200 operations deep');
  });
});
