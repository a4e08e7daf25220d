/**
 * Every attack against its analytic curve on seeded simulations with known answers
 * (quality bars: Leemann et al. 2023 Figure 2a for GLiR, Kaissis et al. 2023 Corollary 1 for the
 * test by exclusion, Carlini et al. 2022 for LiRA). The reference curves are built here from
 * special-functions and tradeoff-core (test-only closed forms of docs/math/gmip.md and docs/math/relaxed-threat-model.md: the
 * threat-model curves of packages/accountants are not a dependency of this package).
 *
 * "Matches within its band": no ROC point's Clopper–Pearson box [fprLower, fprUpper] ×
 * [tprLower, tprUpper] lies entirely above or below the analytic ROC. "Never beats the bound":
 * no box lies entirely above it. 64 points per ROC, each interval at 1 − 0.01/64 (family-wise
 * 99 % per check).
 */
import { noncentralChiSquaredCdf, noncentralChiSquaredQuantile, normalCdf, normalQuantile } from '@dpbounds/special-functions';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import { gaussianTradeOff, tradeOffFromFunction } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { compareAttackToCurve } from '../evaluate/compare-to-curve.js';
import { evaluateAttack } from '../evaluate/evaluate-attack.js';
import { fitGradientDistribution, gradientDistribution } from '../gradient/gradient-distribution.js';
import { glirAttack } from '../gradient/glir.js';
import { exclusionTest } from '../score/exclusion-test.js';
import { liraOffline, liraOnline } from '../score/lira.js';
import { shadowScoresFromMatrix } from '../score/shadow-scores.js';
import { simulateGaussianMechanism } from './simulate-gaussian-mechanism.js';
import { simulateGradientGame } from './simulate-gradient-game.js';
import { simulateShadowScores } from './simulate-shadow-scores.js';

const POINTS = 64;
const CONFIDENCE = 1 - 0.01 / POINTS;

/** GMIP one-step trade-off at τ = 0 (docs/math/gmip.md): β(α) = 1 − F_{d,(n−1)K}(r·F⁻¹_{d,nK}(α)). */
function gmipCurve(d: number, n: number, k: number): TradeOffCurve {
  return tradeOffFromFunction((alpha) => {
    if (alpha <= 0) return 1;
    if (alpha >= 1) return 0;
    return 1 - noncentralChiSquaredCdf((n / (n - 1)) * noncentralChiSquaredQuantile(alpha, d, n * k), d, (n - 1) * k);
  }, { tolerance: 1e-7 });
}

/** RTM trade-off of the 1-D Gaussian mechanism (docs/math/relaxed-threat-model.md, Corollary 1): j(α) = Φ(z − μ) − Φ(−z − μ). */
function rtmCurve(mu: number): TradeOffCurve {
  return tradeOffFromFunction((alpha) => {
    if (alpha <= 0) return 1;
    const z = normalQuantile(1 - alpha / 2);
    return normalCdf(z - mu) - normalCdf(-z - mu);
  }, { tolerance: 1e-9 });
}

