/**
 * Entry-point fuzz: every function (and class) exported by the analysis packages and the
 * instrumentation package, from the root and the `/advanced` entry points, is called with
 * hostile arguments, and must either refuse with a typed dpbounds error (`isDpboundsError`; the
 * accountants' `UnsupportedEventError` is one) or answer with a result that has no NaN at its
 * top level. A plain `TypeError`
 * ("Cannot read properties of undefined") or a NaN leaking out is a failure.
 *
 * Hostile arguments: `undefined`, `null`, `NaN`, `{}`, `'x'`, `-1`, first; and, for every function
 * that declares at least one parameter, the same values second after a plausible first argument
 * drawn from a small pool (a curve, a number, an array of scores, an event, an empirical curve),
 * so the check reaches past the first parameter's validation; and the hostile value first with a
 * plausible second (a valid second argument must not let a hostile first one through). (`fn.length` does not count
 * parameters with defaults, so `f(curve, options = {})` has length 1 and still gets a hostile
 * `options`.)
 */
import * as accountants from '@dpbounds/accountants';
import * as accountantsAdvanced from '@dpbounds/accountants/advanced';
import * as attacks from '@dpbounds/attacks';
import * as attacksAdvanced from '@dpbounds/attacks/advanced';
import * as auditOneRun from '@dpbounds/audit-one-run';
import * as auditOneRunAdvanced from '@dpbounds/audit-one-run/advanced';
import * as sgdInstrumentation from '@dpbounds/sgd-instrumentation';
import * as sgdInstrumentationAdvanced from '@dpbounds/sgd-instrumentation/advanced';
import { isDpboundsError, requireObject } from '@dpbounds/special-functions';
import * as tradeoffCore from '@dpbounds/tradeoff-core';
import * as tradeoffCoreAdvanced from '@dpbounds/tradeoff-core/advanced';
import { describe, expect, it } from 'vitest';

const HOSTILE: ReadonlyArray<readonly [string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['NaN', Number.NaN],
  ['{}', {}],
  ["'x'", 'x'],
  ['-1', -1],
];

/** Plausible first arguments, so a hostile second argument is the one being judged. */
function plausibleFirstArguments(): ReadonlyArray<readonly [string, unknown]> {
  return [
    ['G_1', tradeoffCore.gaussianTradeOff(1)],
    ['0.5', 0.5],
    ['[0.1, 0.9, 0.4]', [0.1, 0.9, 0.4]],
    ['gaussian event', accountants.gaussianEvent(1)],
    ['empirical curve', tradeoffCore.empiricalTradeOff([0.1, 0.9, 0.4, 0.7], [0.2, 0.3, 0.8, 0.1])],
  ];
}

/**
 * Exports that are not functions of user data. Each entry says why; none hides a failure.
 * (Constants and type guards are filtered by type below; this list is for functions.)
 */
const NOT_USER_DATA: ReadonlyMap<string, string> = new Map<string, string>([
  // Error constructors: they build the typed error itself from the caller's words and keep the
  // offending value as given in `found` (NaN included); they are what a refusal returns.
  ['UnsupportedEventError', 'constructs the typed error for an unsupported event'],
  ['csvFormatError', 'constructs the typed error for a malformed CSV line'],
  // Scalar kernels of the reference models, called per example per step: they follow the
  // kernels' IEEE policy (NaN in, NaN out) so that a diverging run (a logit overflowing to NaN)
  // reaches the trainer, whose refusal names the user's flags (--clip, --learning-rate).
  // Throwing here would replace that with a refusal naming the internal logit.
  ['sigmoid', 'scalar model kernel: NaN in, NaN out; divergence is refused by trainDpSgd'],
  ['logisticLoss', 'scalar model kernel: NaN in, NaN out; divergence is refused by trainDpSgd'],
]);

/**
 * Every entry point of the analysis and instrumentation packages: the curated root and the
 * `/advanced` building blocks, which are public too. (special-functions is the kernel layer:
 * its functions follow the IEEE policy, NaN in, NaN out, and are not probed here.)
 */
const PACKAGES: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['@dpbounds/tradeoff-core', tradeoffCore],
  ['@dpbounds/tradeoff-core/advanced', tradeoffCoreAdvanced],
  ['@dpbounds/accountants', accountants],
  ['@dpbounds/accountants/advanced', accountantsAdvanced],
  ['@dpbounds/audit-one-run', auditOneRun],
  ['@dpbounds/audit-one-run/advanced', auditOneRunAdvanced],
  ['@dpbounds/attacks', attacks],
  ['@dpbounds/attacks/advanced', attacksAdvanced],
  ['@dpbounds/sgd-instrumentation', sgdInstrumentation],
  ['@dpbounds/sgd-instrumentation/advanced', sgdInstrumentationAdvanced],
];

