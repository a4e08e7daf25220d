/**
 * @dpbounds/attacks: membership-inference attacks that measure what an adversary achieves, as
 * pure functions over arrays (Node and browsers): loss threshold, LiRA online/offline, the test
 * by exclusion (relaxed threat model), GLiR in gradient space, Dirac-canary and dot-product
 * scores; evaluation into empirical trade-off curves; seeded simulations with known answers.
 */
export type { Matrix } from './matrix/matrix.js';
export { matrixFromRows } from './matrix/matrix.js';
export type { AttackScores } from './score/attack-scores.js';
export { lossThresholdScores } from './score/loss-threshold.js';
export type { ShadowScoreRows, ShadowScores } from './score/shadow-scores.js';
export { shadowScoresFromMatrix, shadowScoresFromRows } from './score/shadow-scores.js';
export type { VarianceMode } from './score/shadow-gaussian-fit.js';
export type { LiraOfflineOptions, LiraOptions } from './score/lira.js';
export { liraOffline, liraOnline } from './score/lira.js';
export type { ExclusionReference, ExclusionTestResult } from './score/exclusion-test.js';
export { exclusionTest } from './score/exclusion-test.js';
export type { FitGradientOptions, GradientDistribution } from './gradient/gradient-distribution.js';
export { fitGradientDistribution, gradientDistribution } from './gradient/gradient-distribution.js';
export type { GlirInput, GlirResult } from './gradient/glir.js';
export { glirAttack } from './gradient/glir.js';
export type { CanaryScoreOptions, CanaryScores, DiracCanaryScoreOptions } from './gradient/canary-scores.js';
export { diracCanaryScores, dotProductScores } from './gradient/canary-scores.js';
export type { AttackEvaluation, EvaluateAttackOptions } from './evaluate/evaluate-attack.js';
export { evaluateAttack } from './evaluate/evaluate-attack.js';
export type { CompareAttackToCurveOptions, CurveComparison, CurveDeviation } from './evaluate/compare-to-curve.js';
export { compareAttackToCurve } from './evaluate/compare-to-curve.js';
export type { GaussianMechanismGame, GaussianMechanismGameOptions } from './simulate/simulate-gaussian-mechanism.js';
export { simulateGaussianMechanism } from './simulate/simulate-gaussian-mechanism.js';
export type { GradientGame, GradientGameOptions } from './simulate/simulate-gradient-game.js';
export { simulateGradientGame } from './simulate/simulate-gradient-game.js';
export type { ShadowScoreGame, ShadowScoreGameOptions } from './simulate/simulate-shadow-scores.js';
export { simulateShadowScores } from './simulate/simulate-shadow-scores.js';
