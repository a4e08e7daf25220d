/**
 * A threat-specific curve next to the DP guarantee of the same run: both curves, their
 * pointwise maximum and where each one binds (tradeoff-core `combineWithDp`). A DP guarantee
 * holds against every attacker, so a threat-specific guarantee of the same run and the same
 * neighbouring relation is never reported below it.
 */
import { bayesSecurity, combineWithDp, tprAtFpr, type BindingInterval, type NeighbouringRelation, type ResultKind, type TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireResultKind, requireTradeOffCurve } from '@dpbounds/tradeoff-core/advanced';
import { requireNeighbouring } from '../../accountant.js';
import { requireOptions } from '../../events/validate-event.js';
import { weakerKind } from './result-kinds.js';

/** One FPR of a combined view: the TPR bound and which curve gives it. */
export interface CombinedTprAtFpr {
  readonly fpr: number;
  /** 1 − max(threat, dp)(FPR): the highest TPR any attacker of the threat model reaches. */
  readonly tpr: number;
  /** `threat` when the threat-specific curve is the more private one at this FPR, else `dp`. */
  readonly binds: 'threat' | 'dp';
}

/** The DP side of a combination. */
export interface DpSide {
  /** The DP curve of the run (PLD-derived or exact Gaussian; pessimistic). */
  readonly curve: TradeOffCurve;
  /** `guarantee` unless the caller could only give an approximate DP curve. */
  readonly kind: ResultKind;
  readonly neighbouring: NeighbouringRelation;
  /** 1 − curve(FPR) at each FPR. */
  readonly tprAtFpr: readonly { readonly fpr: number; readonly tpr: number }[];
  /** β* = 1 − TV read from the curve. */
  readonly bayesSecurity: number;
}

/** The combined side: max(threat, dp). */
export interface CombinedSide {
  readonly curve: TradeOffCurve;
  /** The weaker of the two curves' kinds. */
  readonly kind: ResultKind;
  readonly neighbouring: NeighbouringRelation;
  readonly tprAtFpr: readonly CombinedTprAtFpr[];
  /** Maximal FPR intervals on which one curve binds, covering [0, 1]. */
  readonly binding: readonly BindingInterval[];
  /** True when the DP guarantee is at least the threat curve everywhere (the threat model adds nothing). */
  readonly dpEverywhere: boolean;
  /** β* = 1 − TV of the combined curve. */
  readonly bayesSecurity: number;
}

/** {@link combineThreatWithDp}'s result. */
export interface ThreatDpCombination {
  readonly dp: DpSide;
  readonly combined: CombinedSide;
}

/** Options of {@link combineThreatWithDp}. */
export interface CombineThreatWithDpOptions {
  /** The threat-specific curve of the run. */
  readonly threat: TradeOffCurve;
  /** What the threat curve is (`guarantee`, `estimate`, ...). */
  readonly threatKind: ResultKind;
  /** The DP guarantee curve of the same run and relation. */
  readonly dp: TradeOffCurve;
  /** What the DP curve is; default `guarantee`. */
  readonly dpKind?: ResultKind;
  /** The neighbouring relation both curves are for. */
  readonly neighbouring: NeighbouringRelation;
  /** FPRs in [0, 1] at which to read the TPR bounds; default none. */
  readonly fprs?: readonly number[];
}

/**
 * Combines a threat-specific curve of kind `threatKind` with the DP guarantee curve of the same
 * run and relation (of kind `dpKind`, default `guarantee`): reports the DP side, max(threat, dp)
 * labelled with the weaker kind, the TPR bound at each FPR with the curve that binds there, and
 * the binding intervals.
 *
 * Domain: two trade-off curves; FPRs in [0, 1]. Unknown option keys are refused.
 *
 * @example combineThreatWithDp({ threat: gaussianTradeOff(0.5), threatKind: 'estimate', dp: gaussianTradeOff(1), neighbouring: 'substitution', fprs: [0.01] }).combined.tprAtFpr[0].binds // 'threat'
 */
export function combineThreatWithDp(options: CombineThreatWithDpOptions): ThreatDpCombination {
  const o = requireOptions<CombineThreatWithDpOptions>('options', options, ['threat', 'threatKind', 'dp', 'dpKind', 'neighbouring', 'fprs'], false);
  const threat = requireTradeOffCurve('threat', o.threat);
  const dp = requireTradeOffCurve('dp', o.dp);
  const threatKind = requireResultKind('threatKind', o.threatKind);
  const dpKind = o.dpKind === undefined ? 'guarantee' : requireResultKind('dpKind', o.dpKind);
  const neighbouring = requireNeighbouring(o.neighbouring);
  const fprs = o.fprs ?? [];
  const combination = combineWithDp(threat, dp);
  const dpRows = tprAtFpr(dp, fprs);
  const combinedRows = tprAtFpr(combination.curve, fprs).map((row) => ({
    fpr: row.fpr,
    tpr: row.tpr,
    binds: threat.evaluate(row.fpr) > dp.evaluate(row.fpr) + 1e-12 ? ('threat' as const) : ('dp' as const),
  }));
  return {
    dp: { curve: dp, kind: dpKind, neighbouring, tprAtFpr: dpRows, bayesSecurity: bayesSecurity(dp) },
    combined: {
      curve: combination.curve,
      kind: weakerKind(threatKind, dpKind),
      neighbouring,
      tprAtFpr: combinedRows,
      binding: combination.binding,
      dpEverywhere: combination.dpEverywhere,
      bayesSecurity: bayesSecurity(combination.curve),
    },
  };
}
