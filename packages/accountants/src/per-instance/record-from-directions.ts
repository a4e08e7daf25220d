/**
 * One record's per-instance privacy from its two directions (Thudi et al. 2024 take both
 * D_α(M(X')‖M(X)) and D_α(M(X)‖M(X'))): the per-instance RDP at each order is the larger of the
 * covered directions, capped by the data-independent RDP (which holds for every record), and ε is
 * minimised over the orders, so it is never above the data-independent ε; `bound` says which of
 * the two gave it (docs/math/per-instance-rdp.md §5, "Which bound is reported").
 */
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import type { PerInstanceDirection, PerInstanceRecordPrivacy } from './per-instance-privacy.js';

/** Where {@link recordFromDirections} writes a record's two curves (views of shared arrays, one slot per order). */
export interface RecordCurveSlots {
  readonly perInstanceRdpByOrder: Float64Array;
  readonly rdpByOrder: Float64Array;
}

/**
 * The record entry of a per-instance analysis from the runs with and without the record (either
 * may be null when no run covers it; not both), the data-independent RDP at the same orders and δ,
 * and the data-independent ε it converts to (the same conversion). `slots`, when given, receive
 * the record's curves (a caller with many records passes views of two shared arrays: one
 * allocation each instead of two per record).
 *
 * @example recordFromDirections([8], 1e-5, Float64Array.of(2), 6.6, { runs: 1, rdpByOrder: Float64Array.of(0.5), epsilon: 2.1 }, null).bound // 'per-instance'
 */
export function recordFromDirections(
  orders: readonly number[],
  delta: number,
  dataIndependentRdp: Float64Array,
  dataIndependentEpsilon: number,
  withRecord: PerInstanceDirection | null,
  withoutRecord: PerInstanceDirection | null,
  slots?: RecordCurveSlots,
): PerInstanceRecordPrivacy {
  const perInstanceRdpByOrder = slots?.perInstanceRdpByOrder ?? new Float64Array(orders.length);
  const rdpByOrder = slots?.rdpByOrder ?? new Float64Array(orders.length);
  for (let o = 0; o < orders.length; o++) {
    perInstanceRdpByOrder[o] = Math.max(withRecord?.rdpByOrder[o] ?? 0, withoutRecord?.rdpByOrder[o] ?? 0);
    rdpByOrder[o] = Math.min(perInstanceRdpByOrder[o] as number, dataIndependentRdp[o] as number);
  }
  const best = rdpCurveToEpsilon(orders, rdpByOrder, delta, 'improved');
  return {
    rdpByOrder,
    perInstanceRdpByOrder,
    epsilon: best.epsilon,
    order: best.order,
    rdp: rdpByOrder[orders.indexOf(best.order)] as number,
    perInstanceEpsilon: rdpCurveToEpsilon(orders, perInstanceRdpByOrder, delta, 'improved').epsilon,
    withRecord,
    withoutRecord,
    bound: best.epsilon < dataIndependentEpsilon ? 'per-instance' : 'data-independent',
    coverage: withRecord !== null && withoutRecord !== null ? 'both' : withRecord !== null ? 'with-record' : 'without-record',
    kind: 'estimate',
  };
}
