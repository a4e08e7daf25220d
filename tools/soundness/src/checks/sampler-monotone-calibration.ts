/**
 * The batch-sampler ε must decrease in σ (the truth does; discretised guarantees may wobble by
 * rounding only), and calibration must meet its target: the σ that `samplerNoiseMultiplier`
 * returns gives ε ≤ target, and a σ 1 % smaller does not (the answer is not needlessly large).
 */
import { samplerEpsilon, samplerNoiseMultiplier, type SamplerRun } from '@dpbounds/accountants';
import { requireSound, slack } from '../violation.js';

function describe(run: SamplerRun, delta: number): string {
  return `${run.sampler}, N = ${run.datasetSize}, b = ${run.batchSize}${run.maxBatchSize === undefined ? '' : `, B = ${run.maxBatchSize}`}, σ = ${run.noiseMultiplier}, T = ${run.steps}, δ = ${delta}, ${run.neighbouring ?? 'add-remove'}`;
}

/** ε(σ·factor) ≤ ε(σ) for the sampler's ε, its upper and its lower bound (factor > 1). */
export function checkSamplerMonotoneInSigma(run: SamplerRun & { readonly delta: number }, factor: number): void {
  const { delta, ...r } = run;
  const a = samplerEpsilon(r, delta);
  const b = samplerEpsilon({ ...r, noiseMultiplier: r.noiseMultiplier * factor }, delta);
  for (const key of ['epsilon', 'upper', 'lower'] as const) {
    const x = a[key]?.value;
    const y = b[key]?.value;
    if (x === undefined || y === undefined) continue;
    // discretised values may differ by one grid step's worth between σ's: 1e-3 relative
    requireSound(y <= x * (1 + 1e-3) + slack(x), () => `${key} increases with σ: ${y} at σ × ${factor} > ${x} (${describe(r, delta)})`);
  }
  // the more private run's lower bound never exceeds the less private run's guarantee
  const lowerMore = b.lower?.value;
  const upperLess = a.upper?.value;
  if (lowerMore !== undefined && upperLess !== undefined) {
    requireSound(lowerMore <= upperLess + slack(upperLess), () => `lower bound ${lowerMore} at σ × ${factor} above the upper bound ${upperLess} at σ (${describe(r, delta)})`);
  }
}

/** Calibration meets the target and is not needlessly large. */
export function checkSamplerCalibration(run: SamplerRun & { readonly delta: number }, targetEpsilon: number): void {
  const { delta, noiseMultiplier: _unused, ...r } = run;
  let result: ReturnType<typeof samplerNoiseMultiplier>;
  try {
    result = samplerNoiseMultiplier(r, { epsilon: targetEpsilon, delta });
  } catch (error) {
    // a typed refusal for an unreachable target is allowed; anything else is not
    if ((error as { code?: string }).code === 'ERR_OUT_OF_RANGE') return;
    throw error;
  }
  const sigma = result.noiseMultiplier;
  const at = samplerEpsilon({ ...r, noiseMultiplier: sigma }, delta).epsilon.value;
  requireSound(at <= targetEpsilon * (1 + 1e-9), () => `calibrated σ = ${sigma} gives ε = ${at} > target ${targetEpsilon} (${describe({ ...r, noiseMultiplier: sigma }, delta)})`);
  requireSound(result.epsilon.epsilon.value <= targetEpsilon * (1 + 1e-9), () => `calibration reports ε = ${result.epsilon.epsilon.value} > target ${targetEpsilon}`);
  if (sigma > 0.06) {
    const below = samplerEpsilon({ ...r, noiseMultiplier: sigma * 0.99 }, delta).epsilon.value;
    requireSound(below > targetEpsilon * (1 - 1e-3), () => `σ × 0.99 = ${sigma * 0.99} already gives ε = ${below} ≤ target ${targetEpsilon}: calibration overshoots (${describe({ ...r, noiseMultiplier: sigma }, delta)})`);
  }
}
