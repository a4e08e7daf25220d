/**
 * Upper bounds on the add-direction moments of one balls-in-bins epoch: E_Q[A^{−m}] with
 * A = (1/k) Σⱼ Lⱼ = P/Q, where under Q (the epoch without the record) the Lⱼ = exp(τZⱼ − τ²/2),
 * τ = 1/σ, are independent lognormal with mean 1. Then D_{m+1}(Q‖P) = log E_Q[A^{−m}] / m.
 * Derivation: docs/math/batch-samplers.md §5, eqs. (6d)–(6f).
 *
 * The moment is split at a level a ∈ (0, 1) and written with the Gamma integral
 * A^{−m} = (1/Γ(m)) ∫₀^∞ t^{m−1} e^{−tA} dt:
 *
 *   E[A^{−m}] ≤ (1/Γ(m)) ∫₀^T t^{m−1} Ψ(t) dt + a^{−m} Q(m, aT) + E[G^{−m}; G < a],
 *
 * where Ψ(t) = E[e^{−tA}] = φ(t/k)^k with φ the Laplace transform of one Lⱼ (the k draws are
 * independent), Q the regularised upper incomplete gamma function (for A ≥ a, e^{−tA} ≤ e^{−ta}
 * beyond T), and G ≤ A the geometric mean of the Lⱼ (for A < a, A^{−m} ≤ G^{−m} and G < a), a
 * lognormal whose truncated moment is closed form. The integral is bounded cell by cell on a
 * geometric grid: a Laplace transform is log-convex, so on a cell log Ψ lies below the chord
 * through its (upper-bounded) end values, and log t^{m−1} lies below its tangent at the cell's
 * left end (log is concave); the product of the two exponential envelopes integrates in closed
 * form. φ is bounded by the smaller of
 * a fourth-order alternating series (e^{−x} ≤ 1 − x + x²/2 − x³/6 + x⁴/24) and a trapezoid
 * quadrature plus its proven error bound and the omitted tails.
 */
import { DpboundsRangeError, lgamma, logAddExp, logGammaQ, logNormalCdf, requireInRange, requireInteger } from '@dpbounds/special-functions';

/** The largest m computed (orders α = m + 1 up to 128). */
export const BALLS_IN_BINS_ADD_MAX_MOMENT = 127;

/**
 * The most trapezoid nodes the Laplace-transform quadrature may take (about σ ≤ 690; the step h
 * shrinks like 1/σ). Beyond it {@link ballsInBinsAddQuadratureNodes} reports the count and
 * `ballsInBinsAddRdp` keeps the arithmetic–geometric mean bound, c = 1/(2σ²) ≤ 1.1e-6 there.
 */
export const BALLS_IN_BINS_ADD_MAX_NODES = 4096;

/** Geometric step of the t grid (the envelopes are exact to first order within a cell). */
const GRID_STEP = 2e-3;
/** First grid point: [0, t₀] contributes at most t₀^m / Γ(m + 1) (Ψ ≤ 1), i.e. ≤ 1e-6 to a moment ≥ 1. */
const GRID_START = 1e-6;
/** Cells whose log Ψ̄ is below this contribute less than e^{−800} each (t^{m−1} ≤ e^{126·log(2e4)}) and are skipped. */
const NEGLIGIBLE_LOG_PSI = -2100;
/** Last grid point T. */
const GRID_END = 2e4;
/** Relative margin on the quadrature of φ for the rounding of its sum (≤ 1e-13). */
const QUADRATURE_MARGIN = 1e-10;
/** The quadrature covers z ∈ [Z_LOW, Z_HIGH]; the normal mass outside is added as a margin. */
const Z_LOW = -40;
const Z_HIGH = 12;

/** Omitted nodes below Z_LOW (weights at most Φ(Z_LOW) + h·φ(Z_LOW) ≤ 2Φ(Z_LOW)) or past the e^{−800} cut (≤ 10⁴ nodes). */
const LOG_MASS_BELOW = logAddExp(logNormalCdf(Z_LOW) + Math.LN2, -800 + Math.log(1e4));
/** Nodes above Z_HIGH: weights at most 2Φ(−Z_HIGH), each term at most its weight times the integrand at Z_HIGH. */
const LOG_MASS_ABOVE = logNormalCdf(-Z_HIGH) + Math.LN2;

/**
 * Step h of the trapezoid rule for φ and its absolute error bound. The integrand
 * exp(−s e^{τz − τ²/2}) φ_N(z) is analytic and, on the strip |Im z| ≤ d = 0.9·π/(2τ), bounded in
 * modulus by e^{−x²/2 + d²/2}/√(2π) (the real part of e^{τz} stays ≥ 0), so the trapezoid rule on
 * the line is off by at most 2e^{d²/2}/(e^{2πd/h} − 1) (Trefethen & Weideman 2014, "The
 * exponentially convergent trapezoidal rule", Thm 5.1). h is chosen to make that ≤ 2e^{−200}.
 */
