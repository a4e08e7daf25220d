/**
 * One epoch of balls-in-bins with k = 2 batches, exactly: every record (scalar gradient) goes to
 * batch 1 or 2 with probability 1/2, each batch's sum gets N(0, σ²) noise, so an epoch's output is a
 * 2-D Gaussian mixture. Binned on a square grid with masses from products of normal CDF
 * differences (post-processing: δ of the binned pair ≤ exact δ; see binned-hockey-stick.ts).
 */
import { cellEdges, normalMass, type BinnedPair } from './binned-hockey-stick.js';

/** 2-D mixture component: weight and the two batch sums. */
interface Component2 {
  readonly weight: number;
  readonly mean: readonly [number, number];
}

/** The law of the two batch sums when each record picks a batch uniformly. */
export function twoBinSumLaw(gradients: readonly number[]): Component2[] {
  const n = gradients.length;
  const out: Component2[] = [];
  for (let mask = 0; mask < 2 ** n; mask++) {
    let a = 0;
    let b = 0;
    gradients.forEach((g, i) => {
      if ((mask >> i) & 1) b += g;
      else a += g;
    });
    out.push({ weight: 2 ** -n, mean: [a, b] });
  }
  return out;
}

/**
 * The binned pair (epoch output on data set A, on data set B), n × n cells plus tails per axis:
 * add-remove is A = [target, ...others], B = others; substitution is A = [x, ...others], B = [x′, ...others].
 */
export function twoBinBinnedPair(gradientsA: readonly number[], gradientsB: readonly number[], sigma: number, n: number): BinnedPair {
  const withRecord = twoBinSumLaw(gradientsA);
  const without = twoBinSumLaw(gradientsB);
  const coords = [...withRecord, ...without].flatMap((c) => [c.mean[0], c.mean[1]]);
  const edges = cellEdges(coords, sigma, n);
  const cells = edges.length - 1;
  const masses = (law: Component2[]): Float64Array => {
    const out = new Float64Array(cells * cells);
    for (const { weight, mean } of law) {
      const mx = new Float64Array(cells);
      const my = new Float64Array(cells);
      for (let i = 0; i < cells; i++) {
        mx[i] = normalMass(((edges[i] as number) - mean[0]) / sigma, ((edges[i + 1] as number) - mean[0]) / sigma);
        my[i] = normalMass(((edges[i] as number) - mean[1]) / sigma, ((edges[i + 1] as number) - mean[1]) / sigma);
      }
      for (let i = 0; i < cells; i++) for (let j = 0; j < cells; j++) out[i * cells + j] = (out[i * cells + j] as number) + weight * (mx[i] as number) * (my[j] as number);
    }
    return out;
  };
  return { p: masses(withRecord), q: masses(without) };
}
