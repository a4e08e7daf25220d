/**
 * Binomial coefficients and binomial tail probabilities in log space, by Loader's saddle-point
 * form of the probability mass function (C. Loader, "Fast and accurate computation of binomial
 * probabilities", 2000): log b(i; n, p) = stirlerr(n) − stirlerr(i) − stirlerr(n − i)
 * − bd0(i, np) − bd0(n − i, nq) + ½log(n/(2πi(n − i))), with stirlerr(m) = log Γ*(m) and
 * bd0(x, M) = x log(x/M) + M − x evaluated without cancellation. Tails are sums of the pmf away
 * from the mode, in ratio form, stopped by a geometric bound on the rest.
 */
import { log1pmx, logGammaStar } from './lgamma.js';
import { log1mExp } from './log-space.js';

const HALF_LOG_2PI = 0.9189385332046728;
const STOP = 1e-17;

/** bd0(x, M) = x·log(x/M) + M − x ≥ 0 (Loader 2000), via log1pmx when x and M are close. */
function bd0(x: number, m: number): number {
  const t = (m - x) / x;
  return t >= -0.5 ? -x * log1pmx(t) : x * Math.log(x / m) + m - x;
}

/** log b(i; n, p) for integers 0 ≤ i ≤ n, 0 < p < 1, q = 1 − p given separately. */
function logPmf(i: number, n: number, p: number, q: number): number {
  if (i === 0) return n * Math.log1p(-p);
  if (i === n) return n * Math.log(p);
  const j = n - i;
  return (
    logGammaStar(n) - logGammaStar(i) - logGammaStar(j) - bd0(i, n * p) - bd0(j, n * q) + 0.5 * Math.log(n / (i * j)) - HALF_LOG_2PI
  );
}

/**
 * log C(n, k) = log(n!/(k!(n − k)!)), for real 0 ≤ k ≤ n (through the gamma function).
 *
 * Method: n·H(k/n) − ½log(2πk(n − k)/n) + stirlerr(n) − stirlerr(k) − stirlerr(n − k) with
 * n·H(k/n) = −k·log(k/n) − (n − k)·log1p(−k/n) (Loader 2000), so no large logarithms cancel;
 * 0 at k = 0 and k = n. Domain: n ≥ 0; −∞ for k < 0 or k > n; NaN for n < 0 or NaN.
 * Accuracy: relative error ≤ 3e-16 on the fixtures (n up to 1e15).
 *
 * @example logBinomialCoefficient(10, 3) // 4.787491742782046 (= log 120)
 */
export function logBinomialCoefficient(n: number, k: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof n !== 'number' || typeof k !== 'number') return Number.NaN;
  if (!(n >= 0) || Number.isNaN(k) || n === Infinity) return Number.NaN;
  if (k < 0 || k > n) return -Infinity;
  if (k === 0 || k === n) return 0;
  const j = n - k;
  const entropy = -k * Math.log(k / n) - j * Math.log1p(-k / n);
  return entropy + logGammaStar(n) - logGammaStar(k) - logGammaStar(j) + 0.5 * Math.log(n / (k * j)) - HALF_LOG_2PI;
}

function invalid(n: number, p: number): boolean {
  return !(Number.isInteger(n) && n >= 0 && n <= Number.MAX_SAFE_INTEGER && p >= 0 && p <= 1);
}

/** log P[X ≤ k] summed downward from k (k below the mean), ratio form. */
function lowerLog(k: number, n: number, p: number, q: number): number {
  let term = 1;
  let sum = 1;
  for (let i = k; i > 0; i--) {
    const ratio = (i * q) / ((n - i + 1) * p);
    term *= ratio;
    sum += term;
    if (ratio < 1 && (term * ratio) / (1 - ratio) < STOP * sum) break;
  }
  return logPmf(k, n, p, q) + Math.log(sum);
}

/** log P[X > k] summed upward from k + 1 (k at or above the mean), ratio form. */
function upperLog(k: number, n: number, p: number, q: number): number {
  let term = 1;
  let sum = 1;
  for (let i = k + 1; i < n; i++) {
    const ratio = ((n - i) * p) / ((i + 1) * q);
    term *= ratio;
    sum += term;
    if (ratio < 1 && (term * ratio) / (1 - ratio) < STOP * sum) break;
  }
  return logPmf(k + 1, n, p, q) + Math.log(sum);
}

