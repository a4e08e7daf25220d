/**
 * Entry-point fuzz: every function (and class) exported by the analysis packages and the
 * instrumentation package, from the root and the `/advanced` entry points, is called with
 * hostile arguments, and must either refuse with a typed dpbounds error (`isDpboundsError`; the
 * accountants' `UnsupportedEventError` is one) or answer with a result that has no NaN at its
 * top level. A plain `TypeError`
 * ("Cannot read properties of undefined") or a NaN leaking out is a failure.
 *
 * Argument positions: a hostile value (`undefined`, `null`, `NaN`, `{}`, `'x'`, `-1`, a Symbol, a
 * BigInt, a function) in **every** position up to the function's declared arity (parameters
 * with defaults included, read from its source; at least 3), the other positions holding one
 * plausible value drawn from a small pool (a curve, a number, an array of scores, an event, an
 * empirical curve), either filled up to the arity or cut after the hostile one. The first
 * positions (the hostile value alone, and after or before one plausible value) are always run;
 * the rest of the product is sampled, seeded, in the default run and run in full under
 * `pnpm test:big` (`LIBRARY_FUZZ_BIG=1`, set by vitest.big.config.ts).
 *
 * Option keys: for each entry in {@link VALID_CALLS} (a valid call whose options object is
 * known), an unknown key, every known key misspelt (`delta_`) and every known key with a wrong-typed
 * value (Symbol, BigInt, a string, NaN, an object). An unknown or misspelt key must be a typed
 * error naming that key (never a result computed at a default); a wrong-typed value a typed error
 * or a NaN-free result.
 *
 * Work is bounded by count, not by a clock: the default sample is small and seeded, and the
 * test's timeout is only a safety net against a hang.
 */
import * as accountants from '@dpbounds/accountants';
import * as accountantsAdvanced from '@dpbounds/accountants/advanced';
import * as attacks from '@dpbounds/attacks';
import * as auditOneRun from '@dpbounds/audit-one-run';
import { createRng, isDpboundsError, requireObject } from '@dpbounds/special-functions';
import * as tradeoffCore from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { functionExports, PACKAGES } from './library-fuzz/catalog.js';
import { declaredArity, isClass, parameterNames } from './library-fuzz/signature.js';

const HOSTILE: ReadonlyArray<readonly [string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['NaN', Number.NaN],
  ['{}', {}],
  ["'x'", 'x'],
  ['-1', -1],
  ['Symbol', Symbol('hostile')],
  ['BigInt', 10n],
  ['() => {}', () => undefined],
];

/** The full product (`pnpm test:big`) or the seeded sample (default run). */
const BIG = process.env['LIBRARY_FUZZ_BIG'] === '1';
/** Cases drawn per function from the product beyond the always-run first positions (default run). */
const SAMPLE_PER_FUNCTION = 12;
/** Least number of positions probed, whatever the declared arity. */
const MIN_POSITIONS = 3;

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

/** Calls made, by part (read by the last test, which checks them against the stated counts). */
const counted = { arguments: 0, product: 0, functions: 0, options: 0 };

/** One call of the product: its label and its arguments. */
interface FuzzCase {
  readonly label: string;
  readonly args: unknown[];
}

/**
 * Every case of the argument-position product for a function of `arity` parameters: each hostile
 * value alone; then, for every position p < max(arity, 3), every plausible filler and every
 * hostile value, the hostile value at p with the filler elsewhere, cut after p and filled to the
 * arity. `always` are the cases of the first two positions cut after p (the default run's fixed
 * part); `rest` the others.
 */
export function argumentCases(arity: number): { always: FuzzCase[]; rest: FuzzCase[] } {
  const always: FuzzCase[] = [];
  const rest: FuzzCase[] = [];
  for (const [label, hostile] of HOSTILE) always.push({ label: `(${label})`, args: [hostile] });
  const positions = Math.max(arity, MIN_POSITIONS);
  for (const [plausibleLabel, plausible] of plausibleFirstArguments()) {
    for (const [label, hostile] of HOSTILE) {
      for (let p = 0; p < positions; p++) {
        for (const filled of [false, true]) {
          const length = filled ? positions : p + 1;
          if (filled && length === p + 1) continue; // the same call as the cut one
          const args = Array.from({ length }, (_, i) => (i === p ? hostile : plausible));
          const names = args.map((_, i) => (i === p ? label : plausibleLabel));
          const fuzzCase = { label: `(${names.join(', ')})`, args };
          // the first two positions, cut after the hostile one, ran in the fuzz before this one: keep them always
          (p <= 1 && !filled && length <= 2 ? always : rest).push(fuzzCase);
        }
      }
      // the hostile value first, a plausible second (a valid second must not let a hostile first through)
      always.push({ label: `(${label}, ${plausibleLabel})`, args: [hostile, plausible] });
    }
  }
  return { always, rest };
}