function trapezoidStep(tau: number): { h: number; logAbsError: number } {
  const d = (0.9 * Math.PI) / (2 * tau);
  const h = Math.min(0.1, (2 * Math.PI * d) / (200 + (d * d) / 2));
  return { h, logAbsError: Math.LN2 + (d * d) / 2 - (2 * Math.PI * d) / h + 1e-9 };
}

/**
 * The number of trapezoid nodes {@link ballsInBinsAddLogMoments} needs at noise σ (Infinity when
 * 1/σ overflows). Its cost is about this many operations per grid point not answered by the series.
 *
 * Domain: σ > 0. Range: an integer ≥ 1, or Infinity.
 *
 * @example ballsInBinsAddQuadratureNodes(1.1) // 1071
 */
export function ballsInBinsAddQuadratureNodes(sigma: number): number {
  requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  const tau = 1 / sigma;
  if (!Number.isFinite(tau)) return Infinity;
  const count = Math.floor((Z_HIGH - Z_LOW) / trapezoidStep(tau).h) + 1;
  return Number.isFinite(count) ? count : Infinity;
}

/** Upper bound on log φ(s), φ(s) = E[exp(−s·exp(τZ − τ²/2))], for one s ≥ 0. */
function logLaplaceUpper(s: number, tau: number, nodes: Float64Array, logWeights: Float64Array, logAbsError: number): number {
  if (s === 0) return 0;
  const t2 = tau * tau;
  // e^{−x} ≤ 1 − x + x²/2 − x³/6 + x⁴/24 for x ≥ 0, with E[Lⁿ] = exp(τ² n(n − 1)/2)
  const series = -s + (s * s * Math.exp(t2)) / 2 - (s ** 3 * Math.exp(3 * t2)) / 6 + (s ** 4 * Math.exp(6 * t2)) / 24;
  const seriesLog = series > -1 ? Math.log1p(series) : Infinity;
  // the series' next term bounds how far it can be above φ: skip the quadrature when that is negligible
  if ((s ** 5 * Math.exp(10 * t2)) / 120 < 1e-14 * Math.exp(seriesLog)) return seriesLog;
  // two passes: the largest log-term, then the sum of exp(term − largest) outward from it
  let last = nodes.length;
  let largest = -Infinity;
  let peak = 0;
  for (let i = 0; i < nodes.length; i++) {
    const x = s * (nodes[i] as number);
    if (x > 800) {
      last = i; // every later node is larger still: its term is below e^{−800}
      break;
    }
    const v = (logWeights[i] as number) - x;
    if (v > largest) {
      largest = v;
      peak = i;
    }
  }
  // The log-term −z²/2 − s·e^{τz − τ²/2} is concave in z (both parts are), so on the equally spaced
  // nodes the terms rise to the peak and fall after it: walking outward, the first term below
  // e^{−50} of the largest bounds every term beyond it on that side, and those are added as
  // (their count) × (that term) instead of being summed (about 3× fewer exps, an upper bound still)
  let sum = 0;
  let i = peak;
  for (; i < last; i++) {
    const v = (logWeights[i] as number) - s * (nodes[i] as number) - largest;
    if (v < -50) {
      sum += (last - i) * Math.exp(v);
      break;
    }
    sum += Math.exp(v);
  }
  for (i = peak - 1; i >= 0; i--) {
    const v = (logWeights[i] as number) - s * (nodes[i] as number) - largest;
    if (v < -50) {
      sum += (i + 1) * Math.exp(v);
      break;
    }
    sum += Math.exp(v);
  }
  const logSum = last === 0 ? -Infinity : largest + Math.log(sum);
  // outside the nodes: below Z_LOW the integrand is at most 1, above Z_HIGH at most its value there
  const outside = logAddExp(logAddExp(LOG_MASS_BELOW, LOG_MASS_ABOVE - s * Math.exp(tau * Z_HIGH - t2 / 2)), logAbsError);
  const quadrature = logAddExp(logSum + Math.log1p(QUADRATURE_MARGIN), outside);
  return Math.min(seriesLog, quadrature);
}

/** log((e^x − 1)/x), with the limit 0 at x = 0, without overflow for large x. */
function logExpm1OverX(x: number): number {
  if (x === 0) return 0;
  if (x > 30) return x + Math.log1p(-Math.exp(-x)) - Math.log(x);
  return Math.log(Math.expm1(x) / x);
}

/**
 * log of an upper bound on E_Q[A^{−m}] for m = 1 … {@link BALLS_IN_BINS_ADD_MAX_MOMENT} (entry
 * m − 1), for one balls-in-bins epoch of k batches at noise σ (module comment). Each entry is also
 * at least the previous one (a running maximum of upper bounds, since the true values increase).
 *
 * Domain: σ > 0 with at most {@link BALLS_IN_BINS_ADD_MAX_NODES} quadrature nodes (σ up to about
 * 690; a larger σ, or one whose 1/σ overflows, is refused naming noiseMultiplier), k integer ≥ 1.
 * Cost: one Laplace-transform quadrature per grid point (about 19 000 points, most answered by the
 * series), then O(grid) per m.
 *
 * @example Math.exp(ballsInBinsAddLogMoments(1.1, 235)[0]) // E_Q[1/A] ≈ 1.0064
 */
