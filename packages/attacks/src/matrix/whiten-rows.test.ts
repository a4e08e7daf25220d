import { describe, expect, it } from 'vitest';
import { choleskyLower, forwardSubstitute } from '@dpbounds/special-functions';
import { whitenRows } from './whiten-rows.js';

/** The SPD matrix B Bᵀ + d·I from the entries of B. */
function spd(entries: number[], d: number): Float64Array {
  const b = entries.slice(0, d * d);
  const m = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) {
      let s = i === j ? d : 0;
      for (let k = 0; k < d; k++) s += (b[i * d + k] as number) * (b[j * d + k] as number);
      m[i * d + j] = s;
    }
  }
  return m;
}

describe('whitenRows', () => {
  it('matches one forward substitution per row, for vector counts and dimensions around the block sizes', () => {
    for (const d of [5, 9]) checkWhiten(d);
  });
});

/** whitenRows against one forward substitution per vector, in dimension d. */
function checkWhiten(d: number): void {
  const entries = Array.from({ length: d * d }, (_, k) => Math.sin(k * 1.7) * 2);
  const l = choleskyLower(spd(entries, d), d) as Float64Array;
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
