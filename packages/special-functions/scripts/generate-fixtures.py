#!/usr/bin/env python3
"""Reference values for @dpbounds/special-functions, from mpmath at 60 significant digits.

Writes test/fixtures/generated.json: a list of groups {fn, region, relTol, cases: [[...args,
expected], ...]}, one group per branch region of each algorithm (Cody's erf intervals, AS 241's
central/tail regions, the incomplete-gamma series / continued-fraction regions, noncentral
chi-squared regimes, ...). Deterministic: fixed grids only. Run from the package folder:

    python3 scripts/generate-fixtures.py
"""
import json
import os

import mpmath as mp

mp.mp.dps = 60
groups = []


def f(v):
    """mpf -> float, keeping -inf / inf."""
    return float(v)


def group(fn, region, rel_tol, cases, log_scaled=False):
    """log_scaled: the tolerance is relTol * max(1, |ln expected|), the accuracy limit of a value
    computed as exp(L) with L of magnitude |ln expected| (one ulp of L)."""
    groups.append({"fn": fn, "region": region, "relTol": rel_tol, "logScaled": log_scaled, "cases": cases})


def lin(a, b, n):
    return [a + (b - a) * i / (n - 1) for i in range(n)]


def logspace(a, b, n):
    return [10 ** (a + (b - a) * i / (n - 1)) for i in range(n)]


def erfcinv(y):
    """mpmath has no erfcinv: erfinv(1 - y) at enough working digits for tiny y."""
    y = mp.mpf(y)
    if y > 1:
        return -erfcinv(2 - y)
    extra = int(-mp.log10(y)) + 20 if y > 0 else 0
    with mp.workdps(mp.mp.dps + extra):
        return +mp.erfinv(1 - y)


def ncdf(x):
    return mp.ncdf(mp.mpf(x))


# --- erf family: Cody intervals |x| <= 0.5, 0.5 < |x| <= 4, |x| > 4 -------------------------
for lo, hi, region in [(0.0, 0.5, "cody-1 |x|<=0.5"), (0.5, 4.0, "cody-2 0.5<|x|<=4"), (4.0, 27.0, "cody-3 |x|>4")]:
    xs = [x for x in lin(lo, hi, 41)[1:]] + [-x for x in lin(lo, hi, 11)[1:]]
    group("erf", region, 4e-16, [[x, f(mp.erf(x))] for x in xs if abs(x) < 6.5])
    group("erfc", region, 6e-16, [[x, f(mp.erfc(x))] for x in xs if mp.erfc(x) > mp.mpf("2.3e-308")])
    group("erfcx", region, 1e-15, [[x, f(mp.exp(mp.mpf(x) ** 2) * mp.erfc(x))] for x in xs if x > -20])
group("erf", "tiny", 4e-16, [[x, f(mp.erf(x))] for x in [1e-300, 1e-100, 1e-20, 1e-8, -1e-8, 1e-3]])
group("erfcx", "large x", 6e-16, [[x, f(mp.exp(mp.mpf(x) ** 2) * mp.erfc(x))] for x in logspace(1.5, 12, 15)])
group("erfc", "subnormal", 2e-8, [[x, f(mp.erfc(x))] for x in [26.6, 26.8, 27.0, 27.2]])

# --- normal CDF / SF / log CDF ------------------------------------------------------------------
xs = lin(-37.5, 8.0, 92)
group("normalCdf", "normal range", 1e-15, [[x, f(ncdf(x))] for x in xs])
group("normalSf", "normal range", 1e-15, [[x, f(ncdf(-mp.mpf(x)))] for x in [-v for v in xs]])
group("normalCdf", "subnormal", 2e-8, [[x, f(ncdf(x))] for x in [-37.7, -38.0, -38.2]])
group("normalPdf", "all", 1e-15, [[x, f(mp.npdf(x))] for x in lin(-38, 38, 39)])
group("logNormalCdf", "x < -20 (erfcx form)", 1e-15, [[x, f(mp.log(ncdf(x)))] for x in [-20.5, -25, -40, -100, -1e3, -1e4, -1e5, -1e7, -1e150]])
group("logNormalCdf", "-20 <= x <= 0", 1e-15, [[x, f(mp.log(ncdf(x)))] for x in lin(-20, 0, 21)[:-1]])
group("logNormalCdf", "x > 0", 1e-15, [[x, f(mp.log1p(-ncdf(-x)))] for x in [0.1, 1, 3, 5, 8, 12, 20, 30]])

