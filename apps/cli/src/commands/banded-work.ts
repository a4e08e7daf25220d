/**
 * How much work the library's sensitivity search for a banded matrix mechanism takes
 * (docs/math/batch-samplers.md, section 7, eq. (B1)–(B3)), so that `dpbounds dp --mechanism
 * banded-matrix` refuses a run it cannot finish in seconds with one line instead of running out
 * of memory or time. The search is exact and runs a few times per command (building the event,
 * then once per accountant), so the caps below keep each pass to about a second.
 */
import type { BandedParticipation } from '@dpbounds/accountants';
import { formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';

/** Most strategy entries held in memory (n·b diagonal entries as doubles: 128 MiB). */
export const MAX_BANDED_CELLS: number = 2 ** 24;
/** Most inner-product terms of one sensitivity search (≈ 1–2 s on one core). */
export const MAX_BANDED_OPERATIONS: number = 5e8;
/**
 * Most ledger steps of one run: cyclic participation with k ≥ b prices each of the worst
 * record's ⌈n/k⌉ participations as its own step (an object each, built a few times per command;
 * 2^20 of them take about 0.4 GB and 2 s).
 */
export const MAX_BANDED_LEDGER_STEPS: number = 2 ** 20;

/** What the cost depends on. */
export interface BandedWorkInput {
  readonly steps: number;
  readonly bands: number;
  readonly minSeparation: number;
  readonly participation: BandedParticipation;
  /** True when C is given by its diagonals (inner products cost O(b)), false for column norms (O(1)). */
  readonly byDiagonals: boolean;
}

/**
 * The memory (entries) and operations of one sensitivity search: n·b entries of the diagonals
 * (n for column norms); n·b operations for the column norms, plus, where participations lie
 * closer than b steps (cyclic with k < b: about n·⌈b/k⌉ pairs; balls-in-bins: n·b pairs), one
 * inner product per pair (b operations from the diagonals, 1 from column norms); and the ledger
 * steps priced (⌈n/k⌉ for cyclic with k ≥ b, else 1).
 *
 * @example bandedWork({ steps: 10_000, bands: 100, minSeparation: 100, participation: 'balls-in-bins', byDiagonals: true }) // { cells: 1e6, operations: 1.01e8, ledgerSteps: 1 }
 */
export function bandedWork(input: BandedWorkInput): { cells: number; operations: number; ledgerSteps: number } {
  const { steps: n, bands: b, minSeparation: k, participation } = input;
  const inner = input.byDiagonals ? b : 1;
  const pairs = participation === 'balls-in-bins' ? n * b : participation === 'cyclic' && k < b ? n * Math.ceil(b / k) : 0;
  const ledgerSteps = participation === 'cyclic' && k >= b ? Math.ceil(n / k) : 1;
  return { cells: input.byDiagonals ? n * b : n, operations: n * b + pairs * inner, ledgerSteps };
}

/**
 * Refuses a run whose sensitivity search would exceed {@link MAX_BANDED_CELLS} entries,
 * {@link MAX_BANDED_LEDGER_STEPS} ledger steps or {@link MAX_BANDED_OPERATIONS} operations,
 * naming the flags that set them with their values.
 *
 * @throws UsageError (exit 2).
 * @example requireBandedWork({ steps: 1_000_000, bands: 1000, minSeparation: 1, participation: 'cyclic', byDiagonals: true }) // throws
 */
export function requireBandedWork(input: BandedWorkInput): void {
  const { cells, operations, ledgerSteps } = bandedWork(input);
  const what = `--steps ${input.steps} with --bands ${input.bands}`;
  if (cells > MAX_BANDED_CELLS) {
    throw new UsageError(`${what}: the strategy's diagonals hold n·b = ${formatNumber(cells)} entries, more than the ${formatNumber(MAX_BANDED_CELLS)} this command keeps in memory; give fewer steps or bands, or the strategy's column norms (--strategy FILE.txt, n entries)`);
  }
  if (ledgerSteps > MAX_BANDED_LEDGER_STEPS) {
    throw new UsageError(`--steps ${input.steps} with --min-separation ${input.minSeparation}: the worst record's ⌈n/k⌉ = ${ledgerSteps} participations are priced one ledger step each, more than the ${MAX_BANDED_LEDGER_STEPS} this command holds; give fewer steps or a larger --min-separation`);
  }
  if (operations > MAX_BANDED_OPERATIONS) {
    const rule = input.participation === 'balls-in-bins' ? 'n·b² for balls-in-bins' : 'n·⌈b/k⌉·b for cyclic with --min-separation < --bands';
    throw new UsageError(`${what}: the worst-pattern sensitivity search takes about ${formatNumber(operations)} operations (${rule}), more than the ${formatNumber(MAX_BANDED_OPERATIONS)} this command runs; give fewer steps or bands${input.byDiagonals ? ', or the column norms (n·b, a looser bound)' : ''}`);
  }
}
