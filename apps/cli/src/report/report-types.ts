/**
 * The shape of report.json (`dpbounds.report`, version 2). Every privacy number and every curve
 * carries its `kind` (guarantee, estimate, lower-bound, empirical) and its `neighbouring`
 * relation; a view never puts two relations on one plot. See docs/reading-the-views.md.
 */
import type { BindingInterval, NeighbouringRelation, ResultKind } from '@dpbounds/tradeoff-core';
import type { BatchSamplingSection } from './sampler-section.js';

/** What a curve is in the report's views. */
export type CurveRole =
  /** The DP guarantee of the run (PLD accountant) for one relation: the reference every view is combined with. */
  | 'dp'
  /** A threat-specific analysis on its own, before combining with DP (not drawn; kept for comparison). */
  | 'analysis'
  /** max(analysis, DP) of the same run and relation: what the report draws for a threat model. */
  | 'combined'
  /** An audit's lower bound drawn as an f-DP curve: the true curve lies on or below it somewhere. */
  | 'audit';

/** A sampled trade-off curve: β = f(α) (FNR at FPR α) on the grid of its relation's plot. */
export interface ReportCurve {
  readonly id: string;
  /** Legend text; always names the kind and the relation. */
  readonly label: string;
  readonly kind: ResultKind;
  readonly neighbouring: NeighbouringRelation;
  /** The attacker of the threat model, in words. */
  readonly threat: string;
  readonly role: CurveRole;
  /** Whether report.html draws it. */
  readonly plotted: boolean;
  /** Combined curves: on which FPR intervals the threat-specific curve or DP binds. */
  readonly binding?: readonly BindingInterval[];
  /** Combined curves: true when DP is at least the threat-specific curve everywhere. */
  readonly dpEverywhere?: boolean;
  readonly alpha: readonly number[];
  readonly beta: readonly number[];
}

/** An attack's or audit's ROC operating point with its Clopper–Pearson box (both rates). */
export interface ReportPoint {
  readonly id: string;
  readonly label: string;
  readonly kind: 'empirical';
  readonly neighbouring: NeighbouringRelation;
  readonly fpr: number;
  readonly fnr: number;
  /** Clopper–Pearson interval on the FPR (non-members as trials). */
  readonly fprLower: number;
  readonly fprUpper: number;
  /** Clopper–Pearson interval on the FNR = 1 − TPR (members as trials). */
  readonly fnrLower: number;
  readonly fnrUpper: number;
  readonly confidence: number;
}

/** A labelled object of report.json: the kind and relation of the numbers it holds. */
export interface Labelled {
  readonly kind: ResultKind;
  /** `null` only for numbers without a relation (none among the privacy numbers). */
  readonly neighbouring: NeighbouringRelation | null;
}

/** One row of `accounting`: ε at δ from one accountant for one relation. */
export interface AccountingRow extends Labelled {
  readonly accountant: 'pld' | 'rdp' | 'prv' | 'gdp';
  readonly delta: number;
  /** The guarantee (upper end of the numerical bracket) or, for `gdp`, the CLT estimate. */
  readonly epsilon: number;
  /** Lower end of the numerical bracket: the exact ε of this accounting lies in [epsilonLower, epsilon]. */
  readonly epsilonLower?: number;
  /** The accountant's point estimate inside the bracket. */
  readonly epsilonEstimate?: number;
  /** RDP: the order attaining ε. */
  readonly order?: number;
  /** GDP: the CLT μ (Bu et al. 2020, Poisson sampling). */
  readonly mu?: number;
  readonly note: string;
}

/** The report (the content of report.json). */
export interface DemoReport {
  readonly format: 'dpbounds.report';
  readonly version: 2;
  /** Inputs of the run (not results). */
  readonly config: Record<string, unknown>;
  /** Accuracy is not a privacy number: no kind or relation. */
  readonly utility: { readonly testAccuracy: number | null; readonly trainAccuracy: number | null; readonly testSize: number | null };
  readonly accounting: readonly AccountingRow[];
  /** The ε of the batch sampler that ran beside the Poisson ε, with kinds (sampler-section.ts). */
  readonly batchSampling: BatchSamplingSection;
  /**
   * Sections of a one-phase DP-SGD run (Poisson-subsampled Gaussian with one q and σ): absent for
   * a schedule or a banded matrix run, with the reason in `unavailable`. `overTraining` also
   * needs the held-out evaluation trace.
   */
  readonly bayesSecurity?: Record<string, unknown>;
  readonly rtm?: Record<string, unknown>;
  readonly overTraining?: Record<string, unknown>;
  /**
   * Optional sections: `undefined` (absent from report.json) when they could not be computed for
   * this run (an instrument off, no held-out split, too few canaries), with the reason in `unavailable`.
   */
  readonly gmip: Record<string, unknown> | undefined;
  readonly perInstance: Record<string, unknown> | undefined;
  readonly attack: Record<string, unknown> | undefined;
  readonly audit: Record<string, unknown> | undefined;
  /** The audit from the input-space canaries (black-box loss scores): `null` without input canaries, absent when it failed. */
  readonly inputAudit: Record<string, unknown> | null | undefined;
  /** The relations the report's plots are drawn for, one plot (linear and log FPR) each. */
  readonly views: readonly NeighbouringRelation[];
  readonly curves: readonly ReportCurve[];
  readonly points: readonly ReportPoint[];
  /** Sections that could not be computed, with the reason. */
  readonly unavailable: readonly { readonly section: string; readonly reason: string }[];
  readonly seconds: Record<string, number>;
}
