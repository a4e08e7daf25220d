import { describe, expect, it } from 'vitest';
import { forwardSubstitute } from '@dpbounds/special-functions/advanced';
import { whitenRows } from './whiten-rows.js';

describe('whitenRows', () => {
  it('matches one forward substitution per row, for vector counts and dimensions around the block sizes', () => {
    for (const d of [5, 9]) checkWhiten(d);
  });
});

/** whitenRows against one forward substitution per vector, in dimension d. */
function checkWhiten(d: number): void {
  // A lower-triangular factor with a positive diagonal (what choleskyLower returns).
  const l = Float64Array.from({ length: d * d }, (_, k) => {
    const i = Math.floor(k / d);
    const j = k % d;
    return j > i ? 0 : j === i ? 1.5 + Math.cos(i) : Math.sin(k * 1.7);
  });
  const stride = 11;
  const columns = Uint32Array.from({ length: d }, (_, i) => (i * 5 + 6) % stride);
  const centre = Float64Array.from({ length: d }, (_, i) => Math.sin(i) - 0.5);
  for (const count of [1, 3, 4, 5, 9, 70, 131]) {
    const rows = Float64Array.from({ length: count * stride }, (_, k) => Math.cos(k * 0.37) * 3);
    const out = whitenRows(l, d, rows, stride, count, columns, centre, new Float64Array(count * d));
    for (let r = 0; r < count; r++) {
      const v = Array.from(columns, (c, i) => (rows[r * stride + c] as number) - (centre[i] as number));
      const y = forwardSubstitute(l, d, v, 0, new Float64Array(d));
      for (let i = 0; i < d; i++) expect(out[r * d + i]).toBeCloseTo(y[i] as number, 12);
    }
  }
}
