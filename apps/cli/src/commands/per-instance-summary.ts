/**
 * What a per-instance analysis adds to a run's DP guarantee: the run's tightest data-independent
 * guarantee (the PLD ε of the same q, σ, T, δ, add-remove pair, as `dpbounds dp` computes it)
 * beside the per-record estimates, how many records are below it, and a plain sentence when none
 * is (docs/per-instance.md, "Reading the output"). Used by `dpbounds per-instance` and reusable by
 * any command that shows per-instance ε (JSON-ready fields and text lines; no math here).
 */
import { dpAccountantEvaluation } from '@dpbounds/accountants/advanced';
import type { PerInstancePrivacy } from '@dpbounds/accountants';
import { isDpboundsError } from '@dpbounds/special-functions';
import { formatNumber } from '../format.js';

/** The run a guarantee is computed for: Poisson DP-SGD (noise multiplier σ = noise std / C). */
export interface PerInstanceRun {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly delta: number;
}

/** The run's DP guarantee (PLD, pessimistic discretisation: the exact ε is in [epsilonLower, epsilon]). */
export interface RunDpGuarantee {
  readonly accountant: 'pld';
  readonly kind: 'guarantee';
  readonly neighbouring: 'add-remove';
  readonly delta: number;
  readonly epsilon: number;
  readonly epsilonLower: number;
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
}

/** {@link runDpGuarantee}'s answer when the accountant could not give one (the reason, one line). */
export interface RunDpGuaranteeUnavailable {
  readonly unavailable: string;
}

/**
 * The run's tightest DP guarantee: ε at δ of T steps of the Poisson-subsampled Gaussian by the PLD
 * accountant (Koskela et al. 2021 / Doroshenko et al. 2022 discretisation), add-remove, through
 * `dpAccountantEvaluation('pld', …)` (the `dpbounds dp` row). Every record has this guarantee.
 *
 * @returns the guarantee, or `{ unavailable }` naming why when the accountant refuses the run.
 * @example runDpGuarantee({ samplingRate: 1 / 103, noiseMultiplier: 1, steps: 309, delta: 1e-5 }) // { epsilon: 1.048…, kind: 'guarantee', … }
 */
export function runDpGuarantee(run: PerInstanceRun): RunDpGuarantee | RunDpGuaranteeUnavailable {
  try {
    const { result } = dpAccountantEvaluation('pld', { ...run, neighbouring: 'add-remove' });
    const epsilon = result['epsilon'];
    const lower = result['epsilonLower'];
    if (typeof epsilon !== 'number' || !Number.isFinite(epsilon)) return { unavailable: `the PLD accountant gives no finite ε at δ = ${formatNumber(run.delta)} for this run` };
    return {
      accountant: 'pld',
      kind: 'guarantee',
      neighbouring: 'add-remove',
      delta: run.delta,
      epsilon,
      epsilonLower: typeof lower === 'number' && Number.isFinite(lower) ? lower : 0,
      samplingRate: run.samplingRate,
      noiseMultiplier: run.noiseMultiplier,
      steps: run.steps,
    };
  } catch (error) {
    if (isDpboundsError(error)) return { unavailable: `the PLD accountant refused the run: ${error.message}` };
    throw error;
  }
}

/** Input of {@link perInstanceSummary}: the guarantees to compare the per-record values with. */
export interface PerInstanceGuarantees {
  /** The run's DP guarantee ({@link runDpGuarantee}). */
  readonly dp: RunDpGuarantee | RunDpGuaranteeUnavailable;
  /** δ of the per-instance (ε, δ) values (the same δ as the DP guarantee's). */
  readonly delta: number;
}

/** JSON-ready fields of {@link perInstanceSummary} (merged into `dpbounds per-instance --json`). */
export interface PerInstanceSummaryJson {
  /** The run's DP guarantee, or null when unavailable (`dpGuaranteeUnavailable` says why). */
  readonly dpGuarantee: RunDpGuarantee | null;
  readonly dpGuaranteeUnavailable?: string;
  /** The data-independent RDP guarantee at the per-instance orders and conversion (the cap of every record's ε). */
  readonly rdpGuarantee: { readonly accountant: 'rdp'; readonly kind: 'guarantee'; readonly neighbouring: 'add-remove'; readonly delta: number; readonly epsilon: number; readonly order: number };
  /** How the per-record estimates compare with the guarantees. */
  readonly comparison: {
    readonly kind: 'estimate';
    readonly records: number;
    /** Records whose reported ε is below the run's DP guarantee (null when there is none). */
    readonly belowDpGuarantee: number | null;
    /** Records whose reported ε is below the data-independent RDP ε (bound `per-instance`). */
    readonly belowRdpGuarantee: number;
    /** Whether per-instance accounting gives any record less than the DP guarantee. */
    readonly gain: boolean | null;
    /** The sentence the text output ends with. */
    readonly verdict: string;
  };
}

