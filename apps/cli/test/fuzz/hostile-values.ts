/**
 * The values every numeric flag of every command is fuzzed with: non-numbers a script can
 * produce (`NaN`, `Infinity` from a division, an empty variable), the ends of the double range
 * (1e308, a subnormal 1e-320, a literal that overflows to ∞), negative zero and hexadecimal.
 * and ordinary values just outside common ranges (-1, 0, 1.5, 2), which a command may pass on
 * to a library that then rejects them under its own parameter name.
 * The rule they must meet: exit 2 with one line naming the flag, or a finite valid result.
 */
export const HOSTILE_VALUES: readonly string[] = ['NaN', 'Infinity', '-Infinity', 'inf', '1e308', '-1e308', '1e-320', '-0', '0x10', '', '1e400', '-1', '0', '1.5', '2'];

/**
 * Noise multipliers at the ends of what a run can have, fuzzed on every scenario that reads
 * `--noise-multiplier` (each sampler and each banded-matrix participation has one): huge ones
 * whose grids were once sized by 1/σ (an array of 5.85e10 entries, "internal error") and ones
 * whose 1/σ overflows. The rule: a finite guarantee, or exit 2 naming --noise-multiplier.
 */
export const EXTREME_NOISE_MULTIPLIERS: readonly string[] = ['1e10', '1e20', '1e300', '9007199254740993', '1e-320', '5e-324'];
