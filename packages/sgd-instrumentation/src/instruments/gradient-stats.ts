/**
 * Gradient mean/covariance statistics and each target's gradient susceptibility
 * K = (g(x) − μ_g)ᵀ Σ⁻¹ (g(x) − μ_g) (Leemann, Pawelczyk & Kasneci, "Gaussian Membership
 * Inference Privacy", NeurIPS 2023, §5; spec tradeoff-and-threat-models §2.2 and §2.8), the
 * inputs of μ-GMIP (K, d) and of the GLiR attack (μ̂, Σ̂, step update, target gradients).
 *
 * At each checkpoint step t: clipped per-example gradients of a background sample (drawn from
 * the data distribution, disjoint from training: pass held-out records) restricted to d
 * coordinates (every ⌊P/d⌋-th parameter when P > d); μ̂ = mean, Σ̂ = (1/B)Σ(g − μ̂)(g − μ̂)ᵀ;
 * coordinates with variance below `minVariance` are dropped (d_eff); Σ̂ = LLᵀ by Cholesky and
 * K̂ = ‖L⁻¹(ĝ − μ̂)‖² for each target. Requires B > d_eff.
 */
import { DpboundsRangeError, requireInRange, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { choleskyLower, forwardSubstitute } from '@dpbounds/special-functions/advanced';
import type { Dataset } from '../data/dataset.js';
import type { Instrument, RunInfo, StepContext } from './instrument.js';

/** Options of {@link gradientStatsInstrument}. */
export interface GradientStatsOptions {
  /** Held-out records whose gradients estimate μ and Σ (B of them; B > dims). */
  readonly background: Dataset;
  /** Records whose susceptibility K is reported. */
  readonly targets: Dataset;
  /** Caller's ids of the targets (default 0 … n−1). */
  readonly targetIds?: readonly number[];
  /** Membership of each target when the caller knows it (1 = in the training set); stored for attacks. */
  readonly targetMembers?: readonly (0 | 1)[];
  /** Coordinates d used (default min(P, 64)). */
  readonly dims?: number;
  /** Steps at which to compute (default: the last step only). */
  readonly checkpoints?: readonly number[];
  /** Variance threshold for dropping coordinates (default 1e-14). */
  readonly minVariance?: number;
  /** Store each target's restricted gradient (for GLiR; default true). */
  readonly storeTargetGradients?: boolean;
}

/** Statistics at one checkpoint. */
export interface GradientStatsCheckpoint {
  readonly step: number;
  /** Parameter indices of the kept coordinates (d_eff of them). */
  readonly coordinates: readonly number[];
  readonly backgroundSize: number;
  readonly mean: readonly number[];
  /** Σ̂ restricted to the kept coordinates, row-major d_eff × d_eff. */
  readonly covariance: readonly number[];
  /** The released update m̄_t = (Σḡ + ξ)/L on the kept coordinates. */
  readonly update: readonly number[];
  readonly targets: readonly { readonly id: number; readonly member?: 0 | 1; readonly susceptibility: number; readonly gradient?: readonly number[] }[];
  /** Mean of K over the targets (E[K] = d_eff for targets drawn from the distribution; heavy-tailed). */
  readonly meanSusceptibility: number;
  /** Median of K over the targets (a typical target). */
  readonly medianSusceptibility: number;
  readonly maxSusceptibility: number;
}

/** The gradient-statistics trace. */
export interface GradientStatsTrace {
  readonly format: 'dpbounds.gradient-stats';
  readonly version: 1;
  readonly datasetSize: number;
  readonly expectedBatchSize: number;
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly clip: number;
  readonly steps: number;
  readonly parameterCount: number;
  readonly dims: number;
  readonly checkpoints: readonly GradientStatsCheckpoint[];
}

/**
 * The gradient-statistics instrument (module comment). Checkpoint steps outside [0, T) are ignored.
 *
 * @throws DpboundsRangeError on invalid dims, fewer background records than dims + 1, or
 *   mismatched target ids.
 * @example const stats = gradientStatsInstrument({ background: test, targets, dims: 32, checkpoints: [0, 99] });
 */
export function gradientStatsInstrument(options: GradientStatsOptions): Instrument<GradientStatsTrace> {
  requireOptions('options', options, ['background', 'targets', 'targetIds', 'targetMembers', 'dims', 'checkpoints', 'minVariance', 'storeTargetGradients']);
  requireInteger('targets.size', requireObject('targets', options.targets)['size'], { min: 0 });
  const minVariance = requireInRange('minVariance', options.minVariance ?? 1e-14, { min: 0 });
  const ids = options.targetIds ?? Array.from({ length: options.targets.size }, (_, i) => i);
  if (ids.length !== options.targets.size) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'targetIds', expected: `length ${options.targets.size}`, found: ids.length });
  }
  if (options.targetMembers !== undefined && options.targetMembers.length !== options.targets.size) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'targetMembers', expected: `length ${options.targets.size}`, found: options.targetMembers.length });
  }
  const store = options.storeTargetGradients ?? true;
  let run: RunInfo | undefined;
  let dims = 0;
  let stride = 1;
  let wanted = new Set<number>();
  const checkpoints: GradientStatsCheckpoint[] = [];

  const restricted = (context: StepContext, data: Dataset, i: number, full: Float64Array): Float64Array => {
    const d = data.featureCount;
    context.run.model.lossAndGradient(context.parameters, data.features.subarray(i * d, (i + 1) * d), data.labels[i] as number, full);
    let nn = 0;
    for (let p = 0; p < full.length; p++) nn += (full[p] as number) ** 2;
    const c = Math.sqrt(nn) > context.run.clip ? context.run.clip / Math.sqrt(nn) : 1;
    const out = new Float64Array(dims);
    for (let j = 0; j < dims; j++) out[j] = c * (full[j * stride] as number);
    return out;
  };

  return {
    name: 'gradient-stats',
    onStart(info) {
      run = info;
      const P = info.model.parameterCount;
      dims = requireInteger('dims', options.dims ?? Math.min(P, 64), { min: 1, max: P });
      stride = Math.floor(P / dims);
      if (options.background.size <= dims) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'background.size', expected: `more than dims = ${dims}`, found: options.background.size });
      }
      wanted = new Set(options.checkpoints ?? [info.totalSteps - 1]);
      checkpoints.length = 0;
    },
    onStep(context) {
      if (!wanted.has(context.step)) return;
      const full = new Float64Array(context.run.model.parameterCount);
      const B = options.background.size;
      const grads = Array.from({ length: B }, (_, i) => restricted(context, options.background, i, full));
      const mean = new Float64Array(dims);
      for (const g of grads) for (let j = 0; j < dims; j++) mean[j] = (mean[j] as number) + (g[j] as number) / B;
      const variance = new Float64Array(dims);
      for (const g of grads) for (let j = 0; j < dims; j++) variance[j] = (variance[j] as number) + ((g[j] as number) - (mean[j] as number)) ** 2 / B;
      const keep: number[] = [];
      for (let j = 0; j < dims; j++) if ((variance[j] as number) > minVariance) keep.push(j);
      const n = keep.length;
      const cov = new Float64Array(n * n);
      for (const g of grads) {
        for (let a = 0; a < n; a++) {
          const da = (g[keep[a] as number] as number) - (mean[keep[a] as number] as number);
          for (let b = 0; b <= a; b++) cov[a * n + b] = (cov[a * n + b] as number) + (da * ((g[keep[b] as number] as number) - (mean[keep[b] as number] as number))) / B;
        }
      }
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) cov[a * n + b] = cov[b * n + a] as number;
      const ridged = Float64Array.from(cov);
      let jitter = 0;
      let factor = n > 0 ? choleskyLower(ridged, n) : undefined;
      while (n > 0 && factor === undefined && Number.isFinite(jitter)) {
        // Rank-deficient Σ̂ (B barely above d, or collinear coordinates): add the smallest ridge that works.
        let trace = 0;
        for (let a = 0; a < n; a++) trace += cov[a * n + a] as number;
        jitter = jitter === 0 ? 1e-10 * (trace / n) : jitter * 10;
        ridged.set(cov);
        for (let a = 0; a < n; a++) ridged[a * n + a] = (ridged[a * n + a] as number) + jitter;
        factor = choleskyLower(ridged, n);
      }
      if (n > 0 && factor === undefined) {
        // Only reachable when Σ̂ holds NaN/±∞ (no finite ridge makes it positive definite).
        throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: 'per-example gradients', expected: 'finite values (their covariance could not be factorised)', found: Number.NaN });
      }
      const whitened = new Float64Array(n);
      const targets = Array.from({ length: options.targets.size }, (_, i) => {
        const g = restricted(context, options.targets, i, full);
        const centred = Float64Array.from(keep, (j) => (g[j] as number) - (mean[j] as number));
        let susceptibility = 0;
        if (factor !== undefined) {
          // K = ‖L⁻¹(ĝ − μ̂)‖² by forward substitution with the Cholesky factor of Σ̂ (+ ridge).
          forwardSubstitute(factor, n, centred, 0, whitened);
          for (let a = 0; a < n; a++) susceptibility += (whitened[a] as number) * (whitened[a] as number);
        }
        const member = options.targetMembers?.[i];
        return {
          id: ids[i] as number,
          ...(member !== undefined ? { member } : {}),
          susceptibility,
          ...(store ? { gradient: keep.map((j) => g[j] as number) } : {}),
        };
      });
      const ks = targets.map((t) => t.susceptibility);
      const sorted = [...ks].sort((a, b) => a - b);
      const half = Math.floor(sorted.length / 2);
      const median = sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? (sorted[half] as number) : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
      checkpoints.push({
        step: context.step,
        coordinates: keep.map((j) => j * stride),
        backgroundSize: B,
        mean: keep.map((j) => mean[j] as number),
        covariance: Array.from(cov),
        update: keep.map((j) => (context.noisySum[j * stride] as number) / context.run.expectedBatchSize),
        targets,
        meanSusceptibility: ks.length > 0 ? ks.reduce((s, k) => s + k, 0) / ks.length : 0,
        medianSusceptibility: median,
        maxSusceptibility: ks.length > 0 ? Math.max(...ks) : 0,
      });
    },
    trace: () => ({
      format: 'dpbounds.gradient-stats',
      version: 1,
      datasetSize: run?.data.size ?? 0,
      expectedBatchSize: run?.expectedBatchSize ?? 0,
      samplingRate: run?.samplingRate ?? 0,
      noiseMultiplier: run?.noiseMultiplier ?? 0,
      clip: run?.clip ?? 0,
      steps: run?.totalSteps ?? 0,
      parameterCount: run?.model.parameterCount ?? 0,
      dims,
      checkpoints: [...checkpoints],
    }),
  };
}
