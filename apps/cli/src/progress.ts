/**
 * A progress bar on stderr for long work, drawn only when stderr is a terminal (CLI.md:
 * silent otherwise, so logs and pipes stay clean).
 */
import type { CommandIo } from './command.js';

/** Reports progress of a long task. */
export interface Progress {
  /** Sets how much of `total` is done. */
  update(done: number): void;
  /** Clears the bar. */
  finish(): void;
}

/**
 * A progress bar labelled `label` over `total` units; a no-op unless `io.stderrIsTTY`.
 *
 * @example const bar = createProgress(io, 'training', epochs); bar.update(1); bar.finish();
 */
export function createProgress(io: CommandIo, label: string, total: number): Progress {
  if (!io.stderrIsTTY || !(total > 0)) return { update: () => undefined, finish: () => undefined };
  let lastDrawn = -1;
  const width = 30;
  return {
    update(done: number): void {
      const fraction = Math.min(1, Math.max(0, done / total));
      const percent = Math.floor(fraction * 100);
      if (percent === lastDrawn) return;
      lastDrawn = percent;
      const filled = Math.round(fraction * width);
      io.stderr(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%`);
    },
    finish(): void {
      if (lastDrawn >= 0) io.stderr(`\r${' '.repeat(label.length + width + 10)}\r`);
    },
  };
}
