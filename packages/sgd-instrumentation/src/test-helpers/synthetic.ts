/** A small synthetic, linearly separable-ish dataset for fast tests. */
import type { Dataset } from '../data/dataset.js';
import { loadTabularCsv } from '../data/tabular-csv.js';

/** n records: x1, x2 numeric, colour categorical, label = [x1 + x2 + noise > 0]. */
export function syntheticCsv(n: number): string {
  const lines = ['x1,x2,colour,age,label'];
  for (let i = 0; i < n; i++) {
    const a = Math.sin(i * 1.37) * 2;
    const b = Math.cos(i * 0.91 + 0.3) * 1.5;
    const colour = ['red', 'green', 'blue'][i % 3] as string;
    const age = 20 + (i % 7);
    const y = a + b + 0.3 * Math.sin(i * 7.1) + (colour === 'red' ? 0.5 : 0) > 0 ? 1 : 0;
    lines.push(`${a.toFixed(4)},${b.toFixed(4)},${colour},${age},${y}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The encoded synthetic training set (no test split). */
export function syntheticDataset(n: number): Dataset {
  return loadTabularCsv(syntheticCsv(n), { labelColumn: 'label', testFraction: 0, categorical: ['colour'] }).train;
}
