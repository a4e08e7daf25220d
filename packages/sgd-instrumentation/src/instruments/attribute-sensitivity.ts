/**
 * Attribute sensitivity R_t (Cherubin et al., "Closed-Form Bounds for DP-SGD against
 * Record-level Inference Attacks", USENIX Security 2024, Algorithm 4 and §5.4):
 *
 *   R_t = max_{z ∈ B_t} max_{s₀, s₁ ∈ 𝒜} ‖ḡ_t(φ(z), s₀) − ḡ_t(φ(z), s₁)‖₂,
 *
 * the largest diameter over the batch of the sets of clipped gradients obtained by giving a
 * record every value of the sensitive attribute. β*_AI = 1 − erf(p‖R‖₂ / (2√2σC)).
 *
 * - `full`: exact diameter, max over all pairs (O(k²) inner products per record, computed from
 *   the k×k Gram matrix of the substituted gradients in the model's factored form).
 * - `approximate`: 2·max_a ‖ḡ_a − v‖ with v the centroid of the k clipped gradients (triangle
 *   inequality: an upper bound on the diameter, so β* from it is conservative; O(k)).
 * Both are clamped to 2C (exact anyway up to rounding).
 *
 * Accuracy: distances from inner products lose digits when the gradients nearly coincide, so
 * each squared distance is inflated by 1e-12 × (the squared norms involved) before the square
 * root: the reported value is never below the exact diameter (never optimistic) and exceeds it
 * by at most ~2e-6·C (only when the diameter itself is that small).
 */