# --- normal quantile: AS 241 regions |q|<=0.425, r<=5, r>5 --------------------------------------
central = lin(0.075, 0.925, 35)
tail1 = logspace(-10.8, -1.13, 25)  # r = sqrt(-log p) <= 5 (p >= 1.39e-11)
tail2 = logspace(-300, -11, 30)  # r > 5
for ps, region in [(central, "as241 central"), (tail1, "as241 r<=5"), (tail2, "as241 r>5")]:
    group("normalQuantile", region, 1e-15, [[p, f(mp.sqrt(2) * -erfcinv(2 * mp.mpf(p)))] for p in ps])
    group("normalSfInverse", region, 1e-15, [[p, f(mp.sqrt(2) * erfcinv(2 * mp.mpf(p)))] for p in ps])
group("erfinv", "all", 1e-15, [[y, f(mp.erfinv(y))] for y in lin(-0.99, 0.99, 45) + [1e-300, 1e-12, -0.999999, 1 - 2**-40]])
group("erfcinv", "all", 1e-15, [[y, f(erfcinv(y))] for y in logspace(-300, 0, 30) + lin(1.05, 1.95, 10)])

# --- lgamma: series [0.5, 2.5], recurrence (2.5, 10), Stirling >= 10, x < 0.5, reflection --------
group("lgamma", "series 0.5<=x<=2.5", 1e-15, [[x, f(mp.loggamma(x))] for x in lin(0.5, 2.5, 41) + [1 + 1e-9, 2 - 1e-9, 1.4616321449683622]])
group("lgamma", "recurrence 2.5<x<10", 1e-15, [[x, f(mp.loggamma(x))] for x in lin(2.55, 9.95, 30)])
group("lgamma", "stirling x>=10", 1e-15, [[x, f(mp.loggamma(x))] for x in logspace(1, 300, 40)])
group("lgamma", "0<x<0.5", 1e-15, [[x, f(mp.loggamma(x))] for x in logspace(-300, -0.31, 30)])
group("lgamma", "reflection x<0", 1e-13, [[x, f(mp.log(abs(mp.gamma(x))))] for x in [-0.5, -1.5, -2.3, -7.9, -20.5, -100.25, -1e-5]])


def _lower_series(a, x):
    """P(a, x) = x^a e^-x / Gamma(a+1) * 1F1(1; a+1; x) (mpmath's hypergeometric series)."""
    a, x = mp.mpf(a), mp.mpf(x)
    return mp.exp(a * mp.log(x) - x - mp.loggamma(a + 1)) * mp.hyp1f1(1, a + 1, x, maxterms=10**7)


def _upper_fraction(a, x):
    """Q(a, x) by Legendre's continued fraction (modified Lentz) at the working precision."""
    a, x = mp.mpf(a), mp.mpf(x)
    tiny = mp.mpf(10) ** (-mp.mp.dps * 3)
    eps = mp.mpf(10) ** (-mp.mp.dps + 5)
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        i += 1
        if abs(delta - 1) < eps:
            break
    return mp.exp(a * mp.log(x) - x - mp.loggamma(a)) * h


def gp(a, x):
    if x < a + 1:
        return _lower_series(a, x)
    with mp.workdps(mp.mp.dps + 40):
        return +(1 - _upper_fraction(a, x))


def gq(a, x):
    if x >= a + 1:
        return _upper_fraction(a, x)
    with mp.workdps(mp.mp.dps + 40):
        return +(1 - _lower_series(a, x))


# independent cross-check of the two references against mpmath's own gammainc where it converges
for a_, x_ in [(0.5, 0.1), (3.0, 30.0), (5.0, 4.0), (50.0, 45.0), (50.0, 70.0), (200.0, 150.0)]:
    assert abs(gp(a_, x_) / mp.gammainc(a_, 0, x_, regularized=True) - 1) < mp.mpf("1e-40")
    assert abs(gq(a_, x_) / mp.gammainc(a_, x_, mp.inf, regularized=True) - 1) < mp.mpf("1e-40")


def grid_gamma(a_values, rel_x):
    return [(a, a * r) for a in a_values for r in rel_x]


