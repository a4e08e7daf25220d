/**
 * A one-hidden-layer perceptron with ReLU units: u = W₁x + b₁, h = max(u, 0),
 * logit = w₂·h + b₂; binary cross-entropy loss. Parameters are laid out as
 * [W₁ (H×d, row-major), b₁ (H), w₂ (H), b₂] (P = H·d + 2H + 1). Analytic per-example
 * gradient with e = σ(logit) − y and δ = e·w₂ ⊙ 1[u > 0]: ∇W₁ = δxᵀ, ∇b₁ = δ, ∇w₂ = e·h, ∇b₂ = e.
 */
import { requireInteger } from '@dpbounds/special-functions';
import { logisticLoss, sigmoid } from './model.js';
import { requireModelSize } from './model-size.js';
import type { Model, Rng, SubstitutedGradients } from './model.js';

/**
 * An MLP with `hiddenUnits` ReLU units over `featureCount` features. Initial weights: He
 * normal (W₁ ~ N(0, 2/d), w₂ ~ N(0, 1/H)), biases zero.
 *
 * At most 2²⁶ parameters (H·d + 2H + 1), refused before anything is allocated.
 *
 * @throws DpboundsRangeError when a size is not an integer ≥ 1, or the model has more than 2²⁶ parameters.
 * @example const model = mlp(108, 64); model.parameterCount // 7041
 */
