/**
 * Runs one soundness property over seeded random cases with fast-check and records the outcome
 * (cases, failure with its shrunk counterexample, wall and CPU time: reported, never asserted) for the summary that `pnpm soundness`
 * prints and docs/soundness.md records.
 */
import fc from 'fast-check';

/** The outcome of one property. */
export interface CheckOutcome {
  readonly name: string;
  readonly cases: number;
  readonly failed: boolean;
  readonly counterexample?: string;
  readonly error?: string;
  readonly seconds: number;
  /** CPU time of this process while the property ran (user + system; a report field, never asserted). */
  readonly cpuSeconds?: number;
}

/**
 * Cases per property. `SOUNDNESS_RUNS=N` (`pnpm soundness --runs N`) gives N scaled by `weight`
 * (at least 1). Otherwise the profile decides: `SOUNDNESS_BIG=1` (the package's `pnpm test:big`)
 * runs the `full` default count, and the default `vitest run` runs the first `quick` cases of the
 * same seeded sequence (fast-check draws case i the same way whatever the count), so a quick run
 * is a prefix of the full one: whatever it finds, the full run finds too.
 */
export function casesFor(full: number, weight = 1, quick = full): number {
  const env = process.env['SOUNDNESS_RUNS'];
  if (env === undefined || env === '') return bigProfile() ? full : Math.min(quick, full);
  const n = Number(env);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`SOUNDNESS_RUNS must be an integer ≥ 1; found ${env}`);
  return Math.max(1, Math.round(n * weight));
}

/** True under `SOUNDNESS_BIG=1` (set by vitest.big.config.ts, the package's `test:big`). */
export function bigProfile(): boolean {
  return process.env['SOUNDNESS_BIG'] === '1';
}

/** The seed: `SOUNDNESS_SEED` or the fixed default (runs are reproducible). */
export function seed(): number {
  const env = process.env['SOUNDNESS_SEED'];
  return env === undefined || env === '' ? 20261125 : Number(env);
}

/**
 * Runs `work` and reports how long it took (wall and CPU seconds of this process): the one place
 * the soundness suite reads a clock, for the summary only, never for an assertion.
 */
export function measured<T>(work: () => T): { value: T; seconds: number; cpuSeconds: number } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** Runs `check` on `cases` values of `arbitrary`; never throws (the outcome says what failed). */
export function runCheck<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => void, cases: number): CheckOutcome {
  const { value: result, seconds, cpuSeconds } = measured(() => fc.check(fc.property(arbitrary, (v) => {
    check(v);
  }), { seed: seed(), numRuns: cases, endOnFailure: false }));
  if (!result.failed) return { name, cases: result.numRuns, failed: false, seconds, cpuSeconds };
  const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  return { name, cases: result.numRuns, failed: true, counterexample: fc.stringify(result.counterexample), error, seconds, cpuSeconds };
}