regions = {
    "series x<a+1, small a": grid_gamma([0.5, 0.9, 1.0, 2.5, 7.0], [0.01, 0.1, 0.5, 0.9]),
    "series x<a+1, large a": grid_gamma([20.0, 150.0, 1000.0, 2.5e4, 5e4], [0.5, 0.8, 0.95, 0.99, 1.0]),
    "fraction x>=a+1, small a": grid_gamma([0.5, 0.9, 1.0, 2.5, 7.0], [2.5, 4.0, 10.0, 60.0]),
    "fraction x>=a+1, large a": grid_gamma([20.0, 150.0, 1000.0, 2.5e4, 5e4], [1.01, 1.05, 1.2, 1.5, 2.0]),
    "small a<1, x<=1.5": [(a, x) for a in [1e-8, 1e-3, 0.1, 0.3] for x in [1e-5, 0.01, 0.5, 1.2]],
}
for region, pairs in regions.items():
    group("gammaP", region, 2e-14, [[a, x, f(gp(a, x))] for a, x in pairs if gp(a, x) > mp.mpf("1e-300")], True)
    group("gammaQ", region, 2e-14, [[a, x, f(gq(a, x))] for a, x in pairs if gq(a, x) > mp.mpf("1e-300")], True)

chi = [(x, k) for k in [1, 2, 3, 10, 100, 1000, 1e4, 1e5] for x in [k * r for r in [0.001, 0.3, 0.9, 1.0, 1.1, 2.0, 5.0]]]
group("chiSquaredCdf", "k up to 1e5", 2e-14, [[x, k, f(gp(k / 2, x / 2))] for x, k in chi if gp(k / 2, x / 2) > mp.mpf("1e-300")], True)
group("chiSquaredSf", "k up to 1e5", 2e-14, [[x, k, f(gq(k / 2, x / 2))] for x, k in chi if gq(k / 2, x / 2) > mp.mpf("1e-300")], True)


def log_via_smaller(value, complement):
    return mp.log(value) if value < 0.5 else mp.log1p(-complement)


group("chiSquaredLogCdf", "k up to 1e5, incl. underflow", 2e-14, [[x, k, f(log_via_smaller(gp(k / 2, x / 2), gq(k / 2, x / 2)))] for x, k in chi], True)
group("chiSquaredLogSf", "k up to 1e5, incl. underflow", 2e-14, [[x, k, f(log_via_smaller(gq(k / 2, x / 2), gp(k / 2, x / 2)))] for x, k in chi], True)


def gamma_inverse_case(a, x, upper):
    """(a, t, x*) with t = P(a, x) (or Q) rounded to double and x* its exact inverse (Newton at 60 digits)."""
    fn = gq if upper else gp
    t = mp.mpf(float(fn(a, x)))
    root = mp.findroot(lambda y: fn(a, y) - t, mp.mpf(x))
    return [a, float(t), f(root)]


inv_pairs = [(a, a * r) for a in [0.5, 1.0, 3.0, 20.0, 500.0, 1e4] for r in [0.05, 0.5, 0.9, 1.1, 2.0]]
group("gammaPInverse", "Newton from Wilson-Hilferty", 1e-14, [gamma_inverse_case(a, x, False) for a, x in inv_pairs if mp.mpf("1e-300") < gp(a, x) < mp.mpf("0.9999999")])
group("gammaQInverse", "Newton from Wilson-Hilferty", 1e-14, [gamma_inverse_case(a, x, True) for a, x in inv_pairs if mp.mpf("1e-300") < gq(a, x) < mp.mpf("0.9999999")])


# --- noncentral chi-squared: full Poisson-mixture sums at 40 digits -------------------------------
# Lower tail: P(a+j, y) by DOWNWARD recursion from a top index J far past both the Poisson mode and
# the term peak (P(a+J, y) from the hypergeometric series); upper tail: Q(a+j, y) by UPWARD
# recursion from j = 0 (Q(a, y) by the continued fraction). Every term from 0 to J is summed, no
# truncation bounds, additions only: a reference independent of the library's windowing.


def _ncx2_top(a, y, mu):
    m = (-a + mp.sqrt(a * a + 4 * mu * y)) / 2
    c = max(mu, m, mp.mpf(1))
    return int(c + 40 * mp.sqrt(c) + 200)


