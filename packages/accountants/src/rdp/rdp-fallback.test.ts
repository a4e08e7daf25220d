import { describe, expect, it } from 'vitest';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { PrvAccountant } from '../prv/prv-accountant.js';
import { RdpAccountant } from './rdp-accountant.js';
import { rdpFallbackDelta, rdpFallbackEpsilon } from './rdp-fallback.js';

const ledger = [{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }];
const addRemove = (): RdpAccountant => new RdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 }));

describe('rdpFallbackEpsilon / rdpFallbackDelta', () => {
  it('add-remove: the RDP accountant of the same ledger', () => {
    expect(rdpFallbackEpsilon(ledger, 'add-remove', 1e-5)).toBe(addRemove().getEpsilon(1e-5));
    expect(rdpFallbackDelta(ledger, 'add-remove', 2)).toBe(addRemove().getDelta(2));
  });

  it('substitution with q < 1: group privacy of two add/remove steps, (2ε′, (1 + e^ε′)·δ′), at a δ′ that keeps (1 + e^ε′)·δ′ ≤ δ', () => {
    for (const delta of [1e-5, 1e-12, 1e-200]) {
      const eps = rdpFallbackEpsilon(ledger, 'substitution', delta) as number;
      const half = eps / 2;
      // ε′ = ε/2 is the add/remove ε at some δ′ with (1 + e^ε′)·δ′ ≤ δ
      expect(addRemove().getDelta(half) * (1 + Math.exp(half))).toBeLessThanOrEqual(delta * (1 + 1e-12));
      expect(eps).toBeGreaterThanOrEqual(2 * (addRemove().getEpsilon(delta) as number));
    }
    expect(rdpFallbackDelta(ledger, 'substitution', 4)).toBeCloseTo((1 + Math.exp(2)) * addRemove().getDelta(2), 15);
  });

  it('substitution: never below the tight substitution PLD (a valid bound), both ways', () => {
    const pld = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 }));
    expect(rdpFallbackEpsilon(ledger, 'substitution', 1e-5) as number).toBeGreaterThanOrEqual(pld.getEpsilon(1e-5));
    expect(rdpFallbackDelta(ledger, 'substitution', 3) as number).toBeGreaterThanOrEqual(pld.getDelta(3));
  });

  it('the substitution PLD at a δ inside its grid\'s float noise answers by tilting: a guarantee below the group-privacy bound, not the noisy value', () => {
    // q = 0.01, σ = 1, T = 100, δ = 1e-14, below the grid's FFT noise floor (about 1.6 s); the
    // issue's case (q = 6.74e-5, σ = 0.4436, T = 10 948, δ = 1.07e-12, 7.6 s) runs in test:big
    const ledgerSmall = [{ samplingRate: 0.01, noiseMultiplier: 1, count: 100 }];
    const pld = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }));
    const bounds = pld.getEpsilonBounds(1e-14);
    expect(bounds.method).toBe('pld');
    expect(bounds.kind).toBe('guarantee');
    expect(bounds.note).toMatch(/exponentially tilted PLD/);
    expect(bounds.upper).toBeLessThan(rdpFallbackEpsilon(ledgerSmall, 'substitution', 1e-14) as number);
    expect(bounds.lower).toBeGreaterThan(0);
    expect(bounds.upper / bounds.lower).toBeLessThan(1.05);
    expect(pld.getEpsilon(1e-14)).toBe(bounds.upper);
  });
});

describe('rdpFallbackNote', () => {
  const event = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 });
  it('the PLD (whose results the CLI shows without an estimate) names the bound only; the PRV says it stands in for its estimate too', () => {
    // a grid the work budget refuses (σ = 0.2 for 10⁶ steps in 4096 points) still falls back to RDP
    const refused = dpSgdEvent({ samplingRate: 0.5, noiseMultiplier: 0.2, steps: 1_000_000 });
    const pld = new PldAccountant({ maxGridPoints: 2 ** 12 }).compose(refused).getEpsilonBounds(1e-12);
    expect(pld.method).toBe('rdp-fallback');
    expect(pld.note).toMatch(/: RDP bound reported, lower bound 0$/);
    // below every grid (the PLD cannot tilt at 1e-320 either) the PRV reports the RDP bound
    const prv = new PrvAccountant().compose(event).getEpsilonBounds(1e-320);
    expect(prv.method).toBe('rdp-fallback');
    expect(prv.note).toMatch(/: RDP bound reported \(also as the estimate: the grid gives none at this δ\), lower bound 0$/);
    // below the PRV's floor where the PLD answers by tilting, the PRV reports the PLD's bounds
    const tilted = new PrvAccountant().compose(event).getEpsilonBounds(1e-13);
    const pldTilted = new PldAccountant().compose(event).getEpsilonBounds(1e-13);
    expect(tilted).toMatchObject({ method: 'pld-fallback', kind: 'guarantee', upper: pldTilted.upper, lower: pldTilted.lower, estimate: pldTilted.upper });
    expect(tilted.note).toMatch(/the PLD's guarantee of the same ledger by exponential tilting reported/);
    expect(tilted.upper).toBeLessThan(new PrvAccountant().compose(event).getEpsilonBounds(1e-320).upper);
  });
});