/** The cases run for one function: everything under test:big, else the fixed part and a seeded sample of the rest. */
function casesFor(name: string, arity: number): FuzzCase[] {
  const { always, rest } = argumentCases(arity);
  if (BIG || rest.length <= SAMPLE_PER_FUNCTION) return [...always, ...rest];
  const rng = createRng(seedOf(name));
  const picked = Array.from(rng.permutation(rest.length)).slice(0, SAMPLE_PER_FUNCTION);
  return [...always, ...picked.map((i) => rest[i] as FuzzCase)];
}

/** A stable seed per function name (the sample does not change with the order of exports). */
function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return h;
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
          const arity = declaredArity(fn);
          const cases = casesFor(name, arity);
          const { always, rest } = argumentCases(arity);
          counted.product += always.length + rest.length;
          counted.functions++;
          for (const { label, args } of cases) {
            const problem = await judge(fn, args, asClass);
            if (problem !== undefined) failures.push(`${name}${label}: ${problem}`);
          }
          counted.arguments += cases.length;
          // One line per misbehaving call, so the report names every failing argument.
          expect(failures, failures.join('\n')).toEqual([]);
        }, 120_000); // safety net against a hang (see judge), not a speed requirement
      }
    });
  }
});

/**
 * Valid calls whose options object is known: `args()` builds fresh arguments, `at` is the index
 * of the options object among them, `keys` its documented keys. Each must stay cheap (no grid,
 * no long run): the mutations below only ever change the options.
 */