import { DpboundsRangeError, requireFunction, requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import { maxClippedSquaredDistance } from '../models/max-clipped-squared-distance.js';
import type { SubstitutedGradients } from '../models/model.js';
import { aiSensitivityTraceFromRecord } from '../traces/ai-sensitivity-trace.js';
import type { AiSensitivityTrace } from '../traces/ai-sensitivity-trace.js';
import type { AttributeSubstitution } from './attribute-substitution.js';
import type { Instrument, RunInfo, StepContext } from './instrument.js';

/** Relative inflation of squared distances covering the rounding of Gram-matrix arithmetic. */
const ROUNDING_MARGIN = 1e-12;

/** Reused buffers of {@link centroidBound} (single-threaded; not part of any result). */
let centroidScratch = new Float64Array(0);

/** Which diameter(s) to compute each step. */
export type AttributeSensitivityMethod = 'full' | 'approximate' | 'both';

/** Options of {@link attributeSensitivityInstrument}. */
export interface AttributeSensitivityOptions {
  readonly substitution: AttributeSubstitution;
  /** Default `approximate`. */
  readonly method?: AttributeSensitivityMethod;
}

/** What the instrument recorded (the input of the AI Bayes-security bound). */
export interface AttributeSensitivityRecord {
  readonly attribute: string;
  readonly values: readonly string[];
  readonly method: AttributeSensitivityMethod;
  readonly clip: number;
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  /** Exact R_t per step (absent for `approximate`). */
  readonly full?: Float64Array;
  /** Centroid upper bound per step (absent for `full`). */
  readonly approximate?: Float64Array;
}

/**
 * Exact diameter of the clipped gradients {c_a g_a} from the Gram matrix of the g_a, with
 * c_a = min(1, C/‖g_a‖): max_{a<b} √(c_a²G_aa + c_b²G_bb − 2c_a c_b G_ab).
 *
 * @example clippedDiameter(gradients, 1)
 */
export function clippedDiameter(gradients: SubstitutedGradients, clip: number): number {
  requireObject('gradients', gradients);
  for (const method of ['normsSquared', 'gram'] as const) requireFunction(`gradients.${method}`, gradients[method]);
  requireInRange('clip', clip, { min: 0, minExclusive: true });
  if (gradients.maxClippedSquaredDistance !== undefined) return Math.min(2 * clip, Math.sqrt(gradients.maxClippedSquaredDistance(clip, ROUNDING_MARGIN)));
  const k = gradients.count;
  const G = gradients.gram();
  return Math.min(2 * clip, Math.sqrt(maxClippedSquaredDistance(k, (a, b) => G[a * k + b] as number, clip, ROUNDING_MARGIN)));
}

/**
 * Twice the largest distance of a clipped gradient to the centroid of the clipped gradients
 * (an upper bound on the diameter).
 *
 * @example centroidBound(gradients, 1)
 */
export function centroidBound(gradients: SubstitutedGradients, clip: number): number {
  requireObject('gradients', gradients);
  for (const method of ['normsSquared', 'gram'] as const) requireFunction(`gradients.${method}`, gradients[method]);
  requireInRange('clip', clip, { min: 0, minExclusive: true });
  const k = gradients.count;
  const norms = gradients.normsSquared();
  if (centroidScratch.length < 2 * k) centroidScratch = new Float64Array(2 * k);
  const c = centroidScratch.subarray(0, k);
  const w = centroidScratch.subarray(k, 2 * k);
  for (let a = 0; a < k; a++) {
    const n = Math.sqrt(Math.max(0, norms[a] as number));
    c[a] = n > clip ? clip / n : 1;
    w[a] = (c[a] as number) / k;
  }
  const inner = gradients.innerWithWeightedSum(w);
  let vv = 0;
  for (let a = 0; a < k; a++) vv += (w[a] as number) * (inner[a] as number);
  let best = 0;
  for (let a = 0; a < k; a++) {
    const ca = c[a] as number;
    const own = ca * ca * (norms[a] as number);
    const d2 = own - 2 * ca * (inner[a] as number) + vv + ROUNDING_MARGIN * (own + Math.abs(vv));
    if (d2 > best) best = d2;
  }
  return Math.min(2 * clip, 2 * Math.sqrt(best));
}

/**
 * The R_t instrument (see the module comment). It uses the run's model and data: each batch
 * record is re-encoded with each candidate of `substitution` through the model's factored
 * `substitutedGradients`. `record()` returns R_t per step as typed arrays; `trace()` the
 * validated version-1 attribute-sensitivity trace (`dpbounds.ai-sensitivity-trace`, read by
 * `dpbounds bayes-security --threat ai`; needs σ > 0).
 *
 * @throws DpboundsRangeError when the substitution indices fall outside the model's features.
 * @example const ai = attributeSensitivityInstrument({ substitution: attributeSubstitution(train.encoding, 'age', train), method: 'both' });
 */
export function attributeSensitivityInstrument(options: AttributeSensitivityOptions): Instrument<AiSensitivityTrace> & { readonly record: () => AttributeSensitivityRecord } {
  requireOptions('options', options, ['substitution', 'method']);
  const method = options.method ?? 'approximate';
  const { substitution } = options;
  let run: RunInfo | undefined;
  let full: number[] = [];
  let approximate: number[] = [];
  const record = (): AttributeSensitivityRecord => ({
    attribute: substitution.attribute,
    values: substitution.values,
    method,
    clip: run?.clip ?? 0,
    samplingRate: run?.samplingRate ?? 0,
    noiseMultiplier: run?.noiseMultiplier ?? 0,
    steps: Math.max(full.length, approximate.length),
    ...(method !== 'approximate' ? { full: Float64Array.from(full) } : {}),
    ...(method !== 'full' ? { approximate: Float64Array.from(approximate) } : {}),
  });
  return {
    name: 'ai-sensitivity',
    onStart(info) {
      for (const i of substitution.indices) {
        if (i >= info.model.featureCount) {
          throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'substitution.indices', expected: `feature indices below ${info.model.featureCount}`, found: i });
        }
      }
      run = info;
      full = [];
      approximate = [];
    },
    onStep(context: StepContext) {
      const { model, data, clip } = context.run;
      const d = data.featureCount;
      let rFull = 0;
      let rApprox = 0;
      for (let i = 0; i < context.batch.length; i++) {
        const r = context.batch[i] as number;
        const gradients = model.substitutedGradients(context.parameters, data.features.subarray(r * d, (r + 1) * d), data.labels[r] as number, substitution.indices, substitution.candidates);
        if (method !== 'approximate') rFull = Math.max(rFull, clippedDiameter(gradients, clip));
        if (method !== 'full') rApprox = Math.max(rApprox, centroidBound(gradients, clip));
      }
      if (method !== 'approximate') full.push(rFull);
      if (method !== 'full') approximate.push(rApprox);
    },
    trace: () => aiSensitivityTraceFromRecord(record(), { producer: '@dpbounds/sgd-instrumentation attributeSensitivityInstrument', seed: run?.seed ?? 0 }),
    record,
  };
}
