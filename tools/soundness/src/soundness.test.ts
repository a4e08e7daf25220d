/**
 * The cross-package soundness suite. Every property runs on seeded random configurations; a
 * failure prints the shrunk counterexample. `SOUNDNESS_RUNS=N` (or `pnpm soundness --runs N`)
 * sets the cases per property (heavy properties run a stated fraction of N). Without it,
 * `casesFor(full, weight, quick)` decides: the default `vitest run` (CI) runs the first `quick`
 * cases of each property's seeded sequence, so that no test takes more than a few seconds, and the
 * package's `pnpm test:big` (vitest.big.config.ts, `SOUNDNESS_BIG=1`) runs the `full` count.
 * The outcomes are written to test-results/soundness-summary.json (the big profile to
 * soundness-summary-big.json).
 */
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { logUniform, logUniformInteger, runConfiguration } from './configurations.js';
import { checkAccountingBrackets } from './checks/accounting-brackets.js';
import { checkMonotoneAccounting } from './checks/monotone-accounting.js';
import { checkDpCurve } from './checks/dp-curve.js';
import { checkBayesSecurity } from './checks/bayes-security.js';
import { checkPooledBelowIndependent, checkRtmGaussianAboveDp } from './checks/rtm-gaussian.js';
import { checkBayesCombined, checkGmipCombined, checkRtmRunCombined } from './checks/combined-views.js';
import { allowedOverclaimRate, auditOverclaims } from './checks/audit-rejections.js';
import { checkBallsInBins, checkFixedSizeLowerBelowExact, checkSamplerGuaranteeAboveExact, checkTruncatedPoissonDirect } from './checks/batch-samplers.js';
import { checkSamplerCalibration, checkSamplerMonotoneInSigma } from './checks/sampler-monotone-calibration.js';
import { checkTrainerEpochsCovered } from './checks/trainer-epochs.js';
import { samplerRun, tinyBallsInBinsCase, tinySamplerCase, trainerEpochCase } from './sampler-configurations.js';
import { bigProfile, casesFor, measured, runCheck, seed, type CheckOutcome } from './run-check.js';

const outcomes: CheckOutcome[] = [];

function expectSound(outcome: CheckOutcome): void {
  outcomes.push(outcome);
  if (outcome.failed) throw new Error(`${outcome.name}: ${outcome.error ?? ''}\ncounterexample: ${outcome.counterexample ?? ''}`);
  expect(outcome.cases).toBeGreaterThan(0);
}

afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  const file = bigProfile() ? 'soundness-summary-big.json' : 'soundness-summary.json';
  writeFileSync(`test-results/${file}`, `${JSON.stringify({ seed: seed(), outcomes }, null, 2)}\n`);
});

describe('soundness of the DP guarantees', () => {
  it('every accountant ε is ≥ the rigorous lower bound on the true ε, brackets ordered', () => {
    expectSound(runCheck('accounting brackets (PLD, RDP)', runConfiguration(2000), (c) => checkAccountingBrackets(c, { withPrv: false }), casesFor(60, 0.01, 5)));
  });
  it('PRV agrees with the PLD brackets', () => {
    expectSound(runCheck('accounting brackets (PRV vs PLD)', runConfiguration(500), (c) => checkAccountingBrackets(c, { withPrv: true }), casesFor(12, 0.002, 5)));
  });
  it('brackets are consistent with ε monotone in σ, T and q', () => {
    const arb = fc.tuple(runConfiguration(1000), fc.constantFrom('sigma' as const, 'steps' as const, 'rate' as const), fc.double({ min: 1.01, max: 3, noNaN: true }));
    expectSound(runCheck('monotone in σ, T, q', arb, ([c, axis, k]) => checkMonotoneAccounting(c, axis, k), casesFor(40, 0.005, 5)));
  });
  it('the DP guarantee curve is a trade-off function never above the truth', () => {
    expectSound(runCheck('DP guarantee curve', runConfiguration(1000), checkDpCurve, casesFor(30, 0.005, 5)));
  });
});

describe('soundness of the threat-specific guarantees', () => {
  it('the certified Bayes-security bound never exceeds the true β*', () => {
    expectSound(runCheck('Bayes security certified ≤ true β*', runConfiguration(2000), checkBayesSecurity, casesFor(60, 0.01, 5)));
  });
  it('the composed Gaussian RTM curve is never below the DP curve of the composition', () => {
    const arb = fc.record({ dims: logUniformInteger(1, 1000), mus: fc.array(logUniform(0.01, 3), { minLength: 1, maxLength: 50 }) });
    expectSound(runCheck('RTM composition ≥ DP', arb, checkRtmGaussianAboveDp, casesFor(300, 1)));
  });
});