/**
 * log P[X ≤ k] for X ~ Binomial(n, p), finite far below 1e-308.
 *
 * Method: for k below the mean np, Σ_{i≤k} b(i) summed downward from b(k) (Loader's pmf) until
 * the geometric bound of the rest is below 1e-17 of the sum; otherwise log1mExp of
 * logBinomialSf. Non-integer k is floored. Domain: integer n ≥ 0, 0 ≤ p ≤ 1, any k (−∞ for
 * k < 0, 0 for k ≥ n); NaN otherwise (also for n > 2⁵³ − 1). Accuracy: relative error of the
 * log ≤ 4e-14 on the fixtures (n up to 1e6). Cost O(√(np(1 − p))) terms at worst.
 *
 * @example logBinomialCdf(0, 1000, 0.5) // -693.1471805599453 (= 1000·log ½)
 */
export function logBinomialCdf(k: number, n: number, p: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof k !== 'number' || typeof n !== 'number' || typeof p !== 'number') return Number.NaN;
  if (invalid(n, p) || Number.isNaN(k)) return Number.NaN;
  const kk = Math.floor(k);
  if (kk < 0) return -Infinity;
  if (kk >= n) return 0;
  if (p === 0) return 0;
  if (p === 1) return -Infinity;
  const q = 1 - p;
  return kk < n * p ? lowerLog(kk, n, p, q) : log1mExp(upperLog(kk, n, p, q));
}

/**
 * log P[X > k] for X ~ Binomial(n, p), finite far below 1e-308.
 *
 * Method: for k at or above the mean, Σ_{i>k} b(i) summed upward from b(k + 1); otherwise
 * log1mExp of logBinomialCdf. Non-integer k is floored. Domain: integer n ≥ 0, 0 ≤ p ≤ 1, any k
 * (0 for k < 0, −∞ for k ≥ n); NaN otherwise. Accuracy: as logBinomialCdf.
 *
 * @example logBinomialSf(999, 1000, 0.5) // -693.1471805599453
 */
export function logBinomialSf(k: number, n: number, p: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof k !== 'number' || typeof n !== 'number' || typeof p !== 'number') return Number.NaN;
  if (invalid(n, p) || Number.isNaN(k)) return Number.NaN;
  const kk = Math.floor(k);
  if (kk < 0) return 0;
  if (kk >= n) return -Infinity;
  if (p === 0) return -Infinity;
  if (p === 1) return 0;
  const q = 1 - p;
  return kk < n * p ? log1mExp(lowerLog(kk, n, p, q)) : upperLog(kk, n, p, q);
}

/**
 * The binomial CDF P[X ≤ k], X ~ Binomial(n, p).
 *
 * Method: exp(logBinomialCdf) below the mean, 1 − P[X > k] above it (Loader 2000 pmf, tail sums
 * away from the mode). Domain: integer n ≥ 0, 0 ≤ p ≤ 1, any k (floored; 0 for k < 0, 1 for
 * k ≥ n); NaN otherwise. Accuracy: relative error ≤ 4e-14 on the fixtures (n up to 1e6).
 *
 * @example binomialCdf(3, 10, 0.5) // 0.171875
 */
export function binomialCdf(k: number, n: number, p: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof k !== 'number' || typeof n !== 'number' || typeof p !== 'number') return Number.NaN;
  if (invalid(n, p) || Number.isNaN(k)) return Number.NaN;
  const kk = Math.floor(k);
  if (kk >= 0 && kk < n && p > 0 && p < 1 && kk >= n * p) return -Math.expm1(upperLog(kk, n, p, 1 - p));
  return Math.exp(logBinomialCdf(k, n, p));
}

/**
 * The binomial survival function P[X > k] (strictly greater), X ~ Binomial(n, p).
 *
 * Method: exp(logBinomialSf) above the mean, 1 − P[X ≤ k] below it. Domain: integer n ≥ 0,
 * 0 ≤ p ≤ 1, any k (floored; 1 for k < 0, 0 for k ≥ n); NaN otherwise. Accuracy: relative error
 * ≤ 4e-14 on the fixtures.
 *
 * @example binomialSf(6, 10, 0.5) // 0.171875
 */
export function binomialSf(k: number, n: number, p: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof k !== 'number' || typeof n !== 'number' || typeof p !== 'number') return Number.NaN;
  if (invalid(n, p) || Number.isNaN(k)) return Number.NaN;
  const kk = Math.floor(k);
  if (kk >= 0 && kk < n && p > 0 && p < 1 && kk < n * p) return -Math.expm1(lowerLog(kk, n, p, 1 - p));
  return Math.exp(logBinomialSf(k, n, p));
}
