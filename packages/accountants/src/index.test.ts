import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';
import { dpSgdEvent, PldAccountant, PrvAccountant, RdpAccountant } from './index.js';

// The README's "what is my ε, and how sure is that number" example, run as a test. The same
// lines appear verbatim in README.md (checked below), so the README stays accurate.
const example = `const run = dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000 });
const pld = new PldAccountant().compose(run);
const epsilon = pld.getEpsilon(1e-5); // 1.84103: the guarantee, never below the true ε
const prv = new PrvAccountant().compose(run).getEpsilonBounds(1e-5); // { lower: 1.8394, estimate: 1.8410, upper: 1.8425 }
const rdp = new RdpAccountant().compose(run).getEpsilonAndOrder(1e-5); // { epsilon: 2.0131, order: 9.8 }: looser, ~1 ms`;

describe('package entry and README example', () => {
  it('exports the accountants, events and calibration', () => {
    for (const name of ['PldAccountant', 'RdpAccountant', 'PrvAccountant', 'GdpAccountant', 'dpSgdEvent', 'calibrateNoiseMultiplier', 'restoreAccountant', 'pldTradeOffCurve', 'UnsupportedEventError']) {
      expect(Object.keys(entry)).toContain(name);
    }
  });

  it('answers "what is my ε, and how sure is that number"', () => {
    const run = dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000 });
    const pld = new PldAccountant().compose(run);
    const epsilon = pld.getEpsilon(1e-5); // 1.84103: the guarantee, never below the true ε
    const prv = new PrvAccountant().compose(run).getEpsilonBounds(1e-5); // { lower: 1.8394, estimate: 1.8410, upper: 1.8425 }
    const rdp = new RdpAccountant().compose(run).getEpsilonAndOrder(1e-5); // { epsilon: 2.0131, order: 9.8 }: looser, ~1 ms
    // the numbers the README quotes; the true ε (1.84096, fixture std-02/tight) lies in [prv.lower, epsilon]
    expect(epsilon).toBeCloseTo(1.84103, 5);
    expect(prv.lower).toBeCloseTo(1.8394, 3);
    expect(prv.estimate).toBeCloseTo(1.8410, 3);
    expect(prv.upper).toBeCloseTo(1.8425, 3);
    // the guarantee is within 0.1 % of the tight ε (the relative error budget, the default)
    expect(prv.upper).toBeLessThanOrEqual(1.84096 * 1.001);
    expect(prv.upper).toBeGreaterThanOrEqual(1.84096);
    expect(prv.lower).toBeLessThanOrEqual(1.84096);
    expect(epsilon).toBeGreaterThanOrEqual(1.84096);
    expect(rdp.epsilon).toBeCloseTo(2.0131, 3);
    expect(rdp.order).toBe(9.8);
    // the PLD's own bracket quoted in the README
    const own = pld.getEpsilonBounds(1e-5);
    expect(own.lower).toBeCloseTo(1.8111, 3);
    expect(own.upper).toBe(epsilon);
    expect(own.lower).toBeLessThanOrEqual(1.84096);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const line of example.split('\n')) expect(readme).toContain(line);
  });
});

describe('the curated root and the /advanced building blocks', () => {
  it('keeps internals out of the root entry point and in @dpbounds/accountants/advanced', async () => {
    const advanced = await import('./advanced.js');
    for (const name of ['flattenEvent', 'groupLedger', 'authorsComposeSum', 'thm36Estimate', 'psgPair', 'parseAccountantState', 'resolveGmipConfig']) {
      expect(Object.keys(entry), name).not.toContain(name);
      expect(typeof (advanced as Record<string, unknown>)[name], name).toBe('function');
    }
    for (const name of Object.keys(advanced)) expect(Object.keys(entry), name).not.toContain(name);
  });

  it('keeps the three sweep functions at the root and the CLI sweep plumbing in /advanced', async () => {
    const advanced = (await import('./advanced.js')) as Record<string, unknown>;
    expect(Object.keys(entry).filter((name) => /sweep/i.test(name)).sort()).toEqual(['evaluateSweepConfiguration', 'expandSweepGrid', 'sweepShard']);
    for (const name of ['sweepShardIndices', 'sweepSpecId', 'sweepConfigurationId', 'validateSweepRequest', 'validateSweepConfiguration', 'parseSweepValues', 'SWEEP_NUMERIC_FIELDS', 'MAX_SWEEP_CONFIGURATIONS', 'MAX_SWEEP_AXIS_POINTS']) {
      expect(advanced[name], name).toBeDefined();
    }
  });
});
