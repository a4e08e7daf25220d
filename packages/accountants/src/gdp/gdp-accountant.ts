/**
 * The GDP/CLT accountant: Gaussian differential privacy with the central-limit approximation of
 * Poisson-subsampled composition (Dong, Roth, Su 2022; Bu, Dong, Long, Su 2020).
 * AN APPROXIMATION, NOT A GUARANTEE. Derivation: docs/math/accounting.md §9.
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { cltMu, gdpDelta, gdpEpsilon } from '@dpbounds/tradeoff-core';
import { LedgerAccountant, parseAccountantState, type AccountantKind, type NeighbouringRelation } from '../accountant.js';
import { requireOptions } from '../events/validate-event.js';
import type { LedgerEntry } from '../events/ledger.js';

/** Options of {@link GdpAccountant}. */
export interface GdpAccountantOptions {
  /** `add-remove` (default); `substitution` only for plain Gaussian steps (q = 1, sensitivity 2). */
  readonly neighbouring?: NeighbouringRelation;
  /**
   * How batches are drawn for the CLT: `poisson` (default; the events of this package) or
   * `uniform` (fixed-size shuffled batches, Opacus `poisson=False`: μ = q√T·h(1/σ) with h(m) = √(2(e^{m²}Φ(1.5m) + 3Φ(−m/2) − 2)), Dong,
   * Roth, Su 2022, Cor. 5.4, via tradeoff-core's `cltMu`).
   */
  readonly batchSampling?: 'poisson' | 'uniform';
}

/**
 * GDP/CLT accountant for DP-SGD. μ² adds over the ledger: a Poisson-subsampled run of T steps
 * contributes μ² = q²·T·(e^{1/σ²} − 1) (Bu et al. 2020, Thm 5, via tradeoff-core's `cltMu`); a
 * plain Gaussian run (q = 1) contributes its exact μ² = T/σ² (4T/σ² under substitution).
 * ε(δ) and δ(ε) are those of μ-GDP (Dong, Roth, Su 2022, Cor. 2.13; tradeoff-core's
 * `gdpEpsilon`/`gdpDelta`).
 *
 * When to use: a quick, smooth approximation for tiny q and large T (std-07: 0.1596 vs the tight
 * 0.1599). Gotchas: `isGuarantee` is false: it UNDERESTIMATES the tight ε for small σ
 * (σ = 0.5, q = 1e-3, T = 1e5: 11.99 vs 13.03). Never report it as a DP guarantee.
 * Domain: any add-remove ledger; substitution only for q = 1.
 *
 * @example new GdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilon(1e-5) // ≈ 1.6177 (approximation)
 */
export class GdpAccountant extends LedgerAccountant {
  readonly kind: AccountantKind = 'gdp';
  /** False: the CLT value is an approximation, not an upper bound. */
  readonly isGuarantee: boolean = false;

  /** Batch sampling assumed by the CLT. */
  readonly batchSampling: 'poisson' | 'uniform';

  constructor(options: GdpAccountantOptions = {}) {
    const o = requireOptions<GdpAccountantOptions>('options', options, ['neighbouring', 'batchSampling']);
    super(o.neighbouring ?? 'add-remove');
    const sampling = o.batchSampling ?? 'poisson';
    if (sampling !== 'poisson' && sampling !== 'uniform') {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'batchSampling', expected: '"poisson" or "uniform"', found: sampling });
    }
    this.batchSampling = sampling;
  }

  /**
   * Restores an accountant from its JSON state through the constructor (a state whose options
   * the constructor refuses is refused the same way).
   *
   * @example GdpAccountant.fromJSON(JSON.parse(JSON.stringify(gdp)))
   */
  static fromJSON(json: unknown): GdpAccountant {
    const state = parseAccountantState(json, 'gdp', ['batchSampling']);
    const accountant = new GdpAccountant({ neighbouring: state.neighbouring, batchSampling: state.options.batchSampling as 'poisson' | 'uniform' });
    accountant.loadLedger(state.ledger);
    return accountant;
  }

  protected checkEntry(entry: LedgerEntry): string | undefined {
    if (this.neighbouring === 'substitution' && entry.samplingRate < 1) {
      return 'the Poisson-sampling CLT is stated for add-remove only';
    }
    return undefined;
  }

  protected options(): Record<string, number | string> {
    return { batchSampling: this.batchSampling };
  }

  /**
   * The μ of the whole ledger (+∞ with a non-private step).
   *
   * @example new GdpAccountant().compose(gaussianEvent(2), 4).mu() // 1
   */
  mu(): number {
    let mu2 = 0;
    const scale = this.neighbouring === 'substitution' ? 2 : 1;
    for (const e of this.ledger) {
      if (e.noiseMultiplier === 0) return Infinity;
      if (e.samplingRate === 1) mu2 += (e.count * scale * scale) / (e.noiseMultiplier * e.noiseMultiplier);
      else mu2 += cltMu({ samplingRate: e.samplingRate, noiseMultiplier: e.noiseMultiplier, steps: e.count, sampling: this.batchSampling }) ** 2;
    }
    return Math.sqrt(mu2);
  }

  protected epsilonFor(delta: number): number {
    const mu = this.mu();
    return Number.isFinite(mu) ? gdpEpsilon(mu, delta) : Infinity;
  }

  protected deltaFor(epsilon: number): number {
    const mu = this.mu();
    if (!Number.isFinite(mu)) return 1;
    return epsilon === Infinity ? 0 : gdpDelta(mu, epsilon);
  }
}
