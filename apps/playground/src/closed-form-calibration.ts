/**
 * The inverse direction for the closed-form target: the smallest noise multiplier whose Bayes
 * security against membership inference reaches β* (Cherubin et al. 2024, Eq. 4) for the page's
 * neighbouring relation, as a sentence that says what kind of number β* is.
 */
import { bayesSecurityMia, noiseMultiplierForBayesSecurity } from '@dpbounds/accountants';
import { relationLabel } from './curve-view.js';
import { formatValue } from './headline.js';
import type { ResolvedConfig } from './params.js';

/**
 * Calibrates σ for a target β* at the configuration's q, T and relation and says what it achieves.
 *
 * @example calibrateClosedForm(config, 0.9) // "Noise multiplier σ = 3.515 reaches β* = 0.9 (estimate; target 0.9; substitution)."
 */
export function calibrateClosedForm(config: ResolvedConfig, targetBayesSecurity: number): string {
  const relation = config.relation === 'substitution' ? 'substitution' : 'addRemove';
  const sigma = noiseMultiplierForBayesSecurity({ targetBayesSecurity, samplingRate: config.samplingRate, steps: config.steps, relation });
  if (!Number.isFinite(sigma)) return `No finite noise reaches β* = ${formatValue(targetBayesSecurity)} with q > 0.`;
  const achieved = bayesSecurityMia({ samplingRate: config.samplingRate, noiseMultiplier: sigma, steps: config.steps, relation }).bayesSecurity;
  return `Noise multiplier σ = ${formatValue(sigma, 5)} reaches β* = ${formatValue(achieved)} (estimate; target ${formatValue(targetBayesSecurity)}; ${relationLabel(config.relation)}).`;
}
