/**
 * A progress bar on stderr for long work, drawn only when stderr is a terminal (silent
 * otherwise, so logs and pipes stay clean). It shows the stage the work is in, the fraction
 * done and the elapsed time: `demo: training [######........]  42%  12s`. Nothing is drawn
 * before `delayMs` have passed, so commands that finish quickly never flash a bar.
 */
import type { CommandIo } from './command.js';

/** Reports progress of a long task. */
export interface Progress {
  /** Sets how much of the current total is done. */
  update(done: number): void;
  /**
   * Names the stage the work is in (`training`, `accounting`, `auditing`), shown before the
   * bar; with `total`, the bar restarts at `done` (default 0) of `total` for this stage,
   * otherwise it keeps counting towards the previous total.
   */
  stage(name: string, total?: number, done?: number): void;
  /** Clears the bar. */
  finish(): void;
}

/** Options of {@link createProgress} (tests inject the clock). */
export interface ProgressOptions {
  /** Milliseconds before the first draw (default 500). */
  readonly delayMs?: number;
  /** The clock in milliseconds (default `performance.now`). */
  readonly now?: () => number;
  /**
   * Draw each stage the moment it starts, without waiting for `delayMs`: for work whose stages
   * each run synchronously for seconds (an accountant, a calibration step), where no update
   * could draw the bar until the stage is over.
   */
  readonly eager?: boolean;
}

const BAR_WIDTH = 30;
const silent: Progress = { update: () => undefined, stage: () => undefined, finish: () => undefined };

/**
 * A progress bar labelled `label` over `total` units; a no-op unless `io.stderrIsTTY`.
 *
 * @example
 * const bar = createProgress(io, 'demo', 1000);
 * bar.stage('training'); bar.update(250);
 * bar.stage('auditing', 3); bar.update(1);
 * bar.finish();
 */
export function createProgress(io: CommandIo, label: string, total: number, options: ProgressOptions = {}): Progress {
  if (!io.stderrIsTTY) return silent;
  const now = options.now ?? (() => performance.now());
  const start = now();
  const delayMs = options.delayMs ?? 500;
  let stageName: string | undefined;
  let stageTotal = total;
  let done = 0;
  let drawn = '';
  const draw = (force = false): void => {
    if (!force && now() - start < delayMs) return;
    const seconds = Math.floor((now() - start) / 1000);
    const head = stageName === undefined ? label : `${label}: ${stageName}`;
    let text: string;
    if (stageTotal > 0) {
      const fraction = Math.min(1, Math.max(0, done / stageTotal));
      const filled = Math.round(fraction * BAR_WIDTH);
      text = `${head} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${seconds}s`;
    } else {
      text = `${head} …  ${seconds}s`;
    }
    if (text === drawn) return;
    io.stderr(`\r${text}${' '.repeat(Math.max(0, drawn.length - text.length))}`);
    drawn = text;
  };
  return {
    update(value: number): void {
      done = value;
      draw();
    },
    stage(name: string, newTotal?: number, startAt = 0): void {
      stageName = name;
      if (newTotal !== undefined) {
        stageTotal = newTotal;
        done = startAt;
      }
      draw(options.eager === true);
    },
    finish(): void {
      if (drawn !== '') io.stderr(`\r${' '.repeat(drawn.length)}\r`);
      drawn = '';
    },
  };
}
