/**
 * Empirical trade-off curves (ROC) from membership-inference attack scores, with exact
 * Clopper–Pearson confidence intervals (docs/math/tradeoff-core.md §10).
 */
import { requireFiniteArray, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { piecewiseLinearFromSorted, type PiecewiseLinearTradeOffCurve } from '../curve/piecewise-linear-trade-off.js';
import { requireAlpha } from '../curve/validate-alpha.js';
import { clopperPearsonUnchecked } from './clopper-pearson.js';

/** The raw ROC: one point per distinct score threshold, from (0, 0) to (1, 1). */
export interface EmpiricalRoc {
  /** False-positive rates, non-decreasing. */
  readonly fpr: Float64Array;
  /** True-positive rates, non-decreasing. */
  readonly tpr: Float64Array;
  /** Threshold t of each point: "member" iff score ≥ t (+∞ for the first point). */
  readonly thresholds: Float64Array;
}

/** TPR at one requested FPR, with its exact confidence interval. */
export interface EmpiricalTprAtFpr {
  /** The requested FPR. */
  readonly fpr: number;
  /** The largest empirical TPR of a threshold whose FPR is ≤ the requested one. */
  readonly tpr: number;
  /** Clopper–Pearson bounds on the TPR of that threshold (members as trials). */
  readonly tprLower: number;
  readonly tprUpper: number;
  /** The threshold used ("member" iff score ≥ threshold) and its empirical FPR. */
  readonly threshold: number;
  readonly achievedFpr: number;
}

/** Pointwise Clopper–Pearson bands at selected ROC points. */
export interface EmpiricalBand {
  readonly fpr: Float64Array;
  readonly fprLower: Float64Array;
  readonly fprUpper: Float64Array;
  readonly tpr: Float64Array;
  readonly tprLower: Float64Array;
  readonly tprUpper: Float64Array;
}

/** The result of {@link empiricalTradeOff}. */
export interface EmpiricalTradeOff {
  readonly members: number;
  readonly nonMembers: number;
  readonly confidence: number;
  readonly roc: EmpiricalRoc;
  /**
   * The convex hull of the ROC as a trade-off curve β(α) = 1 − TPR(α): what an attacker
   * randomising between thresholds achieves (Fawcett 2006, "ROC convex hull").
   */
  readonly curve: PiecewiseLinearTradeOffCurve;
  /** Area under the raw ROC (ties count ½: equal to the Mann–Whitney statistic). */
  readonly auc: number;
  /** TPR at each FPR with exact confidence intervals (threshold attacks, no randomisation). */
  tprAtFpr(fprs: ArrayLike<number>): EmpiricalTprAtFpr[];
  /** Pointwise Clopper–Pearson bands on FPR and TPR at up to `maxPoints` ROC points (default 256). */
  band(maxPoints?: number): EmpiricalBand;
}

function sortedCopy(name: string, scores: ArrayLike<number>): Float64Array {
  requireFiniteArray(name, scores, { minLength: 1 });
  const copy = scores instanceof Float64Array ? scores.slice() : Float64Array.from(scores);
  return copy.sort();
}

/**
 * The empirical ROC of a membership-inference attack from the scores of members and non-members
 * (higher score = more likely a member), as a trade-off curve (α = FPR, β = 1 − TPR; Dong, Roth &
 * Su 2022, §2.1) with exact Clopper–Pearson intervals (Clopper & Pearson 1934) at a chosen
 * confidence. One ROC point per distinct score (ties between or within groups move FPR and TPR
 * together, i.e. a diagonal segment), so the ROC is exact for threshold attacks; `curve` is its
 * convex hull (the best randomised attack built from these thresholds). Intervals are pointwise
 * (per threshold), not simultaneous bands.
 *
 * Complexity: both score arrays are copied and sorted once (typed-array sort), then merged in
 * O(n); 10⁷ scores take a few seconds and ~4 arrays of n doubles.
 *
 * @param memberScores scores of members (≥ 1, finite). @param nonMemberScores of non-members.
 * @param options.confidence c ∈ (0, 1), default 0.95.
 * @throws DpboundsTypeError for empty arrays; DpboundsRangeError for NaN/∞ scores or c outside (0, 1).
 * @example
 * const e = empiricalTradeOff([3, 2.5, 0.1], [0.2, -1, 0.4]);
 * e.tprAtFpr([0]); // [{ fpr: 0, tpr: 0.666…, tprLower: 0.094…, tprUpper: 0.991…, … }]
 */
export function empiricalTradeOff(memberScores: ArrayLike<number>, nonMemberScores: ArrayLike<number>, options: { readonly confidence?: number } = {}): EmpiricalTradeOff {
  requireOptions('options', options, ['confidence']);
  const confidence = requireInRange('confidence', options.confidence ?? 0.95, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const pos = sortedCopy('memberScores', memberScores);
  const neg = sortedCopy('nonMemberScores', nonMemberScores);
  const n1 = pos.length;
  const n0 = neg.length;
  const cap = n0 + n1 + 1;
  const tp = new Float64Array(cap);
  const fp = new Float64Array(cap);
  const thresholds = new Float64Array(cap);
  thresholds[0] = Infinity;
  let i = n1 - 1;
  let j = n0 - 1;
  let m = 1;
  let tpc = 0;
  let fpc = 0;
  while (i >= 0 || j >= 0) {
    const t = i < 0 ? (neg[j] as number) : j < 0 ? (pos[i] as number) : Math.max(pos[i] as number, neg[j] as number);
    while (i >= 0 && pos[i] === t) {
      tpc++;
      i--;
    }
    while (j >= 0 && neg[j] === t) {
      fpc++;
      j--;
    }
    tp[m] = tpc;
    fp[m] = fpc;
    thresholds[m] = t;
    m++;
  }
  const fpr = new Float64Array(m);
  const tpr = new Float64Array(m);
  let area = 0;
  for (let k = 0; k < m; k++) {
    fpr[k] = (fp[k] as number) / n0;
    tpr[k] = (tp[k] as number) / n1;
    if (k > 0) area += (((fpr[k] as number) - (fpr[k - 1] as number)) * ((tpr[k] as number) + (tpr[k - 1] as number))) / 2;
  }
  const beta = new Float64Array(m);
  for (let k = 0; k < m; k++) beta[k] = 1 - (tpr[k] as number);
  const curve = piecewiseLinearFromSorted(fpr, beta);
  const roc: EmpiricalRoc = { fpr, tpr, thresholds: thresholds.slice(0, m) };
  const tpCounts = tp.subarray(0, m);
  const fpCounts = fp.subarray(0, m);

  return {
    members: n1,
    nonMembers: n0,
    confidence,
    roc,
    curve,
    auc: area,
    tprAtFpr(fprs: ArrayLike<number>): EmpiricalTprAtFpr[] {
      requireFiniteArray('fprs', fprs);
      const out: EmpiricalTprAtFpr[] = [];
      for (let q = 0; q < fprs.length; q++) {
        const value = fprs[q];
        // the parameter name is only built when the value is rejected (hot loop)
        const a = typeof value === 'number' && value >= 0 && value <= 1 ? value : requireAlpha(value, `fprs[${q}]`);
        // last point with FPR ≤ a (FPR non-decreasing): binary search
        let lo = 0;
        let hi = m - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >>> 1;
          if ((fpr[mid] as number) <= a) lo = mid;
          else hi = mid - 1;
        }
        const k = tpCounts[lo] as number;
        const ci = clopperPearsonUnchecked(k, n1, confidence);
        out.push({ fpr: a, tpr: tpr[lo] as number, tprLower: ci.lower, tprUpper: ci.upper, threshold: roc.thresholds[lo] as number, achievedFpr: fpr[lo] as number });
      }
      return out;
    },
    band(maxPoints = 256): EmpiricalBand {
      const count = Math.min(m, requireInteger('maxPoints', maxPoints, { min: 2, max: 1e6 }));
      const idx = Array.from({ length: count }, (_, r) => Math.round((r * (m - 1)) / (count - 1)));
      const pick = (src: ArrayLike<number>): Float64Array => Float64Array.from(idx, (k) => src[k] as number);
      const fprLower = new Float64Array(count);
      const fprUpper = new Float64Array(count);
      const tprLower = new Float64Array(count);
      const tprUpper = new Float64Array(count);
      idx.forEach((k, r) => {
        const f = clopperPearsonUnchecked(fpCounts[k] as number, n0, confidence);
        const t = clopperPearsonUnchecked(tpCounts[k] as number, n1, confidence);
        fprLower[r] = f.lower;
        fprUpper[r] = f.upper;
        tprLower[r] = t.lower;
        tprUpper[r] = t.upper;
      });
      return { fpr: pick(fpr), fprLower, fprUpper, tpr: pick(tpr), tprLower, tprUpper };
    },
  };
}
