#!/usr/bin/env python3
"""Independent high-precision reference for the RDP of the Poisson-subsampled Gaussian.

Computes A_alpha = E_{z ~ N(0, sigma^2)}[((1 - q) + q exp((2z - 1)/(2 sigma^2)))^alpha] by direct
numerical quadrature with mpmath at 50 digits (no binomial expansion, no split at z0), and
writes log(A_alpha)/(alpha - 1) for a grid of (q, sigma, alpha) covering integer and fractional
orders, small and large sigma, orders beyond 63, plus integer-order cases with tiny values (down to
~1e-18, integrated as E[base^alpha - 1] to avoid cancellation; tagged "tiny").
Output: test/fixtures/rdp-terms.json.

Run: python3 scripts/generate-rdp-terms.py   (needs mpmath)
"""
import json
import os

import mpmath as mp

mp.mp.dps = 50


def rdp(q, sigma, alpha):
    q = mp.mpf(q)
    s = mp.mpf(sigma)
    a = mp.mpf(alpha)

    def integrand(z):
        base = (1 - q) + q * mp.exp((2 * z - 1) / (2 * s * s))
        return mp.npdf(z, 0, s) * base ** a

    # the integrand's mass sits near z ~ (alpha - 1/2)... use generous break points
    peak = float(a) if q > 0 else 0.0
    points = [-mp.inf, -20 * s, 0, 0.5, peak, peak + 20 * s, mp.inf]
    points = sorted(set(points), key=lambda v: float(v) if v not in (mp.inf, -mp.inf) else (1e300 if v == mp.inf else -1e300))
    value = mp.quad(integrand, points)
    return mp.log(value) / (a - 1)


def rdp_tiny(q, sigma, alpha):
    """Same integral written as A - 1 = E[base^alpha - 1], so that A - 1 ~ 1e-18 keeps all its
    digits (no 1 + tiny cancellation): the reference for tiny RDP values."""
    q = mp.mpf(q)
    s = mp.mpf(sigma)
    a = mp.mpf(alpha)

    def integrand(z):
        base = (1 - q) + q * mp.exp((2 * z - 1) / (2 * s * s))
        return mp.npdf(z, 0, s) * mp.expm1(a * mp.log(base))

    points = [-mp.inf, -20 * s, 0, 0.5, float(a), float(a) + 20 * s, mp.inf]
    points = sorted(set(points), key=lambda v: float(v) if v not in (mp.inf, -mp.inf) else (1e300 if v == mp.inf else -1e300))
    return mp.log1p(mp.quad(integrand, points)) / (a - 1)


def main():
    cases = []
    for q in [1e-4, 1e-3, 0.01, 0.1, 0.5]:
        for sigma in [0.5, 0.8, 1.0, 2.0, 4.0]:
            for alpha in [1.05, 1.5, 2, 2.3, 3.7, 8, 10.9, 32, 63, 128, 256]:
                if float(alpha) * (1 / (2 * sigma * sigma)) > 300:
                    continue  # the mpmath integrand overflows its default exponent range usefully only below this
                value = rdp(q, sigma, alpha)
                cases.append({"q": q, "sigma": sigma, "alpha": alpha, "rdp": mp.nstr(value, 20)})
    # Tiny values (eps down to ~1e-18) at integer orders, tagged "tiny": checked at 1e-12 relative.
    for q in [1e-7, 1e-5]:
        for sigma in [5.0, 20.0, 100.0]:
            for alpha in [2, 3, 8, 32, 256]:
                value = rdp_tiny(q, sigma, alpha)
                cases.append({"q": q, "sigma": sigma, "alpha": alpha, "rdp": mp.nstr(value, 20), "tags": ["tiny"]})
    out = {
        "generator": "packages/accountants/scripts/generate-rdp-terms.py",
        "method": "mpmath 50-digit quadrature of the RDP integral (Mironov, Talwar, Zhang 2019, eq. for A_alpha)",
        "count": len(cases),
        "cases": cases,
    }
    path = os.path.join(os.path.dirname(__file__), "..", "test", "fixtures", "rdp-terms.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
    print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    main()