describe('GLiR on simulated Gaussian gradients matches the GMIP trade-off (Figure 2a)', () => {
  const d = 10;
  const n = 20;
  const k = 10;
  // Σ = AAᵀ with A lower triangular: diagonal 1, 2 or 3, 0.2 below the diagonal (correlated coordinates).
  const a = new Float64Array(d * d);
  for (let i = 0; i < d; i++) for (let j = 0; j <= i; j++) a[i * d + j] = i === j ? 1 + (i % 3) : 0.2;
  const covarianceFactor = { rows: d, columns: d, data: a };
  const game = simulateGradientGame({ dimension: d, batchSize: n, trialsPerClass: 10_000, susceptibility: k, covarianceFactor, seed: 2024 });
  let exactCurve: TradeOffCurve | undefined;
  const exact = (): TradeOffCurve => (exactCurve ??= gmipCurve(d, n, k));

  it('with the true μ and Σ: the analytic curve runs through every box of the ROC', () => {
    const r = glirAttack({ updates: game.updates, targetGradients: game.targetGradients, batchSize: n, distribution: gradientDistribution(game.mean, game.covariance) });
    const evaluation = evaluateAttack(r.scores, game.members, { confidence: CONFIDENCE, fprs: [0.1] });
    const comparison = compareAttackToCurve(evaluation.empirical, exact(), { maxPoints: POINTS });
    expect(comparison.points).toBe(POINTS);
    expect(comparison.above).toEqual([]);
    expect(comparison.below).toEqual([]);
    // Not vacuous: the curve is far from guessing (exact TPR 0.28 at 10 % FPR) and so is the attack.
    expect(1 - exact().evaluate(0.1)).toBeGreaterThan(0.25);
    expect(evaluation.tprAtFpr[0]?.tprLower).toBeGreaterThan(0.2);
  });

  it('with μ̂, Σ̂ from 2000 reference gradients: never beats the exact curve beyond the band', () => {
    // Without a fixed K the targets of a game are fresh draws from N(μ, Σ): a reference sample of 2000.
    const reference = simulateGradientGame({ dimension: d, batchSize: n, trialsPerClass: 1000, covarianceFactor, seed: 7 });
    const distribution = fitGradientDistribution(reference.targetGradients);
    const r = glirAttack({ updates: game.updates, targetGradients: game.targetGradients, batchSize: n, distribution });
    const evaluation = evaluateAttack(r.scores, game.members, { confidence: CONFIDENCE });
    expect(compareAttackToCurve(evaluation.empirical, exact(), { maxPoints: POINTS }).above).toEqual([]);
  });
});

describe('the test by exclusion on a 1-D Gaussian mechanism matches j(α) (relaxed threat model)', () => {
  const mu = 2;
  const game = simulateGaussianMechanism({ sensitivity: mu, noiseStd: 1, trialsPerClass: 20_000, seed: 77 });
  const evaluation = evaluateAttack(exclusionTest(game.observations, game.reference).scores, game.members, { confidence: CONFIDENCE });

  it('the analytic curve runs through every box of the ROC', () => {
    const comparison = compareAttackToCurve(evaluation.empirical, rtmCurve(mu), { maxPoints: POINTS });
    expect(comparison.above).toEqual([]);
    expect(comparison.below).toEqual([]);
  });

  it('never beats the DP (Neyman–Pearson) curve G_μ, and is significantly weaker somewhere', () => {
    const comparison = compareAttackToCurve(evaluation.empirical, gaussianTradeOff(mu), { maxPoints: POINTS });
    expect(comparison.above).toEqual([]);
    expect(comparison.below.length).toBeGreaterThan(0);
  });
});

describe('LiRA on simulated per-target Gaussian scores approaches G_μ and never beats it', () => {
  const mu = 1;
  const game = simulateShadowScores({ targets: 20_000, shadows: 64, mu, seed: 99 });
  const shadow = shadowScoresFromMatrix(game.shadowScores, game.shadowIn);
  const bound = gaussianTradeOff(mu);
  // Allowed shortfall of AUC and TPR@10 % below the bound. 64 fitted shadows cost little power;
  // a fixed (pooled) variance is misspecified here, where the targets' spreads differ fourfold.
  const cases: [string, Float64Array, number][] = [
    ['online, per-example variance', liraOnline(game.targetScores, shadow).scores, 0.02],
    ['online, fixed variance', liraOnline(game.targetScores, shadow, { variance: 'fixed' }).scores, 0.05],
    ['offline', liraOffline(game.targetScores, shadow).scores, 0.02],
  ];
  for (const [name, scores, shortfall] of cases) {
    it(name, () => {
      const evaluation = evaluateAttack(scores, game.members, { confidence: CONFIDENCE, fprs: [0.01, 0.1] });
      expect(compareAttackToCurve(evaluation.empirical, bound, { maxPoints: POINTS }).above).toEqual([]);
      expect(evaluation.auc).toBeLessThan(normalCdf(mu / Math.SQRT2) + 0.01);
      expect(evaluation.auc).toBeGreaterThan(normalCdf(mu / Math.SQRT2) - shortfall);
      expect(evaluation.tprAtFpr[1]?.tprUpper).toBeGreaterThan(1 - bound.evaluate(0.1) - 2.5 * shortfall);
    });
  }
});
