/**
 * Dirac gradient canaries for one-run auditing (Steinke, Nasr & Jagielski, "Privacy Auditing
 * with One (1) Training Run", NeurIPS 2023; Andrew et al. 2024): m canaries, canary j being the
 * gradient C·e_{c_j} on its own parameter coordinate c_j. Each canary is included with
 * probability ½ (the secret bit, drawn and kept inside this instrument: the trainer only
 * receives the contributions); an included canary joins the batches a record would join under
 * the run's batch sampler (`canary-participation.ts`: every step with probability p for Poisson,
 * fixed-size and truncated-Poisson batches; one batch per epoch for shuffling and balls-in-bins).
 *
 * White-box score (the attacker sees every released update): the log-likelihood ratio of
 * "included" against "excluded" for the released noisy sums u_t = (Σḡ + ξ)_{c_j} under the
 * canary's participation law, treating the other records' contribution to coordinate c_j as
 * negligible. With ℓ_t = (u_t/C − ½)/σ², per-step laws give
 * s_j = Σ_t log(1 − p + p·exp(ℓ_t)) (the Poisson-subsampled Gaussian's ratio at rate p), and
 * per-epoch laws s_j = Σ_epochs log(P[in none of the epoch's steps] + p·Σ_{t in epoch} exp(ℓ_t)).
 * With σ = 0, s_j = Σ_t u_t. The per-step score is `diracCanaryStepScore` (dirac-canary-score.ts),
 * the same function that scores released values recorded in another framework. Any score computed from the released sums alone keeps the audit
 * valid (docs/math/audit-one-run.md §"Canaries that follow the batch sampler"); this one is the
 * most powerful test for a single canary (Neyman–Pearson).
 */
