/**
 * Every case of the per-instance RDP fixtures (copied from the project's specification
 * fixtures, see fixtures/README.md) at its own tolerance, under the file's passRule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authorsComposeSum, authorsGpiAlpha } from './authors-compat.js';
import { composeFromRatios, composePerInstanceRdp } from './compose-per-instance-rdp.js';
import { hoeffdingRuns } from './hoeffding-runs.js';
import { gaussianEpsClassic, holderEpsDelta } from './holder-eps-delta.js';
import { holderOrderSchedule } from './holder-order-schedule.js';
import { perInstanceStepRdp, sgmRdpInteger } from './per-instance-step-rdp.js';
import { thm36Exact } from './test-helpers/thm36-exact.js';
import { thm36Estimate } from './thm36-estimate.js';

interface Case {
  readonly id: string;
  readonly fn: string;
  readonly input: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
  readonly tol: { readonly abs: number; readonly rel: number };
  readonly tags?: readonly string[];
}

const file = JSON.parse(readFileSync(new URL('./fixtures/per-instance-rdp.json', import.meta.url), 'utf8')) as {
  readonly cases: readonly Case[];
};

const INFO_FIELDS = new Set(['opacusStyle', 'thm32Equivalent', 'checkSumOfDataIndependent', 'pooledLogOutside', 'holderExactSameIndex']);
const INTEGER_FIELD = /^(intOrders.*|runs|ceil)$/;

/* eslint-disable @typescript-eslint/no-explicit-any */
function run(c: Case): Record<string, unknown> {
  const input = c.input as any;
  switch (c.fn) {
    case 'perInstanceStepRdp':
      return { epsilon: perInstanceStepRdp(input) };
    case 'sgmRdpInteger':
      return { epsilon: sgmRdpInteger(input) };
    case 'holderOrderSchedule': {
      const out = holderOrderSchedule(input);
      if (Array.isArray(input.select)) {
        const select = input.select as number[];
        return {
          realOrdersSelected: select.map((j) => out.realOrders[j]),
          intOrdersSelected: select.map((j) => out.intOrders[j]),
          blowupBound: out.blowupBound,
        };
      }
      return { realOrders: [...out.realOrders], intOrders: [...out.intOrders], blowupBound: out.blowupBound };
    }
    case 'composePerInstanceRdp': {
      const out = composePerInstanceRdp(input);
      return { epsilon: out.epsilon, termsChrono: [...out.termsChrono], multiplierOrdersChrono: [...out.multiplierOrdersChrono] };
    }
    case 'composeFromRatios': {
      const out = composeFromRatios(input);
      return {
        epsilon: out.epsilon,
        termsChrono: [...out.termsChrono],
        intOrdersChrono: [...out.intOrdersChrono],
        stepEpsChrono: out.stepEpsChrono.map((row) => [...row]),
      };
    }
    case 'holderEpsDelta':
      return { ...holderEpsDelta(input) };
    case 'gaussianEpsClassic':
      return { epsilon: gaussianEpsClassic(input) };
    case 'hoeffdingRuns':
      return { ...hoeffdingRuns(input) };
    case 'thm36Estimate':
      return { epsilon: thm36Estimate(input) };
    case 'thm36Exact':
      return { epsilon: thm36Exact(input) };
    case 'authorsGpiAlpha':
      return { ...authorsGpiAlpha(input) };
    case 'authorsComposeSum':
      return { ...authorsComposeSum(input) };
    default:
      throw new Error(`fixture ${c.id}: unknown fn ${c.fn}`);
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function compare(id: string, field: string, actual: unknown, expected: unknown, tol: Case['tol'], integer: boolean): void {
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), `${id}.${field} is an array`).toBe(true);
    const list = actual as unknown[];
    expect(list.length, `${id}.${field} length`).toBe(expected.length);
    expected.forEach((e, i) => compare(id, `${field}[${i}]`, list[i], e, tol, integer));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    for (const [key, value] of Object.entries(expected)) compare(id, `${field}.${key}`, (actual as Record<string, unknown>)[key], value, tol, integer);
    return;
  }
  const a = actual as number;
  const e = expected as number;
  expect(Number.isFinite(a), `${id}.${field} finite (got ${a})`).toBe(true);
  if (integer) {
    expect(a, `${id}.${field}`).toBe(e);
    return;
  }
  const allowed = Math.max(tol.abs, tol.rel * Math.abs(e));
  expect(Math.abs(a - e), `${id}.${field}: got ${a}, expected ${e}, allowed ${allowed}`).toBeLessThanOrEqual(allowed);
}

describe('per-instance RDP fixtures (shared/spec/fixtures/per-instance-rdp.json)', () => {
  it('has the 155 cases of the spec', () => {
    expect(file.cases).toHaveLength(155);
  });

  for (const c of file.cases) {
    it(`${c.id} (${c.fn}${c.tags !== undefined ? `; ${c.tags.join(', ')}` : ''})`, () => {
      const actual = run(c);
      let checked = 0;
      for (const [field, expected] of Object.entries(c.expected)) {
        if (field.endsWith('_hp') || INFO_FIELDS.has(field)) continue;
        const integer = INTEGER_FIELD.test(field) || field === 'intOrders';
        compare(c.id, field, actual[field], expected, c.tol, integer);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
