/**
 * What a view needs to draw a one-run audit as what it is. An audit rejects a privacy claim:
 * with the stated confidence the run is NOT μ*-GDP (Gaussian family) or NOT (ε*, δ)-DP, so the
 * run's true trade-off curve lies on or below the audit's curve G_μ* somewhere, not everywhere
 * (Mahloujifar, Melis & Chaudhuri 2024, Def. 7; Steinke, Nasr & Jagielski 2023, Thm 3.1;
 * docs/math/audit-one-run.md). So the audit is drawn as its μ-curve, or stated as an (ε, δ)
 * number, and never as a curve that would claim the run is less private than a proven guarantee
 * everywhere.
 */
import { requireInRange, requireInteger, requireObject } from '@dpbounds/special-functions';
import { dominates, gaussianTradeOff, type NeighbouringRelation, type ResultKind, type TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireResultKind } from '@dpbounds/tradeoff-core/advanced';

/** How to draw an audit result. */
export type AuditDrawing =
  | {
      /** Draw G_μ*: the true curve lies on or below it somewhere. */
      readonly draw: 'gaussian-curve';
      readonly mu: number;
      readonly curve: TradeOffCurve;
    }
  | {
      /** State "ε ≥ epsilon at δ = delta" as a number (no curve). */
      readonly draw: 'epsilon-delta';
      readonly epsilon: number;
      readonly delta: number;
      /** Why no curve: the family has no μ, nothing was rejected, or G_μ* crosses below the guarantee. */
      readonly reason: string;
    };

/** The labels every audit result carries. */
export interface AuditLabels {
  /**
   * `lower-bound`: a (confidence)-level lower bound on the true privacy loss (one test, or
   * Bonferroni-corrected); `empirical`: the best of several guess counts without correction
   * (optimistic multiple testing); `estimate`: a simulated (idealised) attacker, not a measurement.
   */
  readonly kind: ResultKind;
  /** The game's relation: membership (k = 2) is add/remove of a canary; reconstruction (k > 2) substitutes one of k candidates. */
  readonly neighbouring: NeighbouringRelation;
  /** One sentence a report can print under the number. */
  readonly meaning: string;
}

/**
 * The labels of an audit result with `kind`, `confidence` and game size k; with the result's
 * `empiricalEpsilon` when known, so that a measured audit proving ε = 0 says it proves nothing on
 * this run (rejecting nothing is no evidence either way) instead of describing a rejection.
 * Domain: confidence ∈ (0, 1), bucketSize an integer ≥ 2, empiricalEpsilon ∈ [0, ∞] when given.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming the argument outside its domain.
 * @example auditLabels('lower-bound', 0.95, 2).neighbouring // 'add-remove'
 * @example auditLabels('lower-bound', 0.95, 2, 0).meaning // 'Proves nothing on this run: …'
 */
export function auditLabels(kind: ResultKind, confidence: number, bucketSize: number, empiricalEpsilon?: number): AuditLabels {
  requireResultKind('kind', kind);
  requireInRange('confidence', confidence, { min: 0, minExclusive: true, max: 1, maxExclusive: true });
  requireInteger('bucketSize', bucketSize, { min: 2 });
  if (empiricalEpsilon !== undefined) requireInRange('empiricalEpsilon', empiricalEpsilon, { min: 0, max: Number.POSITIVE_INFINITY });
  const pct = `${Math.round(confidence * 1e4) / 100} %`;
  const meaning =
    kind !== 'estimate' && empiricalEpsilon !== undefined && !(empiricalEpsilon > 0)
      ? `Proves nothing on this run: at ${pct} confidence the audit shows no privacy loss above ε = 0 (no evidence either way: it does not show that the run is private).`
      : kind === 'lower-bound'
      ? `With ${pct} confidence the run is not private at the tested level: the true privacy loss is at least this (a lower bound, not a guarantee).`
      : kind === 'empirical'
      ? `Best of several guess counts without correction: indicative only, not a ${pct} lower bound (use Bonferroni for one).`
      : 'Simulated optimal attacker (idealised setting): what an audit could show, not a measurement of this run.';
  return { kind, neighbouring: bucketSize === 2 ? 'add-remove' : 'substitution', meaning };
}

/**
 * How to draw an audit: its Gaussian curve G_μ* when the Gaussian family found μ* > 0 and G_μ*
 * does not cross below `guarantee` (the DP guarantee of the same run, if known), otherwise the
 * (ε, δ) lower bound as a number. A G_μ* below a proven guarantee somewhere would contradict the
 * guarantee only in a drawing (the audit's claim is "below G_μ* somewhere"), so it is not drawn.
 *
 * @example auditDrawing({ empiricalMu: 0.78, empiricalEpsilon: 3.3, delta: 1e-5 }).draw // 'gaussian-curve'
 */
export function auditDrawing(result: { readonly empiricalMu?: number; readonly empiricalEpsilon: number; readonly delta: number }, guarantee?: TradeOffCurve): AuditDrawing {
  requireObject('result', result);
  const mu = result.empiricalMu;
  const number = (reason: string): AuditDrawing => ({ draw: 'epsilon-delta', epsilon: result.empiricalEpsilon, delta: result.delta, reason });
  if (mu === undefined) return number('the audit family has no Gaussian parameter');
  if (!(mu > 0)) return number('nothing was rejected (μ* = 0)');
  const curve = gaussianTradeOff(mu);
  if (guarantee !== undefined && !dominates(curve, guarantee).dominates) {
    return number('G_μ* crosses below the guarantee curve, which still holds; only the number is meaningful');
  }
  return { draw: 'gaussian-curve', mu, curve };
}
