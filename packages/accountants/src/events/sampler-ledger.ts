/**
 * The ledger entries the sampler events reduce to (derivations: docs/math/batch-samplers.md).
 */
import type { MechanismEvent } from './mechanism-event.js';

/**
 * The σ of an inner mechanism a sampler may wrap: a Gaussian's σ, 0 for a non-private release,
 * `undefined` for a no-op, `'unsupported'` for anything else.
 *
 * @example innerNoiseMultiplier({ kind: 'gaussian', noiseMultiplier: 1.1 }) // 1.1
 */
export function innerNoiseMultiplier(event: MechanismEvent): number | undefined | 'unsupported' {
  if (event.kind === 'gaussian') return event.noiseMultiplier;
  if (event.kind === 'non-private') return 0;
  if (event.kind === 'no-op') return undefined;
  return 'unsupported';
}

/**
 * The Poisson step whose add-remove pair dominates one fixed-size step under add-remove: rate
 * b/N and noise multiplier σ/2 (sensitivity 2: the record that enters or leaves displaces another
 * one; docs/math/batch-samplers.md, eq. (2)–(3)).
 *
 * @example fixedSizeEntry(256, 60_000, 1.1) // { samplingRate: 256/60000, noiseMultiplier: 0.55 }
 */
export function fixedSizeEntry(batchSize: number, datasetSize: number, noiseMultiplier: number): { samplingRate: number; noiseMultiplier: number } {
  return { samplingRate: batchSize / datasetSize, noiseMultiplier: noiseMultiplier / 2 };
}

/**
 * The step whose composition over epochs bounds balls-in-bins without any amplification: one
 * Gaussian release of sensitivity 1 per epoch (each record is in exactly one batch per epoch;
 * docs/math/batch-samplers.md, eq. (6)).
 *
 * @example ballsInBinsEntry(1.1) // { samplingRate: 1, noiseMultiplier: 1.1 }
 */
export function ballsInBinsEntry(noiseMultiplier: number): { samplingRate: number; noiseMultiplier: number } {
  return { samplingRate: 1, noiseMultiplier };
}
