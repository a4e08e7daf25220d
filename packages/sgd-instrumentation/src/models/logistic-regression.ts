/**
 * Logistic regression: logit = w·x + b, parameters [w_1 … w_d, b] (P = d + 1), binary
 * cross-entropy loss. Per-example gradient (σ(z) − y)·[x, 1].
 */
import { requireInteger } from '@dpbounds/special-functions';
import { maxClippedSquaredDistance } from './max-clipped-squared-distance.js';
import { logisticLoss, sigmoid } from './model.js';
import { requireModelSize } from './model-size.js';
import type { Model, Rng, SubstitutedGradients } from './model.js';

/**
 * A logistic-regression model over `featureCount` features; parameters start at zero.
 *
 * At most 2²⁶ parameters (d + 1), refused when the model is built.
 *
 * @throws DpboundsRangeError when `featureCount` is not an integer ≥ 1, or above 2²⁶ − 1.
 * @example const model = logisticRegression(108); model.parameterCount // 109
 */
export function logisticRegression(featureCount: number): Model {
  requireInteger('featureCount', featureCount, { min: 1 });
  requireModelSize(featureCount, 0);
  const d = featureCount;
  const logit = (params: Float64Array, x: Float64Array): number => {
    let z = params[d] as number;
    for (let j = 0; j < d; j++) z += (params[j] as number) * (x[j] as number);
    return z;
  };
  return {
    kind: 'logistic',
    featureCount: d,
    parameterCount: d + 1,
    describe: () => ({ kind: 'logistic', featureCount: d, parameterCount: d + 1, layout: 'weights[0..d), bias' }),
    initialParameters: (_rng: Rng) => new Float64Array(d + 1),
    logit,
    lossAndGradient(params, x, y, out) {
      const z = logit(params, x);
      const e = sigmoid(z) - y;
      for (let j = 0; j < d; j++) out[j] = e * (x[j] as number);
      out[d] = e;
      return logisticLoss(z, y);
    },
    accumulateClipped(params, x, y, clip, sum, info) {
      const z = logit(params, x);
      const e = sigmoid(z) - y;
      let xx = 1;
      for (let j = 0; j < d; j++) xx += (x[j] as number) ** 2;
      const norm = Math.abs(e) * Math.sqrt(xx);
      const ce = (norm > clip ? clip / norm : 1) * e;
      for (let j = 0; j < d; j++) sum[j] = (sum[j] as number) + ce * (x[j] as number);
      sum[d] = (sum[d] as number) + ce;
      info[0] = logisticLoss(z, y);
      info[1] = norm;
    },
    substitutedGradients(params, x, y, indices, candidates): SubstitutedGradients {
      const m = indices.length;
      const k = m === 0 ? 0 : candidates.length / m;
      let zBase = logit(params, x);
      let common = 1;
      for (let j = 0; j < d; j++) common += (x[j] as number) ** 2;
      for (let j = 0; j < m; j++) {
        const i = indices[j] as number;
        zBase -= (params[i] as number) * (x[i] as number);
        common -= (x[i] as number) ** 2;
      }
      const e = new Float64Array(k);
      for (let a = 0; a < k; a++) {
        let z = zBase;
        for (let j = 0; j < m; j++) z += (params[indices[j] as number] as number) * (candidates[a * m + j] as number);
        e[a] = sigmoid(z) - y;
      }
      const zdot = (a: number, b: number): number => {
        let s = 0;
        for (let j = 0; j < m; j++) s += (candidates[a * m + j] as number) * (candidates[b * m + j] as number);
        return s;
      };
      return {
        count: k,
        normsSquared: () => Float64Array.from({ length: k }, (_, a) => (e[a] as number) ** 2 * (common + zdot(a, a))),
        gram: () => {
          const g = new Float64Array(k * k);
          for (let a = 0; a < k; a++) {
            for (let b = a; b < k; b++) g[a * k + b] = g[b * k + a] = (e[a] as number) * (e[b] as number) * (common + zdot(a, b));
          }
          return g;
        },
        // the diameter without a k×k Gram matrix (the demo's 73 ages: one 43 kB allocation per
        // record and step before): each entry is gram()'s expression, so the result is
        // clippedDiameter's on gram(), bit for bit
        maxClippedSquaredDistance: (clip, margin) => maxClippedSquaredDistance(k, (a, b) => (e[a] as number) * (e[b] as number) * (common + zdot(a, b)), clip, margin),
        innerWithWeightedSum: (weights) => {
          let se = 0;
          const sz = new Float64Array(m);
          for (let b = 0; b < k; b++) {
            const we = (weights[b] as number) * (e[b] as number);
            se += we;
            for (let j = 0; j < m; j++) sz[j] = (sz[j] as number) + we * (candidates[b * m + j] as number);
          }
          return Float64Array.from({ length: k }, (_, a) => {
            let s = common * se;
            for (let j = 0; j < m; j++) s += (candidates[a * m + j] as number) * (sz[j] as number);
            return (e[a] as number) * s;
          });
        },
      };
    },
  };
}