def ncx2_lower(x, k, lam):
    with mp.workdps(40):
        a, y, mu = mp.mpf(k) / 2, mp.mpf(x) / 2, mp.mpf(lam) / 2
        top = _ncx2_top(a, y, mu)
        with mp.workdps(80):
            p = gp(a + top, y)
        d = mp.exp((a + top) * mp.log(y) - y - mp.loggamma(a + top + 1))
        w = mp.exp(-mu + top * mp.log(mu) - mp.loggamma(top + 1))
        total = w * p
        for j in range(top, 0, -1):
            d = d * (a + j) / y
            p = p + d
            w = w * j / mu
            total += w * p
        return total


def ncx2_upper(x, k, lam):
    with mp.workdps(40):
        a, y, mu = mp.mpf(k) / 2, mp.mpf(x) / 2, mp.mpf(lam) / 2
        top = _ncx2_top(a, y, mu)
        with mp.workdps(80):
            q = gq(a, y)
        d = mp.exp(a * mp.log(y) - y - mp.loggamma(a + 1))
        w = mp.exp(-mu)
        total = w * q
        for j in range(0, top):
            q = q + d
            d = d * y / (a + j + 1)
            w = w * mu / (j + 1)
            total += w * q
        return total


try:  # cross-check the references against SciPy where SciPy is accurate
    from scipy.stats import ncx2 as _scipy_ncx2

    for x_, k_, l_ in [(2.0, 1, 1.0), (25.0, 2, 10.0), (120.0, 10, 50.0), (900.0, 1000, 100.0)]:
        assert abs(float(ncx2_lower(x_, k_, l_)) / _scipy_ncx2.cdf(x_, k_, l_) - 1) < 1e-9
        assert abs(float(ncx2_upper(x_, k_, l_)) / _scipy_ncx2.sf(x_, k_, l_) - 1) < 1e-8
except ImportError:
    pass

ncx_cases = []
for k in [1, 10, 1000, 1e5]:
    for lam in [1.0, 100.0, 1e4, 1e5]:
        if lam == 1e5 and k == 10:
            continue
        mean, sd = k + lam, mp.sqrt(2 * (k + 2 * lam))
        xs = [mean * r for r in [1e-3, 0.3, 0.8, 1.25, 2.0, 5.0]] + [float(mean + z * sd) for z in [-3, -1, 1, 3, 8]]
        ncx_cases += [(float(x), k, lam) for x in xs if x > 0]
for k in [0.1, 1, 10]:
    for lam in [1e-10, 1e-3, 0.5]:
        ncx_cases += [(float((k + lam) * r), k, lam) for r in [1e-3, 0.2, 1.0, 3.0, 20.0]]
ncx_values = []
for x, k, lam in ncx_cases:
    lo, up = ncx2_lower(x, k, lam), ncx2_upper(x, k, lam)
    ncx_values.append((x, k, lam, lo, up))
ncx_regimes = {
    "lower-tail series (x < k + lambda, lambda >= 1)": lambda x, k, l: x < k + l and l >= 1,
    "upper-tail series (x >= k + lambda, lambda >= 1)": lambda x, k, l: x >= k + l and l >= 1,
    "small noncentrality (lambda < 1)": lambda x, k, l: l < 1,
}
for regime, member in ncx_regimes.items():
    vals = [v for v in ncx_values if member(v[0], v[1], v[2])]
    group("noncentralChiSquaredCdf", regime, 5e-14, [[x, k, l, f(lo)] for x, k, l, lo, up in vals if lo > mp.mpf("1e-300")], True)
    group("noncentralChiSquaredSf", regime, 5e-14, [[x, k, l, f(up)] for x, k, l, lo, up in vals if up > mp.mpf("1e-300")], True)
    group("noncentralChiSquaredLogCdf", regime + ", incl. below 1e-300", 5e-14, [[x, k, l, f(log_via_smaller(lo, up))] for x, k, l, lo, up in vals], True)
    group("noncentralChiSquaredLogSf", regime + ", incl. below 1e-300", 5e-14, [[x, k, l, f(log_via_smaller(up, lo))] for x, k, l, lo, up in vals], True)


# Large noncentrality (k in {10, 1000, 1e4}, lambda in {1e4, 2.6e5, 1e6}; GLiR's regime): summing
# every term from 0 would take ~1e6 terms per case, so the same additions-only recursions run over
# a window of 2W + 1 indices, W = 40*sqrt(c_hi) + 200, around c_lo = min(mu, m) (lower tail: the
# terms decrease above it) or c_hi = max(mu, m) (upper tail: they decrease below it), m the root
# of (j + 1)(a + j + 1) = mu*y. The window is checked, not assumed: the terms at both edges
# must be below 1e-40 of the sum (the terms are log-concave in j, so the rest is smaller still).


