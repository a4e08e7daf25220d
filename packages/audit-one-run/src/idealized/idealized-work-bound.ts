/**
 * The size check of the idealised reconstruction Monte Carlo, made before it allocates or draws:
 * its cost is runs × canaries × bucketSize normal draws (and 13 bytes of memory per canary), so
 * one bound on that product bounds both its time and its memory.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';

/** Largest number of normal draws (runs × canaries × bucketSize) the idealised Monte Carlo makes: 2²⁸, about 18 s of CPU (4.6 s measured for 2²⁶ on a loaded machine). */
export const MAX_IDEALIZED_DRAWS: number = 2 ** 28;

/**
 * Throws a DpboundsRangeError when runs × canaries × bucketSize exceeds {@link MAX_IDEALIZED_DRAWS},
 * naming the largest of the three (the one to lower), the most it may be given the other two,
 * and the value found. The counts are integers already validated (each ≥ 1).
 *
 * @example requireIdealizedDrawsBounded(100, 1000, 10) // fits (10⁶ draws)
 */
export function requireIdealizedDrawsBounded(runs: number, canaries: number, bucketSize: number): void {
  if (runs * canaries * bucketSize <= MAX_IDEALIZED_DRAWS) return;
  const counts: ReadonlyArray<readonly [string, number]> = [['runs', runs], ['canaries', canaries], ['bucketSize', bucketSize]];
  const [parameter, found] = counts.reduce((largest, count) => (count[1] >= largest[1] ? count : largest));
  const others = (runs * canaries * bucketSize) / found;
  throw new DpboundsRangeError({
    code: 'ERR_OUT_OF_RANGE',
    parameter,
    expected: `an integer ≤ ${Math.floor(MAX_IDEALIZED_DRAWS / others)}: the idealised Monte Carlo makes runs × canaries × bucketSize normal draws, at most 2^28 = ${MAX_IDEALIZED_DRAWS} (here runs ${runs}, canaries ${canaries}, bucketSize ${bucketSize})`,
    found,
  });
}