export function ballsInBinsAddLogMoments(sigma: number, batchesPerEpoch: number): Float64Array {
  requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  const k = requireInteger('batchesPerEpoch', batchesPerEpoch, { min: 1 });
  const tau = 1 / sigma;
  const count = ballsInBinsAddQuadratureNodes(sigma);
  if (count > BALLS_IN_BINS_ADD_MAX_NODES) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: `a noise multiplier whose add-direction moment quadrature fits ${BALLS_IN_BINS_ADD_MAX_NODES} nodes (σ up to about 690, 1/σ finite)`, found: sigma });
  }
  const { h, logAbsError } = trapezoidStep(tau);
  const nodes = new Float64Array(count);
  const logWeights = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const z = Z_LOW + i * h;
    nodes[i] = Math.exp(tau * z - (tau * tau) / 2);
    logWeights[i] = Math.log(h) - (z * z) / 2 - 0.5 * Math.log(2 * Math.PI);
  }
  // the grid t_i = t₀(1 + g)^i and log Ψ̄(t_i) = k · log φ̄(t_i / k)
  const steps = Math.ceil(Math.log(GRID_END / GRID_START) / Math.log1p(GRID_STEP));
  const logT = new Float64Array(steps + 1);
  const logPsi = new Float64Array(steps + 1);
  for (let i = 0; i <= steps; i++) logT[i] = Math.log(GRID_START) + i * Math.log1p(GRID_STEP);
  const end = Math.exp(logT[steps] as number);
  for (let i = 0; i <= steps; i++) logPsi[i] = k * logLaplaceUpper(Math.exp(logT[i] as number) / k, tau, nodes, logWeights, logAbsError);
  // per cell: width Δᵢ and the chord slope λᵢ of log Ψ̄ (≥ 0: Ψ decreases; bounds at the ends only
  // raise the chord, so it stays above log Ψ)
  const tGrid = new Float64Array(steps);
  const width = new Float64Array(steps);
  const logWidth = new Float64Array(steps);
  const slope = new Float64Array(steps);
  for (let i = 0; i < steps; i++) {
    tGrid[i] = Math.exp(logT[i] as number);
    width[i] = Math.exp(logT[i + 1] as number) - (tGrid[i] as number);
    logWidth[i] = Math.log(width[i] as number);
    slope[i] = ((logPsi[i] as number) - (logPsi[i + 1] as number)) / (width[i] as number);
  }
  const out = new Float64Array(BALLS_IN_BINS_ADD_MAX_MOMENT);
  let previous = 0;
  let cells = 0;
  while (cells < steps && (logPsi[cells] as number) > NEGLIGIBLE_LOG_PSI) cells++;
  const logCell = new Float64Array(cells);
  for (let m = 1; m <= BALLS_IN_BINS_ADD_MAX_MOMENT; m++) {
    const logGammaM = lgamma(m);
    let largest = -Infinity;
    for (let i = 0; i < cells; i++) {
      // ∫ over the cell of t_i^{m−1} e^{(m−1)(t − t_i)/t_i} · Ψ̄_i e^{−λ_i (t − t_i)} dt
      const x = ((m - 1) / (tGrid[i] as number) - (slope[i] as number)) * (width[i] as number);
      const cell = (m - 1) * (logT[i] as number) + (logPsi[i] as number) + (logWidth[i] as number) + logExpm1OverX(x);
      logCell[i] = cell;
      if (cell > largest) largest = cell;
    }
    let sum = 0;
    for (let i = 0; i < cells; i++) sum += Math.exp((logCell[i] as number) - largest);
    // beyond the first negligible cell, the rest of [t, T] adds at most e^{−800} per cell
    const logMain = largest + Math.log(sum) + (cells < steps ? 1e-300 : 0) - logGammaM;
    const logHead = m * Math.log(GRID_START) - lgamma(m + 1);
    let logTail = Infinity;
    for (let j = 0; j <= 80; j++) {
      const logA = -j * 0.25;
      const beyondGrid = -m * logA + logGammaQ(m, Math.exp(logA) * end);
      const wa = (Math.sqrt(k) * (logA + (tau * tau) / 2)) / tau;
      const belowLevel = (m * tau * tau) / 2 + (m * m * tau * tau) / (2 * k) + logNormalCdf(wa + (m * tau) / Math.sqrt(k));
      logTail = Math.min(logTail, logAddExp(beyondGrid, belowLevel));
    }
    // summing log-space terms: a relative rounding allowance of 1e-12 per grid point
    const total = logAddExp(logAddExp(logMain, logHead), logTail) + 1e-12 * steps;
    if (!Number.isFinite(total)) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'large enough for finite balls-in-bins moments', found: sigma });
    previous = Math.max(previous, total, 0);
    out[m - 1] = previous;
  }
  return out;
}
