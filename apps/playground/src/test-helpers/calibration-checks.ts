/**
 * Shared checks of the playground's BandMF noise calibration, for the default tests
 * (src/dp-calibration.test.ts) and their full-size variants (test/big/dp-calibration.big-test.ts):
 * the same assertions at two sizes.
 */
import { bandedBallsInBinsGuarantee, PldAccountant, type bandedMatrixEvent } from '@dpbounds/accountants';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { expect } from 'vitest';
import { queryToParams, validateParams, type ResolvedConfig } from '../params.js';
import { analyzeEpsilon } from '../run-analysis.js';

/** The page's configuration for a query string; throws naming the errors when it is invalid. */
export function configOf(query: string): ResolvedConfig {
  const { config, errors } = validateParams(queryToParams(query));
  if (config === undefined) throw new Error(`invalid test configuration ${query}: ${JSON.stringify(errors)}`);
  return config;
}

/** The ε the page shows for `config` at noise multiplier σ. */
export function pageEpsilonAt(config: ResolvedConfig, noiseMultiplier: number): number {
  return analyzeEpsilon({ ...config, noiseMultiplier }).epsilon.value;
}

/**
 * A balls-in-bins calibration's achieved ε is min(PLD, amplified guarantee) at its σ, never
 * above the target, is the page's ε there, and σ·(1 − 1e-3) misses the target.
 */
export function expectAchievedIsTheSmallerGuarantee(
  config: ResolvedConfig,
  family: (noiseMultiplier: number) => ReturnType<typeof bandedMatrixEvent>,
  relation: NeighbouringRelation,
  calibrated: { readonly noiseMultiplier: number; readonly achieved: number },
  target: number,
): void {
  const { noiseMultiplier, achieved } = calibrated;
  const pld = new PldAccountant({ neighbouring: relation }).compose(family(noiseMultiplier)).getEpsilon(1e-5);
  const guarantee = bandedBallsInBinsGuarantee(family(noiseMultiplier), 1e-5, relation)?.epsilon as number;
  expect(achieved).toBe(Math.min(pld, guarantee));
  expect(achieved).toBeLessThanOrEqual(target);
  expect(pageEpsilonAt(config, noiseMultiplier)).toBe(achieved);
  expect(pageEpsilonAt(config, noiseMultiplier * (1 - 1e-3))).toBeGreaterThan(target);
}
