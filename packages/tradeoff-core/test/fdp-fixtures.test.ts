/**
 * Every `fdp.*` case of the spec fixtures (test/fixtures/tradeoff-and-threat-models.json, see
 * the README there) at its stated tolerance: pass iff |got − exp| ≤ abs + rel·|exp|.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import * as advanced from '../src/advanced.js';
import * as root from '../src/index.js';

const api = { ...root, ...advanced };
import type { TradeOffCurve } from '../src/index.js';

interface FixtureCase {
  readonly id: string;
  readonly function: string;
  readonly inputs: Record<string, unknown>;
  readonly expected: unknown;
  readonly tolerance: { readonly rel: number; readonly abs: number } | null;
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/tradeoff-and-threat-models.json', import.meta.url), 'utf8')) as { cases: FixtureCase[] };
const decode = (v: unknown): unknown => (v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === 'NaN' ? Number.NaN : v);
const num = (inputs: Record<string, unknown>, key: string): number => decode(inputs[key]) as number;

function curveFromSpec(spec: Record<string, unknown>): TradeOffCurve {
  if (spec.kind === 'gdp') return api.gaussianTradeOff(spec.mu as number);
  if (spec.kind === 'laplaceDP') return api.laplaceTradeOff(spec.eps as number);
  throw new Error(`unknown fixture curve ${String(spec.kind)}`);
}

/** One implementation per fixture function name (docs/tradeoff-curves.md). */
const handlers: Record<string, (inputs: Record<string, unknown>) => unknown> = {
  'fdp.gaussianTradeoff': (i) => {
    const curve = api.gaussianTradeOff(num(i, 'mu'));
    return (i.alphas as number[]).map((a) => curve.evaluate(a));
  },
  'fdp.laplaceTradeoff': (i) => {
    const curve = api.laplaceTradeOff(num(i, 'eps'));
    return (i.alphas as number[]).map((a) => curve.evaluate(a));
  },
  'fdp.epsDeltaTradeoff': (i) => api.epsilonDeltaTradeOff(num(i, 'eps'), num(i, 'delta')).evaluate(num(i, 'alpha')),
  'fdp.gdpDelta': (i) => api.gdpDelta(num(i, 'mu'), num(i, 'eps')),
  'fdp.gdpEpsilon': (i) => api.gdpEpsilon(num(i, 'mu'), num(i, 'delta')),
  'fdp.gdpMuFromEpsDelta': (i) => api.gdpMuFromEpsilonDelta(num(i, 'eps'), num(i, 'delta')),
  'fdp.deltaFromTradeoff': (i) => {
    const curve = curveFromSpec(i.tradeoff as Record<string, unknown>);
    // also through the generic conjugate (no closed form), which is what the case tests
    const generic = api.tradeOffFromFunction((a) => curve.evaluate(a), { tolerance: 1e-12, maxKnots: 200_000 });
    const viaClosedForm = api.privacyProfile(curve, num(i, 'eps'));
    const viaGeneric = api.privacyProfile({ kind: 'opaque', evaluate: (a) => curve.evaluate(a), inverse: () => curve, sample: (n) => curve.sample(n), toJSON: () => curve.toJSON() }, num(i, 'eps'));
    const viaKnots = api.privacyProfile(generic, num(i, 'eps'));
    expect(Math.abs(viaGeneric - viaClosedForm)).toBeLessThan(1e-12);
    expect(Math.abs(viaKnots - viaClosedForm)).toBeLessThan(1e-9);
    return viaGeneric;
  },
  'fdp.cltMu': (i) => {
    const common = { samplingRate: num(i, 'p'), noiseMultiplier: num(i, 'sigma'), steps: num(i, 'T') };
    return { poisson: api.cltMu({ ...common, sampling: 'poisson' }), uniform: api.cltMu({ ...common, sampling: 'uniform' }) };
  },
  'fdp.uniformCltInverse': (i) => api.cltHInverse(num(i, 'y')),
  'fdp.composeGdp': (i) => {
    const mus = i.mus as number[];
    expect(api.composeTradeOffs(mus.map((m) => api.gaussianTradeOff(m))).mu).toBeCloseTo(api.composeGdp(mus), 15);
    return api.composeGdp(mus);
  },
  'fdp.subsampleMix': (i) => {
    const curve = api.subsample(curveFromSpec(i.base as Record<string, unknown>), num(i, 'p'));
    return (i.alphas as number[]).map((a) => curve.evaluate(a));
  },
  'fdp.subsampledGaussian': (i) => {
    const c = api.subsamplingOperator(api.gaussianTradeOff(num(i, 'mu')), num(i, 'p'));
    // the generic hull algorithm must agree with the fast path within the envelope tolerance
    const hull = api.symmetrize(api.subsample(api.gaussianTradeOff(num(i, 'mu')), num(i, 'p')), { method: 'hull', uniform: 4001, logPerEnd: 400 });
    for (const a of i.alphas as number[]) expect(Math.abs(hull.evaluate(a) - c.evaluate(a))).toBeLessThan(1e-6);
    expect(c.method).toBe('fastPath');
    return { values: (i.alphas as number[]).map((a) => c.evaluate(a)), tangentX: c.tangentPoint?.x, tangentY: c.tangentPoint?.y };
  },
};

function compare(id: string, got: unknown, expected: unknown, tol: { rel: number; abs: number }): void {
  const exp = decode(expected);
  if (typeof exp === 'number') {
    expect(typeof got, id).toBe('number');
    const g = got as number;
    if (!Number.isFinite(exp)) {
      expect(g, id).toBe(exp);
      return;
    }
    expect(Math.abs(g - exp), `${id}: got ${g}, expected ${exp}`).toBeLessThanOrEqual(tol.abs + tol.rel * Math.abs(exp));
    return;
  }
  if (Array.isArray(exp)) {
    expect(Array.isArray(got), id).toBe(true);
    const arr = got as unknown[];
    expect(arr.length, id).toBe(exp.length);
    exp.forEach((e, k) => compare(`${id}[${k}]`, arr[k], e, tol));
    return;
  }
  if (exp !== null && typeof exp === 'object') {
    for (const [key, value] of Object.entries(exp)) compare(`${id}.${key}`, (got as Record<string, unknown>)[key], value, tol);
    return;
  }
  throw new Error(`${id}: unsupported expected value`);
}

const fdpCases = fixture.cases.filter((c) => c.function.startsWith('fdp.') && handlers[c.function] !== undefined);

describe('fdp.* fixture cases', () => {
  it('are all covered: every fdp.* function of the fixture file has a handler', () => {
    const functions = new Set(fixture.cases.filter((c) => c.function.startsWith('fdp.')).map((c) => c.function));
    expect([...functions].filter((f) => handlers[f] === undefined)).toEqual([]);
    expect(fdpCases.length).toBe(44);
  });
  for (const c of fdpCases) {
    it(c.id, () => {
      const handler = handlers[c.function] as (inputs: Record<string, unknown>) => unknown;
      const inputs = Object.fromEntries(Object.entries(c.inputs).map(([k, v]) => [k, decode(v)]));
      if (c.tolerance === null) {
        expect(() => handler(inputs)).toThrow(DpboundsRangeError);
        return;
      }
      compare(c.id, handler(inputs), c.expected, c.tolerance);
    });
  }
});
