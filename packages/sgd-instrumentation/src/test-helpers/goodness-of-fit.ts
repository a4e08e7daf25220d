/**
 * Pearson's chi-square goodness-of-fit test for the sampler tests: observed counts of integer
 * outcomes against a law given by its probability mass, with neighbouring outcomes merged
 * until every cell expects at least 5 observations (the usual validity rule).
 */
import { binomialCdf, chiSquaredSf } from '@dpbounds/special-functions';

/** The chi-square p-value of `samples` (integers) against the pmf `mass` on 0..max. */
export function chiSquarePValue(samples: ArrayLike<number>, mass: (k: number) => number, max: number): { pValue: number; cells: number } {
  const n = samples.length;
  const observed = new Float64Array(max + 1);
  for (let i = 0; i < n; i++) observed[samples[i] as number] = (observed[samples[i] as number] as number) + 1;
  const cells: { o: number; e: number }[] = [];
  let o = 0;
  let e = 0;
  for (let k = 0; k <= max; k++) {
    o += observed[k] as number;
    e += n * mass(k);
    if (e >= 5) {
      cells.push({ o, e });
      o = 0;
      e = 0;
    }
  }
  const last = cells[cells.length - 1];
  if (last !== undefined) cells[cells.length - 1] = { o: last.o + o, e: last.e + e };
  let statistic = 0;
  for (const cell of cells) statistic += (cell.o - cell.e) ** 2 / cell.e;
  return { pValue: chiSquaredSf(statistic, cells.length - 1), cells: cells.length };
}

/** The Binomial(n, p) pmf at k, from differences of the CDF. */
export function binomialMass(n: number, p: number): (k: number) => number {
  return (k) => binomialCdf(k, n, p) - (k > 0 ? binomialCdf(k - 1, n, p) : 0);
}

/** The chi-square p-value of per-record inclusion counts against "every record equally likely". */
export function uniformityPValue(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i] as number;
  const expected = total / counts.length;
  let statistic = 0;
  for (let i = 0; i < counts.length; i++) statistic += ((counts[i] as number) - expected) ** 2 / expected;
  return chiSquaredSf(statistic, counts.length - 1);
}
