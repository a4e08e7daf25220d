import { describe, expect, it } from 'vitest';
import { labelRuleProblems } from './label-rules.js';

describe('labelRuleProblems', () => {
  it('accepts well-labelled results and names each broken rule with its path', () => {
    expect(labelRuleProblems({ results: [{ accountant: 'pld', epsilon: 1, epsilonLower: 0.9, kind: 'guarantee', tprKind: 'guarantee' }] })).toEqual([]);
    expect(labelRuleProblems({ accountant: 'pld', epsilon: 1, kind: 'upper' })).toEqual(['$.kind = "upper" beside a number is not one of the four kinds']);
    expect(labelRuleProblems({ x: { tprKind: 'proven' } })).toEqual(['$.x.tprKind = "proven" is not one of the four kinds']);
    expect(labelRuleProblems({ epsilon: 8.83, kind: 'guarantee', note: 'δ = 1e-12 is within the FFT float-noise scale of this grid' })).toHaveLength(1);
    // the PRV's RDP fallback names the float noise it avoided: its number is the RDP guarantee
    expect(labelRuleProblems({ accountant: 'prv', epsilon: 9.38, kind: 'guarantee', method: 'rdp-fallback', note: 'δ = 1e-13 is below the float noise of the PRV grid (2.2e-12): RDP bound reported (also as the estimate: the grid gives none at this δ), lower bound 0' })).toEqual([]);
    // so do the PRV's tilted-PLD fallback and the PLD's own tilted answer below its floor
    expect(labelRuleProblems({ accountant: 'prv', epsilon: 0.00238794, kind: 'guarantee', method: 'pld-fallback', note: 'δ = 1.29e-12 is below the float noise of the PRV grid (2.91e-11): the PLD\'s guarantee of the same ledger by exponential tilting reported (also as the estimate: the PRV grid gives none at this δ), with its lower bound' })).toEqual([]);
    expect(labelRuleProblems({ accountant: 'pld', epsilon: 0.00238794, kind: 'guarantee', method: 'pld', note: 'δ = 1.29e-12 is below the FFT float-noise floor of this grid (6.14e-12): ε from the exponentially tilted PLD, its rounding bounded and added' })).toEqual([]);
    expect(labelRuleProblems({ epsilon: 1, epsilonLower: 1.5, kind: 'guarantee' })).toEqual(['$: epsilonLower 1.5 above the guarantee 1']);
    expect(labelRuleProblems({ accountant: 'gdp', epsilon: 13.7, epsilonEstimate: 8762, kind: 'guarantee' })).toHaveLength(1);
    expect(labelRuleProblems({ accountant: 'gdp', epsilon: 13.7, epsilonEstimate: 8762, kind: 'guarantee', estimateNote: 'outside' })).toEqual([]);
    // a `kind` that names something else (an event, a sampler) is not a result kind
    expect(labelRuleProblems({ event: { kind: 'balls-in-bins', epochs: 3 } })).toEqual([]);
  });
});
