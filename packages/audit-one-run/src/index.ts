/**
 * @dpbounds/audit-one-run: auditing DP-SGD in one training run. The (ε, δ) audit of Steinke,
 * Nasr & Jagielski (NeurIPS 2023) and the f-DP audit of Mahloujifar, Melis & Chaudhuri
 * (ICML 2025), guess selection with abstention, and the idealised setting (Algorithm 4).
 */
export type { OneRunObservation } from './observation/observation.js';
export { steinkeEmpiricalEpsilon } from './steinke/steinke-empirical-epsilon.js';
export type { SteinkeAuditOptions, SteinkeAuditResult } from './steinke/steinke-empirical-epsilon.js';
export { fdpEmpiricalPrivacy } from './fdp/fdp-empirical-privacy.js';
export type { BoundarySearchResult, HypothesisFamily } from './fdp/empirical-boundary.js';
export { fdpEmpiricalGaussianGrid, fdpEmpiricalMu, MAX_EMPIRICAL_MU } from './fdp/empirical-gaussian.js';
export type { EmpiricalMuResult, GridAuditResult, NoiseGrid } from './fdp/empirical-gaussian.js';
export { subsampledGaussianCurve } from './fdp/subsampled-gaussian-family.js';
export type { SubsampledGaussianAuditResult } from './fdp/subsampled-gaussian-family.js';
export { auditOneRun } from './audit/audit-one-run.js';
export type { AuditFamily, AuditOptions, AuditResult } from './audit/audit-one-run.js';
export { auditDrawing } from './audit/audit-view.js';
export type { AuditDrawing, AuditLabels } from './audit/audit-view.js';
export { MAX_STEINKE_GUESSES } from './steinke/steinke-work-bound.js';
export { auditConfidentGuesses, auditScores } from './audit/audit-scores.js';
export type { ConfidentGuessAuditOptions, ScoreAuditOptions, ScoreAuditResult } from './audit/audit-scores.js';
export { defaultGuessCounts, observationFromRanking, rankCanaries, selectMembershipGuesses } from './guesses/membership-guesses.js';
export type { GuessConfiguration, GuessCounts, GuessSelection, GuessSelectionOptions, RankedCanaries, ScoredCanaries } from './guesses/membership-guesses.js';
export { observationFromConfidence, rankConfidentGuesses } from './guesses/reconstruction-guesses.js';
export type { ConfidentGuesses } from './guesses/reconstruction-guesses.js';
export { idealizedExpectedCorrect } from './idealized/idealized-membership.js';
export type { IdealizedMembershipInput, IdealizedMembershipResult } from './idealized/idealized-membership.js';
export { idealizedAudit } from './idealized/idealized-audit.js';
export type { IdealizedAuditInput, IdealizedAuditResult } from './idealized/idealized-audit.js';
export { idealizedReconstructionMonteCarlo } from './idealized/idealized-reconstruction.js';
export type { IdealizedReconstructionInput, IdealizedReconstructionResult } from './idealized/idealized-reconstruction.js';