def _ncx2_window(a, y, mu, lower):
    m = (-a + mp.sqrt(a * a + 4 * mu * y)) / 2
    c_hi = max(mu, m, mp.mpf(1))
    centre = min(mu, m) if lower else c_hi
    half = int(40 * mp.sqrt(c_hi) + 200)
    return max(0, int(centre) - half), int(centre) + half


def ncx2_lower_windowed(x, k, lam):
    with mp.workdps(40):
        a, y, mu = mp.mpf(k) / 2, mp.mpf(x) / 2, mp.mpf(lam) / 2
        bottom, top = _ncx2_window(a, y, mu, True)
        with mp.workdps(80):
            p = gp(a + top, y)
        d = mp.exp((a + top) * mp.log(y) - y - mp.loggamma(a + top + 1))
        w = mp.exp(-mu + top * mp.log(mu) - mp.loggamma(top + 1))
        first = w * p
        total = first
        term = first
        for j in range(top, bottom, -1):
            d = d * (a + j) / y
            p = p + d
            w = w * j / mu
            term = w * p
            total += term
        assert first < total * mp.mpf("1e-40") and (bottom == 0 or term < total * mp.mpf("1e-40")), (x, k, lam)
        return total


def ncx2_upper_windowed(x, k, lam):
    with mp.workdps(40):
        a, y, mu = mp.mpf(k) / 2, mp.mpf(x) / 2, mp.mpf(lam) / 2
        bottom, top = _ncx2_window(a, y, mu, False)
        with mp.workdps(80):
            q = gq(a + bottom, y)
        d = mp.exp((a + bottom) * mp.log(y) - y - mp.loggamma(a + bottom + 1))
        w = mp.exp(-mu + bottom * mp.log(mu) - mp.loggamma(bottom + 1))
        first = w * q
        total = first
        term = first
        for j in range(bottom, top):
            q = q + d
            d = d * y / (a + j + 1)
            w = w * mu / (j + 1)
            term = w * q
            total += term
        assert (bottom == 0 or first < total * mp.mpf("1e-40")) and term < total * mp.mpf("1e-40"), (x, k, lam)
        return total


# the windowed sums agree with the full ones where both are affordable
for x_, k_, l_ in [(8000.0, 10, 1e4), (12500.0, 10, 1e4), (500.0, 1000, 1e4)]:
    assert abs(ncx2_lower_windowed(x_, k_, l_) / ncx2_lower(x_, k_, l_) - 1) < mp.mpf("1e-30")
    assert abs(ncx2_upper_windowed(x_, k_, l_) / ncx2_upper(x_, k_, l_) - 1) < mp.mpf("1e-30")

big_cases = []
for k in [10, 1000, 1e4]:
    for lam in [1e4, 2.6e5, 1e6]:
        mean, sd = k + lam, mp.sqrt(2 * (k + 2 * lam))
        xs = [mean * r for r in [1e-3, 0.5, 2.0, 5.0]] + [float(mean + z * sd) for z in [-40, -3, 3, 40]]
        big_cases += [(float(x), k, lam) for x in xs if x > 0]
big_values = [(x, k, lam, ncx2_lower_windowed(x, k, lam), ncx2_upper_windowed(x, k, lam)) for x, k, lam in big_cases]
big_region = "large noncentrality (k in {10, 1e3, 1e4}, lambda in {1e4, 2.6e5, 1e6}), both tails"
group("noncentralChiSquaredCdf", big_region, 5e-14, [[x, k, l, f(lo)] for x, k, l, lo, up in big_values if lo > mp.mpf("1e-300")], True)
group("noncentralChiSquaredSf", big_region, 5e-14, [[x, k, l, f(up)] for x, k, l, lo, up in big_values if up > mp.mpf("1e-300")], True)
group("noncentralChiSquaredLogCdf", big_region + ", deep tails", 5e-14, [[x, k, l, f(log_via_smaller(lo, up))] for x, k, l, lo, up in big_values], True)
group("noncentralChiSquaredLogSf", big_region + ", deep tails", 5e-14, [[x, k, l, f(log_via_smaller(up, lo))] for x, k, l, lo, up in big_values], True)

