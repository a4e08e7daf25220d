/**
 * The inverse direction for the closed-form target: the smallest noise multiplier whose Bayes
 * security against membership inference reaches β* (Cherubin et al. 2024, Eq. 4), as a sentence.
 */
import { bayesSecurityMia, noiseMultiplierForBayesSecurity } from '@dpbounds/accountants';
import { formatValue } from './headline.js';
import type { ResolvedConfig } from './params.js';

/**
 * Calibrates σ for a target β* at the configuration's q and T and says what it achieves.
 *
 * @example calibrateClosedForm(config, 0.9) // "Noise multiplier σ = 3.515 reaches β* = 0.9 …"
 */
export function calibrateClosedForm(config: ResolvedConfig, targetBayesSecurity: number): string {
  const sigma = noiseMultiplierForBayesSecurity(targetBayesSecurity, config.samplingRate, config.steps);
  if (!Number.isFinite(sigma)) return `No finite noise reaches β* = ${formatValue(targetBayesSecurity)} with q > 0.`;
  const achieved = bayesSecurityMia({ samplingRate: config.samplingRate, noiseMultiplier: sigma, steps: config.steps }).bayesSecurity;
  return `Noise multiplier σ = ${formatValue(sigma, 5)} reaches β* = ${formatValue(achieved)} (target ${formatValue(targetBayesSecurity)}).`;
}
