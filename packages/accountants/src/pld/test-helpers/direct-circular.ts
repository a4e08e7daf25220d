/**
 * Test helper: the law of a sum mod `size` by repeated direct circular convolution, the reference
 * of the FFT composition (docs/math/accounting.md §4). Every term is a product of non-negative
 * numbers added to a non-negative sum, so each bin is within (steps·length + 2)·u of its exact
 * value relative to itself. O(size · length) per step.
 */

/**
 * The circular convolution power Π_g probs_g^{*count_g} on Z_size, directly.
 *
 * @example directCircular([{ probs: new Float64Array([0.5, 0.5]), count: 2 }], 4) // [0.25, 0.5, 0.25, 0]
 */
export function directCircular(inputs: readonly { probs: Float64Array; count: number }[], size: number): Float64Array {
  let acc = new Float64Array(size);
  acc[0] = 1;
  for (const g of inputs) {
    for (let t = 0; t < g.count; t++) {
      const next = new Float64Array(size);
      for (let i = 0; i < size; i++) {
        const a = acc[i] as number;
        if (a === 0) continue;
        for (let j = 0; j < g.probs.length; j++) next[(i + j) % size] = (next[(i + j) % size] as number) + a * (g.probs[j] as number);
      }
      acc = next;
    }
  }
  return acc;
}
