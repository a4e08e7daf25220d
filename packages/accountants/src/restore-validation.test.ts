import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { dpSgdEvent } from './events/mechanism-event.js';
import { GdpAccountant } from './gdp/gdp-accountant.js';
import { PldAccountant } from './pld/pld-accountant.js';
import { PrvAccountant } from './prv/prv-accountant.js';
import { RdpAccountant } from './rdp/rdp-accountant.js';
import { restoreAccountant } from './calibration/accountant-factory.js';

const event = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 });

/** The state of `accountant` after one event, with `options` merged into its saved options. */
function edited(accountant: { compose: (e: typeof event) => { toJSON: () => unknown } }, options: Record<string, unknown>): unknown {
  const state = JSON.parse(JSON.stringify(accountant.compose(event).toJSON())) as { options: Record<string, unknown> };
  return { ...state, options: { ...state.options, ...options } };
}

/** The error `run` throws (undefined when it does not). */
function thrown(run: () => unknown): Error | undefined {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('restore = construct: fromJSON refuses what the constructor refuses', () => {
  it('RdpAccountant: orders 7 (a number) is refused as new RdpAccountant({ orders: 7 }) refuses it; a saved list still restores', () => {
    const construct = thrown(() => new RdpAccountant({ orders: 7 as never }));
    const restore = thrown(() => RdpAccountant.fromJSON(edited(new RdpAccountant(), { orders: 7 })));
    expect(construct).toBeInstanceOf(DpboundsTypeError);
    expect(restore).toBeInstanceOf(DpboundsTypeError);
    expect(restore?.message).toBe(construct?.message);
    expect(() => restoreAccountant(edited(new RdpAccountant(), { orders: 7 }))).toThrow(construct?.message ?? '');
    // a list saves as its comma-joined text and restores to the same ε
    const listed = new RdpAccountant({ orders: [2, 7.5, 32] }).compose(event);
    expect(RdpAccountant.fromJSON(JSON.parse(JSON.stringify(listed.toJSON()))).getEpsilon(1e-5)).toBe(listed.getEpsilon(1e-5));
    expect(() => RdpAccountant.fromJSON(edited(new RdpAccountant(), { orders: '1,2' }))).toThrow(DpboundsRangeError);
    expect(() => RdpAccountant.fromJSON(edited(new RdpAccountant(), { conversion: 'optimal' }))).toThrow(thrown(() => new RdpAccountant({ conversion: 'optimal' as never }))?.message ?? '');
  });

  it('PrvAccountant: relativeError "x" is refused (was silently dropped), in both error modes', () => {
    expect(() => new PrvAccountant({ relativeError: 'x' as never })).toThrow(DpboundsTypeError);
    expect(() => PrvAccountant.fromJSON(edited(new PrvAccountant(), { relativeError: 'x' }))).toThrow(thrown(() => new PrvAccountant({ relativeError: 'x' as never }))?.message ?? '');
    expect(() => PrvAccountant.fromJSON(edited(new PrvAccountant({ epsError: 0.01 }), { relativeError: 'x' }))).toThrow(DpboundsTypeError);
    expect(() => PrvAccountant.fromJSON(edited(new PrvAccountant(), { relativeError: 0.9 }))).toThrow(DpboundsRangeError);
    expect(() => PrvAccountant.fromJSON(edited(new PrvAccountant(), { epsError: 'x' }))).toThrow(DpboundsTypeError);
    // the saved state of either mode restores to the same accountant
    for (const prv of [new PrvAccountant({ relativeError: 0.01 }), new PrvAccountant({ epsError: 0.05 })]) {
      const json = JSON.parse(JSON.stringify(prv.compose(event).toJSON()));
      const back = PrvAccountant.fromJSON(json);
      expect(back.relativeError).toBe(prv.relativeError);
      expect(back.epsError).toBe(prv.epsError);
    }
  });

  it('PldAccountant and GdpAccountant: an out-of-range or wrong-typed saved option is the constructor\'s error', () => {
    expect(() => PldAccountant.fromJSON(edited(new PldAccountant(), { tailMassTruncation: 'x' }))).toThrow(thrown(() => new PldAccountant({ tailMassTruncation: 'x' as never }))?.message ?? '');
    expect(() => PldAccountant.fromJSON(edited(new PldAccountant(), { valueDiscretizationInterval: 2 }))).toThrow(DpboundsRangeError);
    expect(() => GdpAccountant.fromJSON(edited(new GdpAccountant(), { batchSampling: 'shuffle' }))).toThrow(thrown(() => new GdpAccountant({ batchSampling: 'shuffle' as never }))?.message ?? '');
    expect(() => GdpAccountant.fromJSON(edited(new GdpAccountant(), { batch_sampling: 'poisson' }))).toThrow(DpboundsTypeError);
  });
});
