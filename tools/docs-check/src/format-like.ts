/**
 * Formats a computed number the way a doc wrote it, so the doc's rounding is the comparison's
 * tolerance: `0.311` means "rounds to 3 decimals", `1.8412` to 4, `26 049` an integer with a
 * (thin) space between thousands (`160 570.6`: also one decimal), `2.5e-7` two significant digits in exponent notation.
 */

/**
 * `value` written with the precision and style of `literal`.
 *
 * @example formatLike(0.3105386515459997, '0.311') // '0.311'
 * @example formatLike(26150, '26 049') // '26 150'
 */
export function formatLike(value: number, literal: string): string {
  const body = literal.replace(/^[−-]/, '');
  const exponent = /^(\d(?:\.(\d+))?)e([−+-]?\d+)$/.exec(body);
  if (exponent !== null) {
    const digits = exponent[2]?.length ?? 0;
    return value.toExponential(digits).replace('e+', 'e');
  }
  const grouped = /^\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?:\.(\d+))?$/.exec(body);
  if (grouped !== null) {
    const separator = /[\u00a0\u2009\u202f]/.exec(body)?.[0] ?? ' ';
    const [whole, fraction] = Math.abs(value).toFixed(grouped[1]?.length ?? 0).split('.') as [string, string | undefined];
    return sign(value, literal) + whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator) + (fraction === undefined ? '' : `.${fraction}`);
  }
  const decimals = /^\d+(?:\.(\d+))?$/.exec(body);
  if (decimals === null) throw new RangeError(`formatLike: cannot tell the format of '${literal}'`);
  return sign(value, literal) + Math.abs(value).toFixed(decimals[1]?.length ?? 0);
}

function sign(value: number, literal: string): string {
  if (value >= 0) return '';
  return literal.startsWith('−') ? '−' : '-';
}