const VALID_CALLS: ReadonlyArray<{ readonly name: string; readonly fn: (...args: never[]) => unknown; readonly asClass?: boolean; readonly args: () => unknown[]; readonly at: number; readonly keys: readonly string[] }> = [
  { name: 'auditOneRun', fn: auditOneRun.auditOneRun, args: () => [{ canaries: 1000, guesses: 100, correct: 90 }, { method: 'fdp', bucketSize: 2, confidence: 0.95, delta: 1e-5, family: { kind: 'gaussian' } }], at: 1, keys: ['method', 'bucketSize', 'confidence', 'delta', 'family'] },
  { name: 'auditScores', fn: auditOneRun.auditScores, args: () => [{ scores: [0.9, 0.8, 0.2, 0.1], members: [1, 1, 0, 0] }, { method: 'fdp', confidence: 0.95, delta: 1e-5, bonferroni: false, guessCounts: [2], split: 'both' }], at: 1, keys: ['method', 'confidence', 'delta', 'bonferroni', 'guessCounts', 'split'] },
  { name: 'steinkeEmpiricalEpsilon', fn: auditOneRun.steinkeEmpiricalEpsilon, args: () => [{ canaries: 1000, guesses: 100, correct: 90 }, { delta: 1e-5, confidence: 0.95 }], at: 1, keys: ['delta', 'confidence'] },
  { name: 'evaluateAttack', fn: attacks.evaluateAttack, args: () => [[0.9, 0.8, 0.2, 0.1], [1, 1, 0, 0], { fprs: [0.5], confidence: 0.95 }], at: 2, keys: ['fprs', 'confidence'] },
  { name: 'combineWithDp', fn: tradeoffCore.combineWithDp, args: () => [tradeoffCore.gaussianTradeOff(1), tradeoffCore.gaussianTradeOff(2), { gridSize: 64, tolerance: 1e-9 }], at: 2, keys: ['gridSize', 'tolerance'] },
  { name: 'dominates', fn: tradeoffCore.dominates, args: () => [tradeoffCore.gaussianTradeOff(1), tradeoffCore.gaussianTradeOff(2), { gridSize: 64, tolerance: 1e-9 }], at: 2, keys: ['gridSize', 'tolerance'] },
  { name: 'empiricalTradeOff', fn: tradeoffCore.empiricalTradeOff, args: () => [[0.9, 0.8, 0.7], [0.1, 0.2, 0.75], { confidence: 0.95 }], at: 2, keys: ['confidence'] },
  { name: 'cltMu', fn: tradeoffCore.cltMu, args: () => [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }], at: 0, keys: ['samplingRate', 'noiseMultiplier', 'steps'] },
  { name: 'tradeOffFromJSON', fn: tradeoffCore.tradeOffFromJSON, args: () => [{ kind: 'epsilonDelta', epsilon: 1, delta: 0.01 }], at: 0, keys: ['epsilon', 'delta'] },
  { name: 'analyzeRtm', fn: accountants.analyzeRtm, args: () => [{ mechanism: 'gaussian', sensitivity: 1, scale: 0.5, dims: 1, compositions: 1, attacker: 'pooled', neighbouring: 'add-remove' }, [0.01]], at: 0, keys: ['mechanism', 'sensitivity', 'scale', 'dims', 'compositions', 'attacker', 'neighbouring'] },
  { name: 'bayesSecurityMia', fn: accountants.bayesSecurityMia, args: () => [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 100, relation: 'substitution' }], at: 0, keys: ['samplingRate', 'noiseMultiplier', 'steps', 'relation'] },
  { name: 'analyzeBayesSecurity', fn: accountants.analyzeBayesSecurity, args: () => [{ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }, { fprs: [0.01], prior: 0.5 }], at: 1, keys: ['fprs', 'prior'] },
  { name: 'expandSweepGrid', fn: accountants.expandSweepGrid, args: () => [{ samplingRate: '0.01', noiseMultiplier: '1,2', steps: [100], delta: '1e-5', neighbouring: 'add-remove' }], at: 0, keys: ['samplingRate', 'noiseMultiplier', 'steps', 'delta', 'neighbouring'] },
  { name: 'evaluateSweepConfiguration', fn: accountants.evaluateSweepConfiguration, args: () => [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 10, delta: 1e-5, neighbouring: 'add-remove' }, { accountants: ['rdp'] }], at: 0, keys: ['samplingRate', 'noiseMultiplier', 'steps', 'delta', 'neighbouring'] },
  { name: 'evaluateSweepConfiguration (request)', fn: accountants.evaluateSweepConfiguration, args: () => [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 10, delta: 1e-5, neighbouring: 'add-remove' }, { accountants: ['rdp'], fprs: [0.01] }], at: 1, keys: ['accountants', 'fprs'] },
  { name: 'dpSgdEvent', fn: accountants.dpSgdEvent, args: () => [{ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 }], at: 0, keys: ['samplingRate', 'noiseMultiplier', 'steps'] },
  { name: 'RdpAccountant', fn: accountants.RdpAccountant as never, asClass: true, args: () => [{ neighbouring: 'add-remove', orders: [2, 8], conversion: 'improved' }], at: 0, keys: ['neighbouring', 'orders', 'conversion'] },
  { name: 'PldAccountant', fn: accountants.PldAccountant as never, asClass: true, args: () => [{ neighbouring: 'add-remove', valueDiscretizationInterval: 1e-3, tailMassTruncation: 1e-15, logMassTruncation: -50 }], at: 0, keys: ['neighbouring', 'valueDiscretizationInterval', 'tailMassTruncation', 'logMassTruncation'] },
  { name: 'PrvAccountant', fn: accountants.PrvAccountant as never, asClass: true, args: () => [{ neighbouring: 'add-remove', relativeError: 1e-3, deltaError: 'auto' }], at: 0, keys: ['neighbouring', 'relativeError', 'deltaError'] },
  { name: 'GdpAccountant', fn: accountants.GdpAccountant as never, asClass: true, args: () => [{ neighbouring: 'add-remove', batchSampling: 'poisson' }], at: 0, keys: ['neighbouring', 'batchSampling'] },
  { name: 'RdpAccountant.fromJSON', fn: accountants.RdpAccountant.fromJSON as never, args: () => [{ format: 'dpbounds-accountant/v1', accountant: 'rdp', neighbouring: 'add-remove', options: { orders: '2,8', conversion: 'improved' }, ledger: [] }], at: 0, keys: ['format', 'accountant', 'neighbouring', 'options', 'ledger'] },
  { name: 'symmetrize', fn: tradeoffCore.symmetrize, args: () => [tradeoffCore.gaussianTradeOff(1), { method: 'hull' }], at: 1, keys: ['method'] },
  { name: 'truncatedPoissonEpsilon', fn: accountantsAdvanced.truncatedPoissonEpsilon as never, args: () => [{ samplingRate: 0.5, maxBatchSize: 8, datasetSize: 10, noiseMultiplier: 2, steps: 1 }, 1e-5], at: 0, keys: ['samplingRate', 'maxBatchSize', 'datasetSize', 'noiseMultiplier', 'steps'] },
  { name: 'shuffleEpsilonLowerBound', fn: accountants.shuffleEpsilonLowerBound as never, args: () => [{ datasetSize: 100, batchSize: 50, noiseMultiplier: 2, steps: 2, shuffle: 'dynamic', neighbouring: 'add-remove' }, 1e-5], at: 0, keys: ['datasetSize', 'batchSize', 'noiseMultiplier', 'steps', 'shuffle', 'neighbouring'] },
  { name: 'ballsInBinsEpsilonLowerBound', fn: accountantsAdvanced.ballsInBinsEpsilonLowerBound as never, args: () => [{ datasetSize: 100, batchSize: 50, epochs: 1, noiseMultiplier: 2 }, 1e-5], at: 0, keys: ['datasetSize', 'batchSize', 'epochs', 'noiseMultiplier'] },
  { name: 'dpSgdGuaranteeCurve', fn: accountants.dpSgdGuaranteeCurve as never, args: () => [{ samplingRate: 1, noiseMultiplier: 2, steps: 4, neighbouring: 'add-remove' }], at: 0, keys: ['samplingRate', 'noiseMultiplier', 'steps', 'neighbouring'] },
  { name: 'liraOffline', fn: attacks.liraOffline, args: () => [[0.5, 0.2], attacks.shadowScoresFromRows({ targets: 2, targetIndex: [0, 1, 0, 1, 0, 1], scores: [0.1, 0.2, 0.3, 0.4, 0.5, 0.1], isIn: [1, 0, 0, 1, 0, 1] }), { alternative: 'greater', variance: 'fixed' }], at: 2, keys: ['alternative', 'variance'] },
];

