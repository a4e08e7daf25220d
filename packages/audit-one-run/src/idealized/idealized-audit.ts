/**
 * The best a perfect attacker can prove: the idealised setting of [MMC] Algorithm 4 followed by
 * the audit (docs/math/audit-one-run.md), for planning m and r before instrumenting a run.
 */
import { requireInRange, requireOptions } from '@dpbounds/special-functions';
import { auditOneRun, type AuditOptions, type AuditResult } from '../audit/audit-one-run.js';
import { auditLabels } from '../audit/audit-view.js';
import { validateBucketSize } from '../observation/observation.js';
import { idealizedExpectedCorrect } from './idealized-membership.js';
import { idealizedReconstructionMonteCarlo } from './idealized-reconstruction.js';

/** Input of {@link idealizedAudit}. */
export interface IdealizedAuditInput extends Omit<AuditOptions, 'bucketSize'> {
  /** Noise multiplier σ of the Gaussian mechanism with sensitivity 1 (μ = 1/σ); for DP-SGD think σ_eff. */
  readonly noiseMultiplier: number;
  /** Number of canaries m ≥ 2. */
  readonly canaries: number;
  /** Number of guesses c′ (1 ≤ c′ ≤ m; ≥ 2 for k > 2). */
  readonly guesses: number;
  /** Options per canary k (default 2). */
  readonly bucketSize?: number;
  /** Seed of the Monte Carlo for k > 2 (default 0). */
  readonly seed?: number;
  /** Monte-Carlo runs for k > 2 (default 100). */
  readonly runs?: number;
}

/** Result of {@link idealizedAudit}: the audit of the idealised attacker's observation. */
export interface IdealizedAuditResult extends AuditResult {
  /** The expected number of correct guesses (exact for k = 2, Monte-Carlo mean for k > 2). */
  readonly expectedCorrect: number;
  /** The input's noise multiplier σ. */
  readonly noiseMultiplier: number;
}

/**
 * Audits the observation of the optimal attacker in the idealised setting ([MMC] Algorithm 4):
 * c = round(expected correct guesses) for k = 2 ({@link idealizedExpectedCorrect}, exact), or the
 * truncated Monte-Carlo mean for k > 2 ({@link idealizedReconstructionMonteCarlo}, seeded); then
 * {@link auditOneRun} with the given method, δ and confidence. It shows the best empirical ε a
 * perfect attacker reaches with these m and c′ against a Gaussian mechanism with noise σ, i.e.
 * how tight an audit can be before running it.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument.
 * @example idealizedAudit({ noiseMultiplier: 1, canaries: 100000, guesses: 1500 }).empiricalEpsilon // ≈ 3.30 (true ε at δ = 1e−5: 4.38)
 */
export function idealizedAudit(input: IdealizedAuditInput): IdealizedAuditResult {
  requireOptions('input', input, ['noiseMultiplier', 'canaries', 'guesses', 'bucketSize', 'seed', 'runs', 'method', 'confidence', 'delta', 'family']);
  const sigma = requireInRange('noiseMultiplier', input.noiseMultiplier, { min: 0, minExclusive: true });
  const bucketSize = validateBucketSize(input.bucketSize ?? 2);
  let expectedCorrect: number;
  let correct: number;
  if (bucketSize === 2) {
    ({ expectedCorrect, correct } = idealizedExpectedCorrect({ noiseMultiplier: sigma, canaries: input.canaries, guesses: input.guesses }));
  } else {
    const mc = idealizedReconstructionMonteCarlo({
      noiseMultiplier: sigma,
      canaries: input.canaries,
      guesses: input.guesses,
      bucketSize,
      ...(input.runs === undefined ? {} : { runs: input.runs }),
      ...(input.seed === undefined ? {} : { seed: input.seed }),
    });
    expectedCorrect = mc.meanCorrect;
    correct = mc.correct;
  }
  const options: AuditOptions = {
    bucketSize,
    ...(input.method === undefined ? {} : { method: input.method }),
    ...(input.confidence === undefined ? {} : { confidence: input.confidence }),
    ...(input.delta === undefined ? {} : { delta: input.delta }),
    ...(input.family === undefined ? {} : { family: input.family }),
  };
  const audit = auditOneRun({ canaries: input.canaries, guesses: input.guesses, correct: Math.min(correct, input.guesses) }, options);
  // a simulated attacker: what an audit could show, not a measurement of a run
  return { ...audit, ...auditLabels('estimate', audit.confidence, bucketSize), expectedCorrect, noiseMultiplier: sigma };
}
