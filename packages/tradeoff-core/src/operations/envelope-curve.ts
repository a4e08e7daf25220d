/**
 * The curve min{f1, f2}** represented exactly off its bridges (internal): off a bridge it equals
 * min(f1, f2) (evaluated on demand), on a bridge it is the segment (docs/math/tradeoff-core.md §6).
 */
import { AnalyticCurve } from '../curve/analytic-curve.js';
import type { PiecewiseLinearTradeOffCurve } from '../curve/piecewise-linear-trade-off.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from '../curve/trade-off-curve.js';
import { privacyProfileUnchecked } from '../conversions/privacy-profile.js';
import type { Bridge } from './bridge.js';

/** How a convex envelope was computed. */
export type EnvelopeMethod = 'symmetric' | 'fastPath' | 'hull' | 'exact';

/**
 * A convexified curve min{f, g}** (symmetrisation when g = f⁻¹) with the bridges where it is a
 * segment strictly below min(f, g).
 */
export interface ConvexEnvelopeCurve extends TradeOffCurve {
  /** Intervals of α where the curve is a segment (sorted, disjoint). */
  readonly bridges: readonly Bridge[];
  /**
   * `symmetric` (input already symmetric, returned as is), `fastPath` (single crossing on the
   * diagonal: branch, tangent segment of slope −1, mirrored branch), `hull` (generic grid + hull +
   * refinement), `exact` (piecewise-linear inputs).
   */
  readonly method: EnvelopeMethod;
  /** The branches whose minimum was convexified. */
  readonly branches: readonly [TradeOffCurve, TradeOffCurve];
  closedFormPrivacyProfile(epsilon: number): number;
}

/** Finds the bridge containing α (bridges sorted, disjoint), or undefined. */
function bridgeAt(bridges: readonly Bridge[], a: number): Bridge | undefined {
  let lo = 0;
  let hi = bridges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const b = bridges[mid] as Bridge;
    if (a < b.from) hi = mid - 1;
    else if (a > b.to) lo = mid + 1;
    else return b;
  }
  return undefined;
}

/** Analytic envelope: exact off the bridges. */
export class EnvelopeCurve extends AnalyticCurve implements ConvexEnvelopeCurve {
  readonly kind: string;
  readonly bridges: readonly Bridge[];
  readonly method: EnvelopeMethod;
  readonly branches: readonly [TradeOffCurve, TradeOffCurve];
  readonly symmetric: boolean;
  private readonly json: () => TradeOffCurveJSON;
  private readonly inverseFactory: (self: EnvelopeCurve) => TradeOffCurve;
  /** Fast path: branch left of the bridge and right of it (skips evaluating the other one). */
  private readonly sides: readonly [TradeOffCurve, TradeOffCurve] | undefined;
  constructor(args: {
    kind: string;
    branches: readonly [TradeOffCurve, TradeOffCurve];
    bridges: readonly Bridge[];
    method: EnvelopeMethod;
    symmetric: boolean;
    json: () => TradeOffCurveJSON;
    inverse: (self: EnvelopeCurve) => TradeOffCurve;
    sides?: readonly [TradeOffCurve, TradeOffCurve];
  }) {
    super();
    this.kind = args.kind;
    this.branches = args.branches;
    this.bridges = args.bridges;
    this.method = args.method;
    this.symmetric = args.symmetric;
    this.json = args.json;
    this.inverseFactory = args.inverse;
    this.sides = args.sides;
  }
  valueAt(a: number): number {
    const b = bridgeAt(this.bridges, a);
    if (b !== undefined && b.to > b.from) {
      const t = (a - b.from) / (b.to - b.from);
      return b.fromValue + (b.toValue - b.fromValue) * t;
    }
    if (this.sides !== undefined && this.bridges.length === 1) {
      const only = this.bridges[0] as Bridge;
      return a < only.from ? this.sides[0].evaluate(a) : this.sides[1].evaluate(a);
    }
    return Math.min(this.branches[0].evaluate(a), this.branches[1].evaluate(a));
  }
  protected override makeInverse(): TradeOffCurve {
    return this.inverseFactory(this);
  }
  toJSON(): TradeOffCurveJSON {
    return this.json();
  }
  closedFormPrivacyProfile(epsilon: number): number {
    // the conjugate of min{f, g}** is the max of the conjugates: δ = max(δ_f, δ_g)
    return Math.max(privacyProfileUnchecked(this.branches[0], epsilon), privacyProfileUnchecked(this.branches[1], epsilon));
  }
}

/** Numeric envelope of numeric inputs: a piecewise-linear curve plus its bridges. */
export class PiecewiseEnvelopeCurve implements ConvexEnvelopeCurve {
  readonly kind: string;
  readonly bridges: readonly Bridge[];
  readonly method: EnvelopeMethod = 'exact';
  readonly branches: readonly [TradeOffCurve, TradeOffCurve];
  readonly symmetric: boolean;
  /** The envelope as a numeric curve. */
  readonly curve: PiecewiseLinearTradeOffCurve;
  private readonly inverseFactory: (self: PiecewiseEnvelopeCurve) => TradeOffCurve;
  private inverseCache: TradeOffCurve | undefined;
  constructor(args: {
    kind: string;
    curve: PiecewiseLinearTradeOffCurve;
    bridges: readonly Bridge[];
    branches: readonly [TradeOffCurve, TradeOffCurve];
    symmetric: boolean;
    inverse: (self: PiecewiseEnvelopeCurve) => TradeOffCurve;
  }) {
    this.kind = args.kind;
    this.curve = args.curve;
    this.bridges = args.bridges;
    this.branches = args.branches;
    this.symmetric = args.symmetric;
    this.inverseFactory = args.inverse;
  }
  evaluate(alpha: number): number {
    return this.curve.evaluate(alpha);
  }
  inverse(): TradeOffCurve {
    if (this.inverseCache === undefined) this.inverseCache = this.inverseFactory(this);
    return this.inverseCache;
  }
  sample(n?: number): TradeOffSample {
    return this.curve.sample(n);
  }
  toJSON(): TradeOffCurveJSON {
    return this.curve.toJSON();
  }
  closedFormPrivacyProfile(epsilon: number): number {
    return this.curve.closedFormPrivacyProfile(epsilon);
  }
}