/** Wrong-typed values tried for each known key. */
const WRONG_TYPES: ReadonlyArray<readonly [string, unknown]> = [
  ['Symbol', Symbol('wrong')],
  ['BigInt', 10n],
  ["'x'", 'x'],
  ['NaN', Number.NaN],
  ['{}', {}],
];

/** What a call did: its result, or the error it threw. */
function outcome(fn: (...args: never[]) => unknown, args: unknown[], asClass: boolean): { error?: unknown; result?: unknown } {
  try {
    return { result: asClass ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...(args as never[])) };
  } catch (error) {
    return { error };
  }
}

describe('every option key: unknown and misspelt keys are refused naming the key, wrong-typed values never bend a number', () => {
  for (const call of VALID_CALLS) {
    it(call.name, async () => {
      const asClass = call.asClass === true;
      const failures: string[] = [];
      // the unmutated call is valid: otherwise every refusal below would prove nothing
      const valid = outcome(call.fn, call.args(), asClass);
      expect(valid.error, `${call.name}: the valid call failed`).toBeUndefined();
      const mutate = (change: (options: Record<string, unknown>) => void): unknown[] => {
        const args = call.args();
        const options = { ...(args[call.at] as Record<string, unknown>) };
        change(options);
        args[call.at] = options;
        return args;
      };
      const mustName = (label: string, key: string, args: unknown[]): void => {
        counted.options++;
        const { error } = outcome(call.fn, args, asClass);
        if (error === undefined) failures.push(`${call.name} ${label}: accepted (a result computed without it)`);
        else if (!isDpboundsError(error)) failures.push(`${call.name} ${label}: ${(error as Error).name}: ${(error as Error).message}`);
        else if (!(error as { parameter: string }).parameter.endsWith(key)) failures.push(`${call.name} ${label}: the error names ${(error as { parameter: string }).parameter}, not ${key}`);
      };
      mustName('unknown key bogus', 'bogus', mutate((o) => (o['bogus'] = 1)));
      for (const key of call.keys) {
        mustName(`misspelt ${key}_`, `${key}_`, mutate((o) => {
          o[`${key}_`] = o[key];
          delete o[key];
        }));
        for (const [label, value] of WRONG_TYPES) {
          counted.options++;
          const args = mutate((o) => (o[key] = value));
          const problem = await judge(call.fn as (...a: unknown[]) => unknown, args, asClass);
          if (problem !== undefined) failures.push(`${call.name} ${key}: ${label}: ${problem}`);
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    }, 120_000);
  }
});

/**
 * Entry points with an `options` parameter that the generated check cannot reach with the pool's
 * plausible arguments (each refuses another argument first): each says where its unknown keys are
 * checked instead. A new entry point that lands here fails the list's equality below.
 */
const OPTIONS_REACHED_ELSEWHERE: ReadonlyMap<string, string> = new Map([
  ['analyzeBayesSecurity', 'VALID_CALLS above'],
  ['createAccountant', 'the accountant constructors in VALID_CALLS (it passes options to them)'],
  ['dpAccountantEvaluation', 'needs a query object; requireOptions in dp-accountant-evaluation.ts'],
  ['dpEventAccountantEvaluation', 'needs an event and a question; requireOptions in its source'],
  ['fixedSizeSubstitutionPld', 'needs a fixed-size run; requireOptions in its source'],
  ['compareAttackToCurve', 'needs an empirical curve with confidence boxes; requireOptions in its source'],
  ['selectMembershipGuesses', 'needs ranked scores and a measure; requireOptions in its source'],
  ['createCsvRecordReader', 'needs a callback; sgd-instrumentation tests (csv-reader)'],
  ['encodeTable', 'needs a table and an encoding; requireOptions in its source'],
  ['fitTabularEncoding', 'needs a CSV table; requireOptions(ENCODING_OPTION_KEYS)'],
  ['loadTabularRecords', 'needs a record replay; requireOptions in tabular-csv.ts'],
  ['loadTabularRecordsAsync', 'needs a record replay; requireOptions in tabular-csv.ts'],
  ['modelFile', 'needs a model; requireOptions in its source'],
  ['attributeSubstitution', 'needs an encoding and a data set; requireOptions in its source'],
  ['inputCanaryInstrument', 'needs input canaries; requireOptions in its source'],
  ['perInstanceTraceFromNorms', 'needs a norms record; requireOptions in its source'],
]);

describe('every entry point with an options parameter refuses an unknown key, naming it (generated from the exports)', () => {
  it('tries each with { bogus: 1 } after plausible arguments: named, or reached elsewhere (listed); never accepted', async () => {
    const pool = (): unknown[] => [tradeoffCore.gaussianTradeOff(1), 0.5, [0.1, 0.9, 0.4, 0.2], [1, 0, 1, 0], accountants.gaussianEvent(1), 'add-remove', 'remove', 2, 100, { samplingRate: 0.01, noiseMultiplier: 1, steps: 10 }, { canaries: 100, guesses: 10, correct: 9 }, new Float64Array([0.1, 0.5, 0.9])];
    const seen = new Set<string>();
    const accepted: string[] = [];
    const unreached: string[] = [];
    let named = 0;
    for (const [, module] of PACKAGES) {
      for (const [name, fn] of functionExports(module)) {
        if (seen.has(name)) continue;
        seen.add(name);
        const at = parameterNames(fn).indexOf('options');
        if (at < 0) continue;
        const plausible = pool();
        // the arguments before the options: every pool value in each of the first two positions, the
        // rest a number (small products: at most 144 calls for one entry point)
        const prefixes: unknown[][] = at === 0 ? [[]] : at === 1 ? plausible.map((a) => [a]) : plausible.flatMap((a) => plausible.map((b) => [a, b]));
        let verdict: 'named' | 'accepted' | 'unreached' = 'unreached';
        for (const prefix of prefixes) {
          const args = [...prefix];
          while (args.length < at) args.push(0.5);
          args[at] = { bogus: 1 };
          let { error, result } = outcome(fn as never, args, isClass(fn));
          // an async entry point refuses in its promise
          if (result instanceof Promise) error = await result.then(() => undefined, (e: unknown) => e);
          if (error === undefined) {
            verdict = 'accepted';
            accepted.push(`${name}(${prefix.map((a) => (typeof a === 'object' ? '{…}' : String(a))).join(', ')}, { bogus: 1 }) returned a result`);
            break;
          }
          if (isDpboundsError(error) && String((error as { parameter: string }).parameter).endsWith('bogus')) {
            verdict = 'named';
            break;
          }
        }
        if (verdict === 'named') named++;
        if (verdict === 'unreached') unreached.push(name);
      }
    }
    console.log(`library fuzz: ${named} entry points with options refuse { bogus: 1 } naming it; ${unreached.length} are checked elsewhere`);
    expect(accepted).toEqual([]);
    expect(unreached.sort()).toEqual([...OPTIONS_REACHED_ELSEWHERE.keys()].sort());
    expect(named).toBeGreaterThan(75);
  }, 120_000);
});

describe('the case counts', () => {
  it('the argument and option parts ran the counts docs/limits.md states', () => {
    // printed so a run shows them; docs/limits.md quotes the default run's counts
    console.log(`library fuzz: ${counted.functions} entry points, ${counted.arguments} argument-position calls of a product of ${counted.product}, ${counted.options} option-key calls over ${VALID_CALLS.length} valid calls (${BIG ? 'full product' : 'seeded sample'})`);
    expect(counted.arguments).toBe(BIG ? counted.product : counted.arguments);
    expect(counted.options).toBeGreaterThan(0);
    expect(counted.arguments).toBeGreaterThan(0);
  });
});