def ncx2_quantile_case(x, k, lam):
    """(p, k, lam, x*): p = F(x) rounded to double, x* the exact root of F = p (one Newton step
    from x with a central-difference density at 40 digits; |x* - x| is ~1e-16 x)."""
    lower = x < k + lam
    with mp.workdps(40):
        F = (lambda v: ncx2_lower(v, k, lam)) if lower else (lambda v: ncx2_upper(v, k, lam))
        value = F(x)
        h = mp.mpf(x) * mp.mpf("1e-12")
        density = abs(F(mp.mpf(x) + h) - F(mp.mpf(x) - h)) / (2 * h)
        p = float(value) if lower else float(1 - value)
        target = mp.mpf(p) if lower else 1 - mp.mpf(p)
        root = mp.mpf(x) + (target - value) / density * (1 if lower else -1)
    return [p, k, lam, f(root)]


q_cases = []
for k, lam in [(1, 1.0), (10, 100.0), (1000, 1000.0), (1, 1e4), (100, 5.0)]:
    mean, sd = k + lam, (2 * (k + 2 * lam)) ** 0.5
    for z in [-3, -1, 0, 2, 6]:
        x = mean + z * sd
        if x > 0:
            q_cases.append(ncx2_quantile_case(float(x), k, lam))
group("noncentralChiSquaredQuantile", "Brent on the log tail", 1e-12, [c for c in q_cases if 1e-300 < c[0] < 1 - 1e-12])


# --- binomial: tails below / above the mean, Loader pmf; exact rational sums in mpmath ----------


def binom_tails(k, n, p):
    """(P[X <= k], P[X > k]) by exact summation of the smaller side at 50 digits."""
    with mp.workdps(50):
        p = mp.mpf(p)
        q = 1 - p

        def pmf(i):
            return mp.exp(mp.loggamma(n + 1) - mp.loggamma(i + 1) - mp.loggamma(n - i + 1) + i * mp.log(p) + (n - i) * mp.log(q))

        def tail(indices):
            total = mp.mpf(0)
            for i in indices:
                t = pmf(i)
                total += t
                if t < total * mp.mpf(10) ** -45 and i != indices[0]:
                    break
            return total

        if k < n * p:
            lo = tail(range(k, -1, -1))
            return lo, 1 - lo
        up = tail(range(k + 1, n + 1))
        return 1 - up, up


bin_cases = [(k, n, p) for n, p in [(10, 0.5), (100, 0.01), (1000, 0.3), (10**5, 0.001), (10**6, 0.5)] for k in sorted({int(n * p * r) for r in [0, 0.2, 0.7, 0.95, 1.0, 1.05, 1.5, 3.0]} | {n - 1}) if 0 <= k < n]
bin_values = [(k, n, p) + binom_tails(k, n, p) for k, n, p in bin_cases]
group("binomialCdf", "below and above the mean", 2e-14, [[k, n, p, f(lo)] for k, n, p, lo, up in bin_values if lo > mp.mpf("1e-300")], True)
group("binomialSf", "below and above the mean", 2e-14, [[k, n, p, f(up)] for k, n, p, lo, up in bin_values if up > mp.mpf("1e-300")], True)
group("logBinomialCdf", "incl. underflow", 2e-14, [[k, n, p, f(log_via_smaller(lo, up))] for k, n, p, lo, up in bin_values], True)
group("logBinomialSf", "incl. underflow", 2e-14, [[k, n, p, f(log_via_smaller(up, lo))] for k, n, p, lo, up in bin_values], True)
group("logBinomialCoefficient", "n up to 1e15", 1e-14, [[n, k, f(mp.loggamma(n + 1) - mp.loggamma(k + 1) - mp.loggamma(n - k + 1))] for n, k in [(10, 3), (50, 25), (1000, 1), (1000, 999), (10**6, 3 * 10**5), (10**9, 10), (10**15, 5 * 10**14), (7.5, 2.5)]])

out = os.path.join(os.path.dirname(__file__), "..", "test", "fixtures", "generated.json")
with open(out, "w") as fh:
    json.dump({"about": "Generated by scripts/generate-fixtures.py (mpmath, 60 digits). Groups split at algorithm branch points.", "groups": groups}, fh, indent=None, separators=(",", ":"))
    fh.write("\n")
print(sum(len(g["cases"]) for g in groups), "cases in", len(groups), "groups")
