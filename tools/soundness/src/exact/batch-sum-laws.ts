/**
 * The exact law of a batch's clipped-gradient sum under each sampler, by enumerating every batch
 * of a tiny data set (scalar gradients in [−1, 1]). With Gaussian noise of standard deviation σ
 * added, one step's output is the 1-D mixture Σ w N(sum, σ²) over these components.
 */
import type { MixtureComponent } from './binned-hockey-stick.js';

/** Merges components with equal means (to 1e-12) and drops zero weights. */
function merged(components: Iterable<MixtureComponent>): MixtureComponent[] {
  const byMean = new Map<string, MixtureComponent>();
  for (const c of components) {
    if (!(c.weight > 0)) continue;
    const key = (Math.round(c.mean * 1e12) / 1e12).toString();
    const old = byMean.get(key);
    byMean.set(key, { mean: c.mean, weight: (old?.weight ?? 0) + c.weight });
  }
  return [...byMean.values()];
}

/** Every k-subset of {0, …, n − 1}. */
export function* subsets(n: number, k: number, start = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === k) {
    yield chosen.slice();
    return;
  }
  for (let i = start; i <= n - (k - chosen.length); i++) {
    chosen.push(i);
    yield* subsets(n, k, i + 1, chosen);
    chosen.pop();
  }
}

function binomialCoefficient(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

function sumOf(gradients: readonly number[], batch: readonly number[]): number {
  let s = 0;
  for (const i of batch) s += gradients[i] as number;
  return s;
}

/** Fixed-size sampling: a uniform b-subset of the data set. */
export function fixedSizeSumLaw(gradients: readonly number[], batchSize: number): MixtureComponent[] {
  if (batchSize > gradients.length) throw new RangeError(`fixedSizeSumLaw: batch ${batchSize} > ${gradients.length} records`);
  const w = 1 / binomialCoefficient(gradients.length, batchSize);
  return merged((function* () {
    for (const s of subsets(gradients.length, batchSize)) yield { weight: w, mean: sumOf(gradients, s) };
  })());
}

/** Truncated Poisson: each record in with probability q; a batch above `cap` is cut to a uniform `cap`-subset of it. */
export function truncatedPoissonSumLaw(gradients: readonly number[], samplingRate: number, cap: number): MixtureComponent[] {
  const n = gradients.length;
  const out: MixtureComponent[] = [];
  for (let size = 0; size <= n; size++) {
    const pSet = samplingRate ** size * (1 - samplingRate) ** (n - size);
    for (const s of subsets(n, size)) {
      if (size <= cap) {
        out.push({ weight: pSet, mean: sumOf(gradients, s) });
        continue;
      }
      const w = pSet / binomialCoefficient(size, cap);
      for (const keep of subsets(size, cap)) out.push({ weight: w, mean: sumOf(gradients, keep.map((j) => s[j] as number)) });
    }
  }
  return merged(out);
}