function isClass(fn: (...args: unknown[]) => unknown): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(fn));
}

/** NaN at the top level of a result: the value itself, an array element or an own property. */
function topLevelNaN(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? 'the result' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const items = value as ArrayLike<unknown>;
    for (let i = 0; i < items.length; i++) if (typeof items[i] === 'number' && Number.isNaN(items[i])) return `[${i}]`;
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) if (typeof v === 'number' && Number.isNaN(v)) return `.${key}`;
  return undefined;
}

/**
 * Calls `fn` and returns a description of what went wrong, or undefined when it behaved. No clock
 * is read: a call that never answers is caught by the test's timeout, a safety net for a hang,
 * not a speed requirement (a busy machine must not fail the fuzz).
 */
async function judge(fn: (...args: unknown[]) => unknown, args: unknown[], asClass: boolean): Promise<string | undefined> {
  try {
    let result: unknown = asClass ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...args);
    if (result instanceof Promise) result = await result;
    const where = topLevelNaN(result);
    return where === undefined ? undefined : `NaN at ${where}`;
  } catch (error) {
    return isDpboundsError(error) ? undefined : `${(error as Error)?.name ?? typeof error}: ${(error as Error)?.message ?? String(error)}`;
  }
}

function functionExports(module: Record<string, unknown>): Array<[string, (...args: unknown[]) => unknown]> {
  return Object.entries(module)
    .filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === 'function')
    .filter(([name]) => !NOT_USER_DATA.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
}

describe('the judge', () => {
  it('fails a plain TypeError, a NaN result and a NaN field; passes a typed refusal and a clean result', async () => {
    const crash = (value: unknown): unknown => (value as { length: number }).length;
    expect(await judge(crash, [undefined], false)).toMatch(/^TypeError: Cannot read properties of undefined/);
    expect(await judge(() => Number.NaN, [], false)).toBe('NaN at the result');
    expect(await judge(() => ({ epsilon: Number.NaN }), [], false)).toBe('NaN at .epsilon');
    expect(await judge(async () => [1, Number.NaN], [], false)).toBe('NaN at [1]');
    expect(await judge((v: unknown) => requireObject('input', v), [null], false)).toBeUndefined();
    expect(await judge(() => ({ epsilon: 1 }), [], false)).toBeUndefined();
    class Strict {
      constructor(options: unknown) {
        requireObject('options', options);
      }
    }
    expect(isClass(Strict as unknown as (...args: unknown[]) => unknown)).toBe(true);
    expect(await judge(Strict as unknown as (...args: unknown[]) => unknown, [null], true)).toBeUndefined();
  });
});

describe('every public entry point refuses hostile arguments with a typed error', () => {
  for (const [packageName, module] of PACKAGES) {
    describe(packageName, () => {
      it('exports functions to probe', () => {
        expect(functionExports(module).length).toBeGreaterThan(0);
      });

      for (const [name, fn] of functionExports(module)) {
        it(`${name}`, async () => {
          const asClass = isClass(fn);
          const failures: string[] = [];
          for (const [label, hostile] of HOSTILE) {
            const problem = await judge(fn, [hostile], asClass);
            if (problem !== undefined) failures.push(`${name}(${label}): ${problem}`);
          }
          if (fn.length >= 1) {
            for (const [plausibleLabel, plausible] of plausibleFirstArguments()) {
              for (const [label, hostile] of HOSTILE) {
                const problem = await judge(fn, [plausible, hostile], asClass);
                if (problem !== undefined) failures.push(`${name}(${plausibleLabel}, ${label}): ${problem}`);
                // and the other way round: a valid second argument must not let a hostile first through
                const swapped = await judge(fn, [hostile, plausible], asClass);
                if (swapped !== undefined) failures.push(`${name}(${label}, ${plausibleLabel}): ${swapped}`);
              }
            }
          }
          // One line per misbehaving call, so the report names every failing argument.
          expect(failures, failures.join('\n')).toEqual([]);
        }, 120_000); // safety net against a hang (see judge), not a speed requirement
      }
    });
  }
});
