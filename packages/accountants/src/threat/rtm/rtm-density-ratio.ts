/**
 * Log density ratio of χ²_d(λ) to χ²_d at t: log[f_{d,λ}(t)/f_{d,0}(t)] = −λ/2 + log ₀F₁(; d/2; λt/4),
 * the likelihood ratio of the relaxed-threat-model Gaussian statistic (Kaissis et al. 2023, §3.3
 * of the spec). Used for the slope −1 point of j and for the privacy profile.
 * Internal to `threat/` (a ₀F₁ kernel would belong in special-functions; this series is exact
 * for the non-negative argument used here).
 */
/**
 * log ₀F₁(; b; z) for b > 0, z ≥ 0: Σ_k z^k/((b)_k·k!), summed in log space from k = 0 until the
 * terms past the peak fall 50 nats below the largest one (relative error ≲ 1e−15·terms).
 */
export function logHypergeometric0F1(b: number, z: number): number {
  if (z === 0) return 0;
  const logZ = Math.log(z);
  let logTerm = 0;
  let maxLog = 0;
  let sum = 1; // relative to maxLog, rescaled when the max moves
  for (let k = 0; k < 10_000_000; k++) {
    logTerm += logZ - Math.log(b + k) - Math.log(k + 1);
    if (logTerm > maxLog) {
      sum = sum * Math.exp(maxLog - logTerm) + 1;
      maxLog = logTerm;
    } else {
      sum += Math.exp(logTerm - maxLog);
      if (logTerm < maxLog - 50 && z / ((b + k + 1) * (k + 2)) < 1) break;
    }
  }
  return maxLog + Math.log(sum);
}

/**
 * log[f_{d,λ}(t)/f_{d,0}(t)]: increasing in t from −λ/2 (t = 0) to ∞.
 */
export function logChiSquaredDensityRatio(t: number, d: number, lambda: number): number {
  if (lambda === 0) return 0;
  return -lambda / 2 + logHypergeometric0F1(d / 2, (lambda * t) / 4);
}
