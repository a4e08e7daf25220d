/**
 * A one-hidden-layer perceptron with ReLU units: u = W₁x + b₁, h = max(u, 0),
 * logit = w₂·h + b₂; binary cross-entropy loss. Parameters are laid out as
 * [W₁ (H×d, row-major), b₁ (H), w₂ (H), b₂] (P = H·d + 2H + 1). Analytic per-example
 * gradient with e = σ(logit) − y and δ = e·w₂ ⊙ 1[u > 0]: ∇W₁ = δxᵀ, ∇b₁ = δ, ∇w₂ = e·h, ∇b₂ = e.
 */
import { requireInteger } from '@dpbounds/special-functions';
import { logisticLoss, sigmoid } from './model.js';
import type { Model, Rng, SubstitutedGradients } from './model.js';

/**
 * An MLP with `hiddenUnits` ReLU units over `featureCount` features. Initial weights: He
 * normal (W₁ ~ N(0, 2/d), w₂ ~ N(0, 1/H)), biases zero.
 *
 * @throws DpboundsRangeError when a size is not an integer ≥ 1.
 * @example const model = mlp(108, 64); model.parameterCount // 7041
 */
export function mlp(featureCount: number, hiddenUnits: number): Model {
  requireInteger('featureCount', featureCount, { min: 1 });
  requireInteger('hiddenUnits', hiddenUnits, { min: 1 });
  const d = featureCount;
  const H = hiddenUnits;
  const oB1 = H * d;
  const oW2 = oB1 + H;
  const oB2 = oW2 + H;
  const P = oB2 + 1;
  const pre = new Float64Array(H);
  const forward = (params: Float64Array, x: Float64Array): number => {
    let z = params[oB2] as number;
    for (let k = 0; k < H; k++) {
      let u = params[oB1 + k] as number;
      const row = k * d;
      for (let j = 0; j < d; j++) u += (params[row + j] as number) * (x[j] as number);
      pre[k] = u;
      if (u > 0) z += (params[oW2 + k] as number) * u;
    }
    return z;
  };
  return {
    kind: 'mlp',
    featureCount: d,
    parameterCount: P,
    describe: () => ({ kind: 'mlp', featureCount: d, hiddenUnits: H, activation: 'relu', parameterCount: P, layout: 'W1[H][d] row-major, b1[H], w2[H], b2' }),
    initialParameters(rng: Rng) {
      const params = new Float64Array(P);
      const s1 = Math.sqrt(2 / d);
      const s2 = Math.sqrt(1 / H);
      for (let i = 0; i < oB1; i++) params[i] = s1 * rng.normal();
      for (let k = 0; k < H; k++) params[oW2 + k] = s2 * rng.normal();
      return params;
    },
    logit: forward,
    lossAndGradient(params, x, y, out) {
      const z = forward(params, x);
      const e = sigmoid(z) - y;
      for (let k = 0; k < H; k++) {
        const u = pre[k] as number;
        const row = k * d;
        if (u > 0) {
          const delta = e * (params[oW2 + k] as number);
          for (let j = 0; j < d; j++) out[row + j] = delta * (x[j] as number);
          out[oB1 + k] = delta;
          out[oW2 + k] = e * u;
        } else {
          out.fill(0, row, row + d);
          out[oB1 + k] = 0;
          out[oW2 + k] = 0;
        }
      }
      out[oB2] = e;
      return logisticLoss(z, y);
    },
    substitutedGradients(params, x, y, indices, candidates): SubstitutedGradients {
      const m = indices.length;
      const k = m === 0 ? 0 : candidates.length / m;
      forward(params, x);
      const base = Float64Array.from(pre);
      let common = 1;
      for (let j = 0; j < d; j++) common += (x[j] as number) ** 2;
      for (let j = 0; j < m; j++) common -= (x[indices[j] as number] as number) ** 2;
      // Per candidate a: δ_a (H), h_a (H), e_a.
      const delta = new Float64Array(k * H);
      const hidden = new Float64Array(k * H);
      const e = new Float64Array(k);
      for (let a = 0; a < k; a++) {
        let z = params[oB2] as number;
        for (let u = 0; u < H; u++) {
          let v = base[u] as number;
          for (let j = 0; j < m; j++) {
            const i = indices[j] as number;
            v += (params[u * d + i] as number) * ((candidates[a * m + j] as number) - (x[i] as number));
          }
          if (v > 0) {
            hidden[a * H + u] = v;
            z += (params[oW2 + u] as number) * v;
          }
        }
        const ea = sigmoid(z) - y;
        e[a] = ea;
        for (let u = 0; u < H; u++) if ((hidden[a * H + u] as number) > 0) delta[a * H + u] = ea * (params[oW2 + u] as number);
      }
      const zdot = (a: number, b: number): number => {
        let s = 0;
        for (let j = 0; j < m; j++) s += (candidates[a * m + j] as number) * (candidates[b * m + j] as number);
        return s;
      };
      const entry = (a: number, b: number): number => {
        let dd = 0;
        let hh = 0;
        const oa = a * H;
        const ob = b * H;
        for (let u = 0; u < H; u++) {
          dd += (delta[oa + u] as number) * (delta[ob + u] as number);
          hh += (hidden[oa + u] as number) * (hidden[ob + u] as number);
        }
        return dd * (common + zdot(a, b)) + (e[a] as number) * (e[b] as number) * (hh + 1);
      };
      return {
        count: k,
        normsSquared: () => Float64Array.from({ length: k }, (_, a) => entry(a, a)),
        gram: () => {
          const g = new Float64Array(k * k);
          for (let a = 0; a < k; a++) for (let b = a; b < k; b++) g[a * k + b] = g[b * k + a] = entry(a, b);
          return g;
        },
        innerWithWeightedSum: (weights) => {
          // S = Σ_b w_b g_b in factored form: D0 = Σ w_b δ_b, Dj = Σ w_b z_b[j] δ_b, Hs = Σ w_b e_b h_b, Es = Σ w_b e_b.
          const D0 = new Float64Array(H);
          const Dj = new Float64Array(m * H);
          const Hs = new Float64Array(H);
          let Es = 0;
          for (let b = 0; b < k; b++) {
            const w = weights[b] as number;
            if (w === 0) continue;
            const we = w * (e[b] as number);
            Es += we;
            for (let u = 0; u < H; u++) {
              const db = w * (delta[b * H + u] as number);
              D0[u] = (D0[u] as number) + db;
              Hs[u] = (Hs[u] as number) + we * (hidden[b * H + u] as number);
            }
            for (let j = 0; j < m; j++) {
              const zb = candidates[b * m + j] as number;
              if (zb === 0) continue;
              for (let u = 0; u < H; u++) Dj[j * H + u] = (Dj[j * H + u] as number) + zb * w * (delta[b * H + u] as number);
            }
          }
          return Float64Array.from({ length: k }, (_, a) => {
            let s0 = 0;
            let sh = 0;
            for (let u = 0; u < H; u++) {
              s0 += (delta[a * H + u] as number) * (D0[u] as number);
              sh += (hidden[a * H + u] as number) * (Hs[u] as number);
            }
            let s = common * s0;
            for (let j = 0; j < m; j++) {
              const za = candidates[a * m + j] as number;
              if (za === 0) continue;
              let sj = 0;
              for (let u = 0; u < H; u++) sj += (delta[a * H + u] as number) * (Dj[j * H + u] as number);
              s += za * sj;
            }
            return s + (e[a] as number) * (sh + Es);
          });
        },
      };
    },
  };
}
