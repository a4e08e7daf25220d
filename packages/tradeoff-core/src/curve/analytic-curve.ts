/**
 * Base class of curves given by a function of α (internal): validation, sampling and a numeric
 * inverse (Brent on f(α) − β, docs/math/tradeoff-core.md §1) unless the subclass knows its inverse.
 */
import { maximizeConcave } from '../conversions/maximize-concave.js';
import { invertDecreasing } from './invert-decreasing.js';
import { sampleOnGrid } from './sample-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './trade-off-curve.js';
import { clampUnit, requireAlpha } from './validate-alpha.js';

/** A curve defined by `valueAt` (α already validated). */
export abstract class AnalyticCurve implements TradeOffCurve {
  abstract readonly kind: string;
  /** f(α) for α ∈ [0, 1], unchecked. */
  abstract valueAt(alpha: number): number;
  abstract toJSON(): TradeOffCurveJSON;
  private inverseCache: TradeOffCurve | undefined;

  evaluate(alpha: number): number {
    const a = requireAlpha(alpha);
    if (a >= 1) return 0;
    const v = this.valueAt(a);
    return Number.isNaN(v) ? 0 : clampUnit(v);
  }
  /** Builds the inverse curve; override when it has a closed form. */
  protected makeInverse(): TradeOffCurve {
    return new NumericInverseCurve(this);
  }
  inverse(): TradeOffCurve {
    if (this.inverseCache === undefined) this.inverseCache = this.makeInverse();
    return this.inverseCache;
  }
  sample(n?: number): TradeOffSample {
    return sampleOnGrid((a) => this.evaluate(a), n);
  }
}

/**
 * f⁻¹ of a curve without a closed-form inverse: f⁻¹(β) = inf{α : f(α) ≤ β} by Brent's method
 * (relative accuracy ~1e−15 in α). Its privacy profile is computed on the graph of f:
 * δ_{f⁻¹}(ε) = sup_α (1 − α − e^ε f(α)) (no inversion needed).
 */
export class NumericInverseCurve extends AnalyticCurve {
  readonly kind: 'inverse' = 'inverse';
  readonly base: TradeOffCurve;
  constructor(base: TradeOffCurve) {
    super();
    this.base = base;
  }
  valueAt(beta: number): number {
    return invertDecreasing((a) => this.base.evaluate(a), beta);
  }
  protected override makeInverse(): TradeOffCurve {
    return this.base;
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'inverse', base: this.base.toJSON() };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    const s = Math.exp(epsilon);
    const floor = epsilon >= 0 ? 0 : -Math.expm1(epsilon);
    if (s === Infinity) {
      // sup over β of 1 − f⁻¹(β) − ∞·β: only β = 0 counts, 1 − f⁻¹(0)
      return Math.max(floor, 1 - this.valueAt(0));
    }
    const best = maximizeConcave((a) => 1 - a - s * this.base.evaluate(a));
    return Math.min(1, Math.max(floor, best.value, 1 - s * this.base.evaluate(0)));
  }
}
