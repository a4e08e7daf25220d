/**
 * The kernel policy of the README, for arguments of any type: NaN in, NaN out, never a throw —
 * a BigInt, a Symbol, undefined, null, a string, an object or a non-function in any position up
 * to the kernel's arity (at least 3) gives NaN (or a number) and never throws; createRng refuses a
 * seed that is not a number with a typed error. Before, 65 such calls threw the engine's
 * TypeError ("Cannot convert a Symbol value to a number", "f is not a function") and
 * noncentralChiSquaredSf(undefined, 2, 1) never returned.
 */
import { describe, expect, it } from 'vitest';
import * as sf from './index.js';

const HOSTILE: ReadonlyArray<readonly [string, unknown]> = [
  ['Symbol', Symbol('s')],
  ['BigInt', 10n],
  ['undefined', undefined],
  ['null', null],
  ["'x'", 'x'],
  ['{}', {}],
  ['[1n]', [1n]],
  ['() => 1', () => 1],
];
const PLAUSIBLE = [0.5, 2, 1, 3];
/** Validation helpers (they throw typed errors by design) and the error classes. */
const NOT_KERNELS = /^(require|describeInterval|formatFound|isDpboundsError|Dpbounds|createRng$|choleskyLower$|forwardSubstitute|backSubstitute)/;

describe('special-functions kernels never throw, whatever the type of an argument', () => {
  const kernels = Object.entries(sf as unknown as Record<string, unknown>).filter((e): e is [string, (...a: unknown[]) => unknown] => typeof e[1] === 'function' && !NOT_KERNELS.test(e[0]));

  it('probes every kernel', () => {
    expect(kernels.length).toBeGreaterThanOrEqual(40);
  });

  for (const [name, fn] of kernels) {
    it(name, () => {
      const failures: string[] = [];
      const arity = Math.max(fn.length, 3);
      for (let position = 0; position < arity; position++) {
        for (const [label, hostile] of HOSTILE) {
          const args: unknown[] = name === 'brentRoot' || name === 'bisect' ? [(x: number) => x - 1, 0, 2, undefined] : PLAUSIBLE.slice(0, arity);
          args[position] = hostile;
          try {
            const result = fn(...args);
            if (typeof result !== 'number') failures.push(`${name} position ${position} ${label}: returned ${typeof result}`);
          } catch (error) {
            failures.push(`${name} position ${position} ${label}: threw ${(error as Error).name}: ${(error as Error).message}`);
          }
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  it('noncentralChiSquaredSf(undefined, 2, 1) returns NaN at once (it never returned)', () => {
    expect(sf.noncentralChiSquaredSf(undefined as never, 2, 1)).toBeNaN();
    expect(sf.noncentralChiSquaredLogCdf(undefined as never, 2, 1)).toBeNaN();
    expect(sf.noncentralChiSquaredQuantile(undefined as never, 2, 1)).toBeNaN();
  });

  it('createRng refuses a seed that is not a number with a typed error naming seed', () => {
    for (const seed of [Symbol('s'), 10n, 'x', undefined]) {
      expect(() => sf.createRng(seed as never)).toThrow(sf.DpboundsTypeError);
    }
    expect(sf.createRng(42).uniform()).toBe(sf.createRng(42).uniform());
  });
});
