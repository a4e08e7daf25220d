import { describe, expect, it } from 'vitest';
import { generatedGroups, groupTolerance, relativeError, specCases } from '../test/fixture-helpers.js';
import { erf, erfc, erfcx } from './erf.js';
import { erfcinv, erfinv } from './erfinv.js';
import { logNormalCdf, normalCdf, normalPdf, normalSf } from './normal.js';
import { normalQuantile, normalSfInverse } from './normal-quantile.js';
import { lgamma } from './lgamma.js';
import { gammaP, gammaQ } from './incomplete-gamma.js';
import { gammaPInverse, gammaQInverse } from './incomplete-gamma-inverse.js';
import {
  noncentralChiSquaredCdf,
  noncentralChiSquaredLogCdf,
  noncentralChiSquaredLogSf,
  noncentralChiSquaredQuantile,
  noncentralChiSquaredSf,
} from './noncentral-chi-squared.js';
import { binomialCdf, binomialSf, logBinomialCdf, logBinomialCoefficient, logBinomialSf } from './binomial.js';
import { chiSquaredCdf, chiSquaredLogCdf, chiSquaredLogSf, chiSquaredSf } from './chi-squared.js';

type Fn = (...args: number[]) => number;
const functions: Record<string, Fn> = {
  erf,
  erfc,
  erfcx,
  erfinv,
  erfcinv,
  normalPdf,
  normalCdf,
  normalSf,
  logNormalCdf,
  normalQuantile,
  normalSfInverse,
  lgamma,
  gammaP,
  gammaQ,
  gammaPInverse,
  gammaQInverse,
  chiSquaredCdf,
  chiSquaredSf,
  chiSquaredLogCdf,
  chiSquaredLogSf,
  noncentralChiSquaredCdf,
  noncentralChiSquaredSf,
  noncentralChiSquaredLogCdf,
  noncentralChiSquaredLogSf,
  noncentralChiSquaredQuantile,
  binomialCdf,
  binomialSf,
  logBinomialCdf,
  logBinomialSf,
  logBinomialCoefficient,
};

function call(fn: string, args: readonly number[]): number {
  const f = functions[fn];
  if (f === undefined) throw new Error(`no function ${fn} under test`);
  return f(...args);
}

describe('shared spec fixtures (shared/spec/fixtures/special-functions.json)', () => {
  const covered = specCases.filter((c) => c.fn in functions);
  it('every spec case names a function under test (120 cases)', () => {
    expect(specCases.length).toBe(120);
    expect(covered.length).toBe(specCases.length);
  });
  it.each(covered.map((c) => [`${c.fn}(${c.args.join(', ')})`, c] as const))('%s within relTol', (_name, c) => {
    const got = call(c.fn, c.args);
    expect(relativeError(got, c.expected), `got ${got}, expected ${c.expected}`).toBeLessThanOrEqual(c.relTol);
  });
});

describe('generated fixtures (scripts/generate-fixtures.py), per branch region', () => {
  it('every generated group names a function under test', () => {
    for (const g of generatedGroups) expect(functions[g.fn], g.fn).toBeTypeOf('function');
  });
  it.each(generatedGroups.map((g) => [`${g.fn}: ${g.region} (${g.cases.length} cases, relTol ${g.relTol})`, g] as const))('%s', (_name, g) => {
    let worst = 0;
    let worstCase = '';
    for (const c of g.cases) {
      const args = c.slice(0, -1);
      const expected = c[c.length - 1] as number;
      const err = relativeError(call(g.fn, args), expected) / groupTolerance(g, expected);
      if (err > worst || Number.isNaN(err)) {
        worst = err;
        worstCase = `${g.fn}(${args.join(', ')}) = ${call(g.fn, args)}, expected ${expected}`;
      }
    }
    expect(worst, `${worstCase} (error in units of the tolerance)`).toBeLessThanOrEqual(1);
  });
});