import { createRng, logAddExp, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { canaryParticipation, canaryParticipationLaw } from './canary-participation.js';
import type { CanaryParticipation, CanaryParticipationLaw } from './canary-participation.js';
import type { CanaryScoresTrace } from './canary-scores.js';
import { diracCanaryLogRatio, diracCanaryStepScore, scoresAsNoiseless } from './dirac-canary-score.js';
import type { Instrument, RunInfo, StepContext } from './instrument.js';

/** Options of {@link diracCanaryInstrument}. */
export interface DiracCanaryOptions {
  /** Number of canaries m (≤ number of parameters). */
  readonly count: number;
  /** Seed of the secret bits, coordinates and canary sampling (independent of the trainer's). */
  readonly seed: number;
}

/**
 * The Dirac-canary instrument (see the module comment). `trace()` reveals the scores with the
 * secret bits and the sampler whose law the canaries followed (call it after training).
 *
 * @throws DpboundsRangeError when `count` is not an integer ≥ 1 or exceeds the parameter count,
 *   and, at the start of a run, when a hand-built `RunInfo` of truncated-Poisson batches lacks
 *   `sampler.maxBatchSize`.
 * @example const canaries = diracCanaryInstrument({ count: 1000, seed: 42 });
 */
export function diracCanaryInstrument(options: DiracCanaryOptions): Instrument<CanaryScoresTrace> {
  requireOptions('options', options, ['count', 'seed']);
  const m = requireInteger('count', options.count, { min: 1 });
  const seed = requireInteger('seed', options.seed, { min: 0, max: 2 ** 32 - 1 });
  let run: RunInfo | undefined;
  let law: CanaryParticipationLaw | undefined;
  let participation: CanaryParticipation | undefined;
  let coordinates = new Uint32Array(0);
  let included = new Uint8Array(0);
  // scores of the closed blocks, and log Σ exp(ℓ_t) over the steps of the open epoch
  let scores = new Float64Array(0);
  let open = new Float64Array(0);
  let openSteps = 0;
  /** log(P[in none of the open epoch's steps] + p·Σ exp(ℓ_t)) for canary j. */
  const openTerm = (j: number): number => {
    const l = law as CanaryParticipationLaw;
    return logAddExp(Math.log(l.outside(openSteps)), Math.log(l.stepProbability) + (open[j] as number));
  };
  return {
    name: 'canaries',
    onStart(info) {
      if (m > info.model.parameterCount) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'count', expected: `at most the parameter count ${info.model.parameterCount}`, found: m });
      }
      run = info;
      law = canaryParticipationLaw(info);
      const rng = createRng(seed);
      coordinates = rng.fork('dirac-coordinates').permutation(info.model.parameterCount).slice(0, m);
      const bits = rng.fork('dirac-secrets');
      included = Uint8Array.from({ length: m }, () => (bits.bernoulli(0.5) ? 1 : 0));
      scores = new Float64Array(m);
      open = new Float64Array(m).fill(-Infinity);
      openSteps = 0;
      // Every canary draws, included or not, so the stream does not depend on the bits.
      participation = canaryParticipation(law, m, rng.fork('dirac-sampling'));
    },
    contributions(step, parameters) {
      if (run === undefined || participation === undefined) return [];
      const inBatch = participation.next(step);
      const out: Float64Array[] = [];
      for (let j = 0; j < m; j++) {
        if (inBatch[j] === 1 && included[j] === 1) {
          const v = new Float64Array(parameters.length);
          v[coordinates[j] as number] = run.clip;
          out.push(v);
        }
      }
      return out;
    },
    onStep(context: StepContext) {
      if (law === undefined) return;
      const { noiseMultiplier: sigma, clip: C } = context.run;
      if (scoresAsNoiseless(sigma) || law.blockSteps === 1) {
        // the one implementation of the score, shared with released values (`diracCanaryScores`)
        const step = diracCanaryStepScore({ samplingRate: law.stepProbability, noiseMultiplier: sigma, clipNorm: C });
        for (let j = 0; j < m; j++) {
          scores[j] = (scores[j] as number) + step(context.noisySum[coordinates[j] as number] as number);
        }
        return;
      }
      for (let j = 0; j < m; j++) {
        const u = context.noisySum[coordinates[j] as number] as number;
        open[j] = logAddExp(open[j] as number, diracCanaryLogRatio(u, C, sigma));
      }
      openSteps++;
      if (openSteps === law.blockSteps) {
        for (let j = 0; j < m; j++) scores[j] = (scores[j] as number) + openTerm(j);
        open.fill(-Infinity);
        openSteps = 0;
      }
    },
    trace: () => ({
      format: 'dpbounds.canary-scores',
      version: 1,
      kind: 'dirac',
      scoring: scoringWords(law, run?.noiseMultiplier),
      canaries: m,
      ...(law === undefined ? {} : { sampling: { sampler: law.sampler, participation: law.words } }),
      // a partial last epoch counts with the steps it ran
      scores: Array.from({ length: m }, (_, j) => ({ id: j, score: (scores[j] as number) + (openSteps > 0 ? openTerm(j) : 0), member: included[j] === 1 ? 1 : 0 })),
    }),
  };
}

/** The trace's `scoring` sentence for the law that ran. */
function scoringWords(law: CanaryParticipationLaw | undefined, sigma: number | undefined): string {
  if (sigma !== undefined && scoresAsNoiseless(sigma)) return `sum over steps of the released noisy sum u_t on the canary coordinate (sigma = ${sigma}${sigma === 0 ? '' : ', scored as 0'})`;
  if (law === undefined || law.blockSteps === 1) {
    return 'sum over steps of the subsampled-Gaussian log-likelihood ratio log(1 - p + p exp((u_t/C - 1/2)/sigma^2)) of the released noisy sum u_t on the canary coordinate, p the per-step inclusion probability';
  }
  return 'sum over epochs of the log-likelihood ratio log(P[in no step of the epoch] + p sum_{t in epoch} exp((u_t/C - 1/2)/sigma^2)) of the released noisy sums u_t on the canary coordinate (one batch per epoch, each with probability p)';
}