export function mlp(featureCount: number, hiddenUnits: number): Model {
  requireInteger('featureCount', featureCount, { min: 1 });
  requireInteger('hiddenUnits', hiddenUnits, { min: 1 });
  requireModelSize(featureCount, hiddenUnits);
  const d = featureCount;
  const H = hiddenUnits;
  const oB1 = H * d;
  const oW2 = oB1 + H;
  const oB2 = oW2 + H;
  const P = oB2 + 1;
  const pre = new Float64Array(H);
  // The candidate blocks of an attribute are the same for every record: sort them once.
  const sortCache = new WeakMap<Float64Array, { order: number[]; s: Float64Array }>();
  // Reused buffers of the scalar fast path (results are valid until the next substitutedGradients call).
  let scratchK = -1;
  let scratch = { pos: new Float64Array(0), neg: new Float64Array(0), zero: new Float64Array(6), e: new Float64Array(0), P: new Float64Array(0), N: new Float64Array(0), S: new Float64Array(0), G: new Float64Array(0), norms: new Float64Array(0), inner: new Float64Array(0) };
  const scalarScratch = (k: number): typeof scratch => {
    if (k !== scratchK) {
      scratchK = k;
      scratch = { pos: new Float64Array((k + 1) * 6), neg: new Float64Array((k + 1) * 6), zero: new Float64Array(6), e: new Float64Array(k), P: new Float64Array(k * 4), N: new Float64Array(k * 4), S: new Float64Array((k + 1) * 8), G: new Float64Array(k * k), norms: new Float64Array(k), inner: new Float64Array(k) };
    }
    return scratch;
  };
  const nz = new Int32Array(d);
  const nzValue = new Float64Array(d);
  let nzCount = 0;
  let xNormSq = 0;
  // Forward pass over the non-zero inputs only (one-hot data is mostly zeros); fills pre, nz, xNormSq.
  const forward = (params: Float64Array, x: Float64Array): number => {
    nzCount = 0;
    xNormSq = 0;
    for (let j = 0; j < d; j++) {
      const v = x[j] as number;
      if (v !== 0) {
        nz[nzCount] = j;
        nzValue[nzCount] = v;
        nzCount++;
        xNormSq += v * v;
      }
    }
    let z = params[oB2] as number;
    for (let k = 0; k < H; k++) {
      let u = params[oB1 + k] as number;
      const row = k * d;
      for (let q = 0; q < nzCount; q++) u += (params[row + (nz[q] as number)] as number) * (nzValue[q] as number);
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
    accumulateClipped(params, x, y, clip, sum, info) {
      const z = forward(params, x);
      const e = sigmoid(z) - y;
      // ‖∇‖² = ‖δ‖²(‖x‖² + 1) + e²(‖h‖² + 1)
      let dd = 0;
      let hh = 0;
      for (let k = 0; k < H; k++) {
        const u = pre[k] as number;
        if (u > 0) {
          dd += (params[oW2 + k] as number) ** 2;
          hh += u * u;
        }
      }
      const norm = Math.sqrt(e * e * (dd * (xNormSq + 1) + hh + 1));
      const ce = (norm > clip ? clip / norm : 1) * e;
      for (let k = 0; k < H; k++) {
        const u = pre[k] as number;
        if (!(u > 0)) continue;
        const delta = ce * (params[oW2 + k] as number);
        const row = k * d;
        for (let q = 0; q < nzCount; q++) {
          const j = row + (nz[q] as number);
          sum[j] = (sum[j] as number) + delta * (nzValue[q] as number);
        }
        sum[oB1 + k] = (sum[oB1 + k] as number) + delta;
        sum[oW2 + k] = (sum[oW2 + k] as number) + ce * u;
      }
      sum[oB2] = (sum[oB2] as number) + ce;
      info[0] = logisticLoss(z, y);
      info[1] = norm;
    },
    substitutedGradients(params, x, y, indices, candidates): SubstitutedGradients {
      const m = indices.length;
      const k = m === 0 ? 0 : candidates.length / m;
      forward(params, x);
      // β_u: pre-activation with the substituted block zeroed; candidate a has v_{a,u} = β_u + Σ_j W₁[u, i_j] z_a[j].
      const beta = Float64Array.from(pre);
      let common = 1 + xNormSq;
      for (let j = 0; j < m; j++) {
        const i = indices[j] as number;
        const xi = x[i] as number;
        common -= xi * xi;
        for (let u = 0; u < H; u++) beta[u] = (beta[u] as number) - (params[u * d + i] as number) * xi;
      }
      const zdot = (a: number, b: number): number => {
        let t = 0;
        for (let j = 0; j < m; j++) t += (candidates[a * m + j] as number) * (candidates[b * m + j] as number);
        return t;
      };
      // Dense factors per candidate (O(kH)), built on first use: δ_a, h_a, e_a.
      let dense: { delta: Float64Array; hidden: Float64Array; e: Float64Array } | undefined;
      const build = (): { delta: Float64Array; hidden: Float64Array; e: Float64Array } => {
        if (dense !== undefined) return dense;
        const delta = new Float64Array(k * H);
        const hidden = new Float64Array(k * H);
        const e = new Float64Array(k);
        for (let a = 0; a < k; a++) {
          let z = params[oB2] as number;
          for (let u = 0; u < H; u++) {
            let v = beta[u] as number;
            for (let j = 0; j < m; j++) v += (params[u * d + (indices[j] as number)] as number) * (candidates[a * m + j] as number);
            if (v > 0) {
              hidden[a * H + u] = v;
              z += (params[oW2 + u] as number) * v;
            }
          }
          const ea = sigmoid(z) - y;
          e[a] = ea;
          for (let u = 0; u < H; u++) if ((hidden[a * H + u] as number) > 0) delta[a * H + u] = ea * (params[oW2 + u] as number);
        }
        dense = { delta, hidden, e };
        return dense;
      };
      const entry = (a: number, b: number): number => {
        const { delta, hidden, e } = build();
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
      const denseGram = (): Float64Array => {
        const g = new Float64Array(k * k);
        for (let a = 0; a < k; a++) for (let b = a; b < k; b++) g[a * k + b] = g[b * k + a] = entry(a, b);
        return g;
      };
      /**
       * Scalar attribute (m = 1): with the candidates sorted by value s, ReLU unit u is active on a
       * suffix (w_u > 0) or a prefix (w_u < 0) of them, so every sum over "units active at both a
       * and b" is a prefix sum: O(H log k + k²) instead of O(k²H).
       */
      interface ScalarStructure {
        readonly order: number[];
        readonly s: Float64Array;
        readonly e: Float64Array;
        /** Per position: [A, P1, P2, P3] (positive-slope units active there, plus always-active ones). */
        readonly P: Float64Array;
        /** Per position: [B, N1, N2, N3] (negative-slope units active there). */
        readonly N: Float64Array;
      }
      let scalarCache: ScalarStructure | undefined;
      const scalar = (): ScalarStructure => {
        if (scalarCache !== undefined) return scalarCache;
        const i0 = indices[0] as number;
        let sorted = sortCache.get(candidates);
        if (sorted === undefined) {
          const byValue = Array.from({ length: k }, (_, a) => a).sort((a, b) => (candidates[a] as number) - (candidates[b] as number));
          sorted = { order: byValue, s: Float64Array.from(byValue, (a) => candidates[a] as number) };
          sortCache.set(candidates, sorted);
        }
        const { order, s } = sorted;
        // Per position p: sums over positive-slope units active at p (pos), negative-slope units active at p (neg).
        const Q = 6; // w2², β², βw, w², w2·β, w2·w
        const scratch = scalarScratch(k);
        const { pos, neg, zero, e, P, N } = scratch;
        pos.fill(0);
        neg.fill(0);
        zero.fill(0);
        for (let u = 0; u < H; u++) {
          const w = params[u * d + i0] as number;
          const b = beta[u] as number;
          const w2 = params[oW2 + u] as number;
          let target = pos;
          let at = 0;
          if (w === 0) {
            if (!(b > 0)) continue;
            target = zero;
          } else {
            // First position where the unit is active (w > 0) or inactive (w < 0): binary search on the
            // same floating-point predicate as the dense path, β + w·s > 0 (monotone in s).
            let lo = 0;
            let hi = k;
            const rising = w > 0;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              if (b + w * (s[mid] as number) > 0 === rising) hi = mid;
              else lo = mid + 1;
            }
            if (rising) at = lo;
            else {
              // Active on positions [0, lo): +q at 0, −q at lo.
              const o = lo * Q;
              neg[o] = (neg[o] as number) - w2 * w2;
              neg[o + 1] = (neg[o + 1] as number) - b * b;
              neg[o + 2] = (neg[o + 2] as number) - b * w;
              neg[o + 3] = (neg[o + 3] as number) - w * w;
              neg[o + 4] = (neg[o + 4] as number) - w2 * b;
              neg[o + 5] = (neg[o + 5] as number) - w2 * w;
              target = neg;
            }
          }
          const o = at * Q;
          target[o] = (target[o] as number) + w2 * w2;
          target[o + 1] = (target[o + 1] as number) + b * b;
          target[o + 2] = (target[o + 2] as number) + b * w;
          target[o + 3] = (target[o + 3] as number) + w * w;
          target[o + 4] = (target[o + 4] as number) + w2 * b;
          target[o + 5] = (target[o + 5] as number) + w2 * w;
        }
        for (let p = 1; p <= k; p++) {
          const o = p * Q;
          for (let c = 0; c < Q; c++) {
            pos[o + c] = (pos[o + c] as number) + (pos[o - Q + c] as number);
            neg[o + c] = (neg[o + c] as number) + (neg[o - Q + c] as number);
          }
        }
        const z0 = (params[oB2] as number) + (zero[4] as number);
        const z1 = zero[5] as number;
        for (let p = 0; p < k; p++) {
          const o = p * Q;
          const z = z0 + (pos[o + 4] as number) + (neg[o + 4] as number) + (s[p] as number) * ((pos[o + 5] as number) + (neg[o + 5] as number) + z1);
          e[p] = sigmoid(z) - y;
          const o4 = p * 4;
          for (let c = 0; c < 4; c++) {
            P[o4 + c] = (pos[o + c] as number) + (zero[c] as number);
            N[o4 + c] = neg[o + c] as number;
          }
        }
        scalarCache = { order, s, e, P, N };
        return scalarCache;
      };
      const scalarGram = (): Float64Array => {
        const { order, s, e, P, N } = scalar();
        const g = scalarScratch(k).G;
        for (let p = 0; p < k; p++) {
          const sp = s[p] as number;
          const ep = e[p] as number;
          const ap = order[p] as number;
          const p0 = P[p * 4] as number;
          const p1 = P[p * 4 + 1] as number;
          const p2 = P[p * 4 + 2] as number;
          const p3 = P[p * 4 + 3] as number;
          for (let q = p; q < k; q++) {
            const oq = q * 4;
            const sq = s[q] as number;
            const ee = ep * (e[q] as number);
            const hh = p1 + (N[oq + 1] as number) + (sp + sq) * (p2 + (N[oq + 2] as number)) + sp * sq * (p3 + (N[oq + 3] as number));
            const value = ee * ((p0 + (N[oq] as number)) * (common + sp * sq) + hh + 1);
            const aq = order[q] as number;
            g[ap * k + aq] = value;
            g[aq * k + ap] = value;
          }
        }
        return g;
      };
      const scalarMaxDistance = (clip: number, margin: number): number => {
        const { s, e, P, N } = scalar();
        const c = scalarScratch(k).norms;
        const sq = scalarScratch(k).inner;
        for (let p = 0; p < k; p++) {
          const sp = s[p] as number;
          const o = p * 4;
          const hh = (P[o + 1] as number) + (N[o + 1] as number) + 2 * sp * ((P[o + 2] as number) + (N[o + 2] as number)) + sp * sp * ((P[o + 3] as number) + (N[o + 3] as number));
          const gpp = (e[p] as number) ** 2 * (((P[o] as number) + (N[o] as number)) * (common + sp * sp) + hh + 1);
          const n = Math.sqrt(Math.max(0, gpp));
          const cp = n > clip ? clip / n : 1;
          c[p] = cp;
          sq[p] = cp * cp * gpp;
        }
        let best = 0;
        for (let p = 0; p < k; p++) {
          const sp = s[p] as number;
          const o = p * 4;
          const p0 = P[o] as number;
          const p1 = P[o + 1] as number;
          const p2 = P[o + 2] as number;
          const p3 = P[o + 3] as number;
          const cep = (c[p] as number) * (e[p] as number);
          const sqp = sq[p] as number;
          for (let q = p + 1; q < k; q++) {
            const oq = q * 4;
            const sqv = s[q] as number;
            const hh = p1 + (N[oq + 1] as number) + (sp + sqv) * (p2 + (N[oq + 2] as number)) + sp * sqv * (p3 + (N[oq + 3] as number));
            // c_p c_q G_pq with G_pq = e_p e_q [(A_p + B_q)(c + s_p s_q) + hh + 1].
            const cross = cep * (c[q] as number) * (e[q] as number) * ((p0 + (N[oq] as number)) * (common + sp * sqv) + hh + 1);
            const own = sqp + (sq[q] as number);
            const d2 = own - 2 * cross + margin * own;
            if (d2 > best) best = d2;
          }
        }
        return best;
      };
      /**
       * Scalar attribute, ⟨g_a, Σ_b w_b g_b⟩ in O(k): for positions i ≤ j the Gram entry is
       * E_iE_j[(A_i + B_j)(c + s_is_j) + P1_i + N1_j + (s_i + s_j)(P2_i + N2_j) + s_is_j(P3_i + N3_j) + 1],
       * a sum of products f(i)g(j), so the sum over b splits into prefix (b before a) and suffix
       * (b from a on) sums of w_bE_b times functions of b.
       */
      const scalarInner = (weights: Float64Array): Float64Array => {
        const { order, s, e, P, N } = scalar();
        const c = common;
        // Suffix sums over j ≥ i of w_j E_j × {1, B, s, sB, N1, N2, sN2, sN3}.
        const S = scalarScratch(k).S;
        S.fill(0, k * 8, (k + 1) * 8);
        for (let j = k - 1; j >= 0; j--) {
          const we = (weights[order[j] as number] as number) * (e[j] as number);
          const sj = s[j] as number;
          const o = j * 8;
          const n = j * 4;
          const B = N[n] as number;
          const n2 = N[n + 2] as number;
          S[o] = (S[o + 8] as number) + we;
          S[o + 1] = (S[o + 9] as number) + we * B;
          S[o + 2] = (S[o + 10] as number) + we * sj;
          S[o + 3] = (S[o + 11] as number) + we * sj * B;
          S[o + 4] = (S[o + 12] as number) + we * (N[n + 1] as number);
          S[o + 5] = (S[o + 13] as number) + we * n2;
          S[o + 6] = (S[o + 14] as number) + we * sj * n2;
          S[o + 7] = (S[o + 15] as number) + we * sj * (N[n + 3] as number);
        }
        const out = scalarScratch(k).inner;
        // Prefix sums over j < i of w_j E_j × {cA + P1 + sP2, 1, sA, s, P2, sP3}.
        let R0 = 0;
        let R1 = 0;
        let R2 = 0;
        let R3 = 0;
        let R4 = 0;
        let R5 = 0;
        for (let i = 0; i < k; i++) {
          const si = s[i] as number;
          const A = P[i * 4] as number;
          const P1 = P[i * 4 + 1] as number;
          const P2 = P[i * 4 + 2] as number;
          const P3 = P[i * 4 + 3] as number;
          const B = N[i * 4] as number;
          const N1 = N[i * 4 + 1] as number;
          const N2 = N[i * 4 + 2] as number;
          const N3 = N[i * 4 + 3] as number;
          const o = i * 8;
          const suffix =
            (c * A + P1 + si * P2 + 1) * (S[o] as number) +
            c * (S[o + 1] as number) +
            (A * si + P2 + si * P3) * (S[o + 2] as number) +
            si * (S[o + 3] as number) +
            (S[o + 4] as number) +
            si * (S[o + 5] as number) +
            (S[o + 6] as number) +
            si * (S[o + 7] as number);
          const prefix = R0 + (c * B + N1 + si * N2 + 1) * R1 + si * R2 + (B * si + N2 + si * N3) * R3 + si * R4 + si * R5;
          out[order[i] as number] = (e[i] as number) * (suffix + prefix);
          const we = (weights[order[i] as number] as number) * (e[i] as number);
          R0 += we * (c * A + P1 + si * P2);
          R1 += we;
          R2 += we * si * A;
          R3 += we * si;
          R4 += we * P2;
          R5 += we * si * P3;
        }
        return out;
      };
      const scalarNorms = (): Float64Array => {
        const { order, s, e, P, N } = scalar();
        const out = scalarScratch(k).norms;
        for (let p = 0; p < k; p++) {
          const sp = s[p] as number;
          const hh = (P[p * 4 + 1] as number) + (N[p * 4 + 1] as number) + 2 * sp * ((P[p * 4 + 2] as number) + (N[p * 4 + 2] as number)) + sp * sp * ((P[p * 4 + 3] as number) + (N[p * 4 + 3] as number));
          out[order[p] as number] = (e[p] as number) ** 2 * (((P[p * 4] as number) + (N[p * 4] as number)) * (common + sp * sp) + hh + 1);
        }
        return out;
      };
      return {
        count: k,
        normsSquared: () => (m === 1 ? scalarNorms() : Float64Array.from({ length: k }, (_, a) => entry(a, a))),
        gram: () => (m === 1 ? scalarGram() : denseGram()),
        ...(m === 1 ? { maxClippedSquaredDistance: scalarMaxDistance } : {}),
        innerWithWeightedSum: (weights) => {
          if (m === 1) return scalarInner(weights);
          const { delta, hidden, e } = build();
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
              D0[u] = (D0[u] as number) + w * (delta[b * H + u] as number);
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
            let t = common * s0;
            for (let j = 0; j < m; j++) {
              const za = candidates[a * m + j] as number;
              if (za === 0) continue;
              let sj = 0;
              for (let u = 0; u < H; u++) sj += (delta[a * H + u] as number) * (Dj[j * H + u] as number);
              t += za * sj;
            }
            return t + (e[a] as number) * (sh + Es);
          });
        },
      };
    },
  };
}
