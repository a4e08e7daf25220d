/** The messages between `dpbounds sweep` and its worker threads. */
import type { SweepConfiguration, SweepRow } from '@dpbounds/accountants';
import type { DpboundsErrorDetails } from '@dpbounds/special-functions';

/** A configuration sent to a worker. */
export interface SweepWorkerTask {
  readonly index: number;
  readonly config: SweepConfiguration;
}

/** A worker's answer: the row, or the error (typed errors keep their details). */
export type SweepWorkerReply =
  | { readonly kind: 'row'; readonly index: number; readonly row: SweepRow }
  | { readonly kind: 'error'; readonly index: number; readonly name: string; readonly message: string; readonly stack?: string; readonly details?: DpboundsErrorDetails };