describe('soundness of the combined views (threat model max DP, one relation)', () => {
  it('Bayes security combined with DP is never below the DP guarantee', () => {
    expectSound(runCheck('Bayes combined ≥ DP', runConfiguration(1000), checkBayesCombined, casesFor(20, 0.003)));
  });
  it('the relaxed threat model of the run combined with DP is never below the DP guarantee', () => {
    const arb = fc.tuple(runConfiguration(1000), fc.oneof(fc.constant(1), logUniformInteger(1, 1000))).map(([c, dims]) => ({ ...c, dims }));
    expectSound(runCheck('RTM run combined ≥ DP', arb, checkRtmRunCombined, casesFor(20, 0.003)));
  });
  it('μ-GMIP combined with DP is never below the DP curve', () => {
    const arb = fc
      .record({ batchSize: logUniformInteger(2, 1000), factor: logUniformInteger(1, 200), steps: logUniformInteger(1, 2000), params: logUniformInteger(1, 3000), noiseMultiplier: logUniform(0.3, 10), clip: logUniform(0.1, 1000) })
      .map((r) => ({ batchSize: r.batchSize, datasetSize: r.batchSize * r.factor, steps: r.steps, params: r.params, noiseStd: (r.noiseMultiplier * r.clip) / r.batchSize, clip: r.clip }));
    expectSound(runCheck('GMIP combined ≥ DP', arb, checkGmipCombined, casesFor(20, 0.01)));
  });
  it('the pooled RTM attacker is at least as strong as the independent-directions one', () => {
    const arb = fc.record({ dims: logUniformInteger(1, 100), mus: fc.array(logUniform(0.05, 2), { minLength: 1, maxLength: 8 }) });
    expectSound(runCheck('RTM pooled ≤ independent directions', arb, checkPooledBelowIndependent, casesFor(10, 0.002)));
  });
});

describe('soundness of the batch samplers (brute force on tiny data sets)', () => {
  it('fixed-size guarantee ≥ the exact δ of enumerated batches (both relations, mixed step patterns)', () => {
    expectSound(runCheck('fixed-size guarantee ≥ exact', tinySamplerCase(), (c) => void checkSamplerGuaranteeAboveExact('fixed-size', c), casesFor(8, 0.01, 4)));
  }, 600_000);
  it('fixed-size reported lower bound ≤ the exact ε of the data set attaining the priced pair', () => {
    expectSound(runCheck('fixed-size lower ≤ exact', tinySamplerCase(), (c) => void checkFixedSizeLowerBelowExact({ ...c, steps: c.steps.length }), casesFor(6, 0.01, 3)));
  }, 600_000);
  it('truncated-Poisson guarantee ≥ the exact δ of enumerated capped Poisson batches', () => {
    expectSound(runCheck('truncated Poisson guarantee ≥ exact', tinySamplerCase(), (c) => void checkSamplerGuaranteeAboveExact('truncated-poisson', c), casesFor(8, 0.01, 6)));
  }, 600_000);
  it('truncatedPoissonEpsilon at any rate q ∈ [0.05, 0.95] and cap ≥ exact', () => {
    const arb = fc.tuple(tinySamplerCase(), logUniform(0.05, 0.95)).map(([c, q]) => ({ ...c, samplingRate: q }));
    expectSound(runCheck('truncated Poisson (any rate) ≥ exact', arb, (c) => void checkTruncatedPoissonDirect(c), casesFor(6, 0.01)));
  }, 600_000);
  it('balls-in-bins (k = 2): upper ≥ exact, lower ≤ exact, on the 2-D mixture binned exactly', () => {
    expectSound(runCheck('balls-in-bins upper ≥ exact ≥ lower', tinyBallsInBinsCase(), (c) => void checkBallsInBins(c), casesFor(4, 0.005, 3)));
  }, 600_000);
  it('the trainer\'s recorded shuffle / balls-in-bins sampler, priced, covers the releases its batches gave each record', () => {
    expectSound(runCheck('trainer sampler priced ≥ its releases', trainerEpochCase(), (c) => void checkTrainerEpochsCovered(c), casesFor(6, 0.005)));
  }, 600_000);
});

describe('batch samplers: monotone in σ, calibration meets its target', () => {
  it('every sampler ε (and its bounds) decreases in σ', () => {
    const arb = fc.tuple(samplerRun(), fc.double({ min: 1.05, max: 3, noNaN: true }));
    expectSound(runCheck('sampler ε monotone in σ', arb, ([r, k]) => checkSamplerMonotoneInSigma(r, k), casesFor(6, 0.005)));
  }, 600_000);
  it('calibrated σ meets the target ε and is not needlessly large', () => {
    const arb = fc.tuple(samplerRun(), logUniform(0.3, 10));
    expectSound(runCheck('sampler calibration meets target', arb, ([r, e]) => checkSamplerCalibration(r, e), casesFor(4, 0.003, 1)));
  }, 600_000);
});

describe('soundness of the audits', () => {
  it('one-run audits over-claim on truly private mechanisms in at most (1 − confidence) of runs', () => {
    const cases = casesFor(400, 0.2);
    const arb = fc.record({
      sigma: logUniform(0.5, 3),
      canaries: logUniformInteger(100, 1000),
      guesses: logUniformInteger(10, 200),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      method: fc.constantFrom('fdp' as const, 'steinke' as const),
    });
    // `seconds` and `cpuSeconds` are fields of the suite's summary file, never asserted
    const { value: overclaims, seconds, cpuSeconds } = measured(() => fc.sample(arb, { seed: seed(), numRuns: cases }).filter(auditOverclaims).length);
    const rate = overclaims / cases;
    const allowed = allowedOverclaimRate(cases);
    const outcome: CheckOutcome = {
      name: 'audits over-claim ≤ 1 − confidence',
      cases,
      failed: rate > allowed,
      ...(rate > allowed ? { error: `over-claim rate ${rate} > ${allowed}` } : {}),
      seconds,
      cpuSeconds,
    };
    expectSound(outcome);
  });
});