/** What is reported for one record: the smallest valid ε known for it, and where it comes from. */
export interface PerInstanceRecordSummary {
  /**
   * The smallest of the record's per-instance ε (the library's `epsilon`, itself capped at each
   * order by the data-independent RDP) and the run's DP guarantee: never above any
   * data-independent guarantee of the run.
   */
  readonly epsilon: number;
  /** `per-instance` when the per-instance estimate is below both guarantees, else `data-independent`. */
  readonly bound: 'per-instance' | 'data-independent';
  /** `estimate` for a per-instance value, `guarantee` for a data-independent one. */
  readonly epsilonKind: 'estimate' | 'guarantee';
  /** For a data-independent `epsilon`: the accountant that gave it (`pld`: the DP guarantee; `rdp`: the RDP one). */
  readonly guaranteeAccountant: 'pld' | 'rdp' | null;
  /** Whether the per-instance ε is below the run's DP guarantee (null when there is none). */
  readonly belowDpGuarantee: boolean | null;
}

/** Output of {@link perInstanceSummary}. */
export interface PerInstanceSummary {
  readonly json: PerInstanceSummaryJson;
  /** Per record, in the result's order: the ε to report and its source. */
  readonly records: readonly PerInstanceRecordSummary[];
  /** Label/value rows for the head of the text output (`formatKeyValues`). */
  readonly rows: readonly (readonly [string, string])[];
  /** The verdict, one plain sentence. */
  readonly lines: readonly string[];
}

/**
 * Compares a per-instance result (`perInstancePrivacy` / `perInstanceBatchPrivacy`) with the
 * run's guarantees: the DP guarantee (PLD, the ε to publish; every record has it) and the
 * data-independent RDP ε at the same orders (the library's cap of each record's ε). Each record's
 * reported ε is the smallest of the three (all bound the same record's privacy loss), so it is
 * never above a guarantee of the run. A record counts as below the DP guarantee when its
 * per-instance ε (an estimate) is strictly smaller. When none is,
 * the verdict says "no record's per-instance ε is below the run's DP guarantee ε = …:
 * per-instance accounting shows no gain for this run".
 *
 * @example perInstanceSummary(perInstancePrivacy({ … }), { dp: runDpGuarantee({ samplingRate, noiseMultiplier, steps, delta }), delta }).lines[0]
 */
export function perInstanceSummary(result: PerInstancePrivacy, guarantees: PerInstanceGuarantees): PerInstanceSummary {
  const dp = 'unavailable' in guarantees.dp ? null : guarantees.dp;
  const n = result.records.length;
  const di = result.dataIndependent;
  const records = result.records.map((record): PerInstanceRecordSummary => {
    const belowDpGuarantee = dp === null ? null : record.epsilon < dp.epsilon;
    if (belowDpGuarantee === false) return { epsilon: (dp as RunDpGuarantee).epsilon, bound: 'data-independent', epsilonKind: 'guarantee', guaranteeAccountant: 'pld', belowDpGuarantee };
    const perInstance = record.bound === 'per-instance';
    return { epsilon: record.epsilon, bound: record.bound, epsilonKind: perInstance ? 'estimate' : 'guarantee', guaranteeAccountant: perInstance ? null : 'rdp', belowDpGuarantee };
  });
  const belowDp = dp === null ? null : records.filter((r) => r.belowDpGuarantee === true).length;
  const belowRdp = result.records.filter((record) => record.bound === 'per-instance').length;
  const delta = guarantees.delta;
  let verdict: string;
  if (dp === null) {
    verdict = `no DP guarantee to compare with (${(guarantees.dp as RunDpGuaranteeUnavailable).unavailable}); ${belowRdp} of ${n} record(s) have a per-instance ε below the data-independent RDP ε = ${formatNumber(di.epsilon)}`;
  } else if (belowDp === 0) {
    verdict = `no record's per-instance ε is below the run's DP guarantee ε = ${formatNumber(dp.epsilon)}: per-instance accounting shows no gain for this run`;
  } else {
    verdict = `${belowDp} of ${n} record(s) have a per-instance ε (an estimate) below the run's DP guarantee ε = ${formatNumber(dp.epsilon)}; ${n - (belowDp ?? 0)} get nothing better than it`;
  }
  const json: PerInstanceSummaryJson = {
    dpGuarantee: dp,
    ...(dp === null ? { dpGuaranteeUnavailable: (guarantees.dp as RunDpGuaranteeUnavailable).unavailable } : {}),
    rdpGuarantee: { accountant: 'rdp', kind: 'guarantee', neighbouring: 'add-remove', delta, epsilon: di.epsilon, order: di.order },
    comparison: { kind: 'estimate', records: n, belowDpGuarantee: belowDp, belowRdpGuarantee: belowRdp, gain: belowDp === null ? null : belowDp > 0, verdict },
  };
  const rows: [string, string][] = [
    ['DP guarantee (every record)', dp === null ? `unavailable (${(guarantees.dp as RunDpGuaranteeUnavailable).unavailable})` : `epsilon ${formatNumber(dp.epsilon)} at delta ${formatNumber(dp.delta)} (PLD, add-remove, guarantee)`],
    ['data-independent RDP epsilon', `${formatNumber(di.epsilon)} (alpha ${di.order}, the per-instance orders and conversion; guarantee)`],
    ['below the DP guarantee', belowDp === null ? '—' : `${belowDp} of ${n} records (estimate)`],
  ];
  return { json, records, rows, lines: [verdict] };
}
