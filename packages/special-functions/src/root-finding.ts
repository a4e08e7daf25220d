/**
 * Bracketing root finders for continuous scalar functions: Brent's method and bisection.
 */

/**
 * Options of {@link brentRoot} and {@link bisect}.
 *
 * @example brentRoot(Math.cos, 1, 2, { rtol: 1e-12 }) // ≈ 1.5707963
 */
export interface RootOptions {
  /** Absolute tolerance on the root (default 1e-300, i.e. effectively relative only). */
  readonly xtol?: number;
  /** Relative tolerance on the root (default 4·2⁻⁵³ ≈ 4.4e-16). */
  readonly rtol?: number;
  /** Maximum number of function evaluations after the two end points (default 200). */
  readonly maxIterations?: number;
}

const EPS = 2 ** -52;

/** Arguments no bracket search can use (f not a function, a tolerance not a number): the caller gets NaN. */
function unusable(f: unknown, options: RootOptions | undefined): boolean {
  if (typeof f !== 'function') return true;
  if (options === undefined) return false;
  if (options === null || typeof options !== 'object') return true;
  return [options.xtol, options.rtol, options.maxIterations].some((v) => v !== undefined && typeof v !== 'number');
}

function tolerances(options: RootOptions | undefined): { xtol: number; rtol: number; maxIterations: number } {
  const xtol = options?.xtol ?? 1e-300;
  const rtol = options?.rtol ?? 2 * EPS;
  const maxIterations = options?.maxIterations ?? 200;
  return { xtol, rtol, maxIterations };
}

/**
 * A root of f in [lo, hi] by Brent's method (R. P. Brent, "Algorithms for Minimization without
 * Derivatives", Prentice-Hall 1973, ch. 4, procedure *zero*): inverse quadratic interpolation
 * or the secant step when it stays inside the bracket and shrinks it fast enough, otherwise
 * bisection, so convergence is never slower than bisection.
 *
 * Domain: f(lo) and f(hi) of opposite signs (or one of them 0). Returns NaN when the interval
 * is not a bracket, when lo or hi is not finite, when f returns NaN, when f is not a function or
 * an option is not a number; never throws (unless f does). Accuracy: the root is returned once the bracket is narrower than 4·rtol·|root| + xtol.
 *
 * @example brentRoot((x) => x * x - 2, 0, 2) // 1.4142135623730951
 */
export function brentRoot(f: (x: number) => number, lo: number, hi: number, options?: RootOptions): number {
  if (unusable(f, options)) return Number.NaN;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return Number.NaN;
  const { xtol, rtol, maxIterations } = tolerances(options);
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (Number.isNaN(fa) || Number.isNaN(fb)) return Number.NaN;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if ((fa > 0) === (fb > 0)) return Number.NaN;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < maxIterations; iter++) {
    if ((fb > 0) === (fc > 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * rtol * Math.abs(b) + 0.5 * xtol;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
    if (Number.isNaN(fb)) return Number.NaN;
  }
  return b;
}

/**
 * A root of f in [lo, hi] by bisection: halve the bracket, keeping the sign change, until it is
 * narrower than rtol·|x| + xtol or the midpoint is no longer representable between the ends.
 *
 * Domain: f(lo) and f(hi) of opposite signs (or one of them 0). Returns NaN when not a bracket,
 * when lo or hi is not finite, or when f returns NaN; never throws (unless f does). Accuracy:
 * the returned point lies in a final bracket of width ≤ rtol·|x| + xtol (or two adjacent
 * doubles).
 *
 * @example bisect((x) => x * x * x - 8, 0, 5) // 2
 */
export function bisect(f: (x: number) => number, lo: number, hi: number, options?: RootOptions): number {
  if (unusable(f, options)) return Number.NaN;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return Number.NaN;
  const { xtol, rtol } = tolerances(options);
  const maxIterations = options?.maxIterations ?? 2200;
  let a = lo;
  let b = hi;
  const fa = f(a);
  const fb = f(b);
  if (Number.isNaN(fa) || Number.isNaN(fb)) return Number.NaN;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if ((fa > 0) === (fb > 0)) return Number.NaN;
  const aPositive = fa > 0;
  for (let iter = 0; iter < maxIterations; iter++) {
    const mid = a + 0.5 * (b - a);
    if (mid === a || mid === b || Math.abs(b - a) <= rtol * Math.abs(mid) + xtol) return mid;
    const fm = f(mid);
    if (Number.isNaN(fm)) return Number.NaN;
    if (fm === 0) return mid;
    if ((fm > 0) === aPositive) a = mid;
    else b = mid;
  }
  return a + 0.5 * (b - a);
}
