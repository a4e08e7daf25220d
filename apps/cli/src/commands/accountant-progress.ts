/**
 * Runs one computation per accountant with a progress bar naming each (`dp: pld accountant`),
 * shared by `dpbounds dp` for DP-SGD and for banded matrix mechanisms (docs/cli.md, "Progress").
 */
import type { CommandIo } from '../command.js';
import { createProgress } from '../progress.js';

/**
 * Runs `work` for each of `kinds` in order, one progress stage each; the bar is drawn at once
 * when `slow` (each accountant is one synchronous computation of seconds, so a bar that waits
 * half a second before drawing would never appear). Domain: any list of accountant names.
 *
 * @example withAccountantProgress(io, ['rdp', 'pld'], false, (kind) => price(kind))
 */
export function withAccountantProgress<K extends string, T>(io: CommandIo, kinds: readonly K[], slow: boolean, work: (kind: K) => T): T[] {
  const progress = createProgress(io, 'dp', kinds.length, { eager: slow });
  try {
    return kinds.map((kind, i) => {
      progress.stage(`${kind} accountant`);
      progress.update(i);
      const out = work(kind);
      progress.update(i + 1);
      return out;
    });
  } finally {
    progress.finish();
  }
}
