/**
 * The readable table of `dpbounds dp` (docs/cli.md): one row per accountant with its guarantee,
 * lower bound, estimate and how it was computed, then the accountants' own notes. Shared by
 * DP-SGD and banded matrix mechanisms, so both read the same way.
 */
import { formatNumber, formatTable } from '../format.js';

/** One accountant's `dp --json` object (the fields of docs/cli.md). */
export type DpResultRow = Record<string, string | number | boolean | null>;

/** What the note column says for GDP: by default the CLT approximation of Poisson-subsampled DP-SGD. */
const GDP_CLT_NOTE = 'estimate = CLT approximation, not a bound';

/**
 * The table for `results` (ε at δ when `byDelta`, else δ at ε). `gdpNote` replaces the GDP row's
 * note where the CLT is not what the estimate is (e.g. plain Gaussian releases, whose μ is exact).
 *
 * @example dpResultsText([{ accountant: 'rdp', neighbouring: 'add-remove', epsilon: 2.1, delta: 1e-5, order: 7.8 }], true)
 */
export function dpResultsText(results: readonly DpResultRow[], byDelta: boolean, gdpNote: string = GDP_CLT_NOTE): string {
  const num = (v: unknown): string => (typeof v === 'number' ? formatNumber(v) : '');
  // The GDP row's guarantee column is the PLD's: beside a pld row it is left blank (the number is
  // that row's), alone it says whose it is, so nobody quotes the PLD value as "the GDP ε".
  const withPld = results.some((r) => r.accountant === 'pld');
  const rows = results.map((r) => {
    const gdp = r.accountant === 'gdp';
    const value = gdp && withPld ? undefined : byDelta ? r.epsilon : r.delta;
    const lower = byDelta ? r.epsilonLower : r.deltaLower;
    const estimate = byDelta ? r.epsilonEstimate : r.deltaEstimate;
    const gdpWords = `${withPld ? 'guarantee: pld row' : `${byDelta ? 'epsilon' : 'delta'} = PLD guarantee`}; ${gdpNote}`;
    // a banded balls-in-bins row credited with amplification (dp-banded.ts) says so, and what the accountant gave without it
    const note = typeof r.epsilonUnamplified === 'number'
      ? `amplified (random allocation); ${String(r.accountant)} without: ${num(r.epsilonUnamplified)}`
      : gdp ? gdpWords : r.method === 'rdp-fallback' ? 'the RDP bound: the grid cannot resolve this δ' : r.method === 'pld-fallback' ? 'the tilted PLD bound: the PRV grid cannot resolve this δ' : r.accountant === 'rdp' ? `optimal order ${num(r.order)}` : r.accountant === 'pld' ? 'pessimistic discretisation' : 'PRV error bounds';
    const switched = typeof r.method === 'string' && /fallback|coarsened/.test(r.method) ? ` (${r.method})` : '';
    return [String(r.accountant), num(value), num(lower), num(estimate), `${note}${switched}`];
  });
  const notes = results.flatMap((r) => [r.note, r.estimateNote].filter((n) => typeof n === 'string').map((n) => `note (${String(r.accountant)}): ${String(n)}`));
  const header = byDelta
    ? `ε (guarantee) at δ = ${formatNumber(results[0]?.delta as number)}, ${String(results[0]?.neighbouring)}`
    : `δ (guarantee) at ε = ${formatNumber(results[0]?.epsilon as number)}, ${String(results[0]?.neighbouring)}`;
  return [`${header}\n${formatTable(['accountant', byDelta ? 'epsilon' : 'delta', 'lower', 'estimate', 'note'], rows)}`, ...notes].join('\n');
}
