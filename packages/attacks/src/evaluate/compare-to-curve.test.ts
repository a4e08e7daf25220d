import { gaussianTradeOff, identityTradeOff } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { simulateShadowScores } from '../simulate/simulate-shadow-scores.js';
import { compareAttackToCurve } from './compare-to-curve.js';
import { evaluateAttack } from './evaluate-attack.js';

describe('compareAttackToCurve', () => {
  // Oracle scores z = (s − m)/σ: exactly the Gaussian trade-off G_1.
  const game = simulateShadowScores({ targets: 8000, shadows: 1, mu: 1, seed: 31 });
  const z = game.targetScores.map((s, i) => (s - (game.outMean[i] as number)) / (game.std[i] as number));
  const empirical = evaluateAttack(z, game.members, { confidence: 0.999 }).empirical;

  it('finds nothing above or below the true curve', () => {
    const c = compareAttackToCurve(empirical, gaussianTradeOff(1), { maxPoints: 50 });
    expect(c.points).toBe(50);
    expect(c.above).toEqual([]);
    expect(c.below).toEqual([]);
  });

  it('flags a curve the attack beats (too optimistic a bound) and one it cannot reach', () => {
    const beaten = compareAttackToCurve(empirical, identityTradeOff(), { maxPoints: 50 });
    expect(beaten.above.length).toBeGreaterThan(10);
    for (const p of beaten.above) expect(p.tprLower).toBeGreaterThan(p.curveTpr);
    const unreachable = compareAttackToCurve(empirical, gaussianTradeOff(2), { maxPoints: 50 });
    expect(unreachable.above).toEqual([]);
    expect(unreachable.below.length).toBeGreaterThan(10);
  });
});
