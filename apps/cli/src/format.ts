/**
 * Readable output: numbers with enough digits to compare, aligned tables.
 */

/**
 * A number for a table: 6 significant digits, exponent form outside [1e-4, 1e6), `inf` for ∞.
 *
 * @example formatNumber(0.000012345678) // "1.23457e-5"
 */
export function formatNumber(value: number, digits = 6): string {
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Number.isNaN(value)) return 'NaN';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e6) return String(Number(value.toPrecision(digits)));
  return value.toExponential(digits - 1).replace(/\.?0+e/, 'e').replace('e+', 'e');
}

/**
 * Two aligned columns of label and value.
 *
 * @example formatKeyValues([['epsilon', '1.2'], ['delta', '1e-5']])
 */
export function formatKeyValues(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

/**
 * A table with a header row and right-aligned cells.
 *
 * @example formatTable(['fpr', 'tpr'], [['0.01', '0.05']])
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
