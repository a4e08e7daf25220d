/**
 * The report's summary, shared by the terminal output of `dpbounds demo` and report.html: one
 * row per number, in words, with its kind (guarantee, estimate, lower bound, empirical) and its
 * neighbouring relation. Values come from the report; nothing is computed here.
 */
import type { NeighbouringRelation, ResultKind } from '@dpbounds/tradeoff-core';
import { formatNumber } from '../format.js';
import type { DemoReport } from './report-types.js';
import { RELATION_TEXT } from './threat-view.js';
import { samplerName } from './sampler-words.js';

/** One row of the summary. */
export interface SummaryRow {
  /** The threat model or analysis the row belongs to (rows of one section are consecutive). */
  readonly section: string;
  /** What the number is, in words. */
  readonly quantity: string;
  readonly value: string;
  /** `measured` for utility, which is not a privacy number. */
  readonly kind: ResultKind | 'measured';
  readonly neighbouring: NeighbouringRelation | null;
  /** One sentence on how to read it. */
  readonly note: string;
}

type Json = Record<string, unknown>;

function obj(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

/** 4 significant digits (the report's numbers are not that accurate anyway); `n/a` when missing. */
const num = (value: unknown): string => (typeof value === 'number' ? formatNumber(value, 4) : 'n/a');

function tprAt(rows: unknown, fpr: number): Json | undefined {
  return Array.isArray(rows) ? (rows as Json[]).find((r) => r['fpr'] === fpr) : undefined;
}

/** The heading of the summary's first block: the numbers a reviewer should quote, each once. */
export const QUOTE_SECTION = 'the numbers to quote (each once; every other number below is context)';

/**
 * The first block of the summary: the run's ε guarantee at δ, the strongest membership attacker's
 * TPR at 0.1 % and 1 % FPR and β* (Bayes security combined with the DP guarantee), what the
 * attack achieved and what the audit proved, each saying whether it is consistent with the guarantee.
 * Values are read from the report; nothing is computed here but comparisons.
 *
 * @example quoteRows(report)[0].quantity // "the run's ε at δ = 1e-5"
 */
export function quoteRows(report: DemoReport): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const section = QUOTE_SECTION;
  const delta = num(report.config['delta']);
  const sampled = report.batchSampling;
  const relation = sampled.neighbouring as NeighbouringRelation;
  const proven = sampled.kind === 'guarantee' ? sampled.epsilon : sampled.upper?.epsilon;
  rows.push({
    section,
    quantity: `the run's ε at δ = ${delta}`,
    value: num(proven),
    kind: 'guarantee',
    neighbouring: relation,
    note: `batches: ${sampled.summary}${sampled.kind === 'guarantee' ? '' : ` Quoted: the proven upper bound (${sampled.upper?.method ?? 'n/a'}).`}`,
  });
  const membership = obj(obj(obj(report.bayesSecurity)?.['membership'])?.['add-remove']);
  const combined = obj(membership?.['combinedWithDp']);
  const bound = (fpr: number): number | undefined => {
    const t = tprAt(combined?.['tprAtFpr'], fpr)?.['tpr'];
    return typeof t === 'number' ? t : undefined;
  };
  const fprs = [0.001, 0.01];
  if (combined !== null) {
    for (const fpr of fprs) {
      rows.push({ section, quantity: `strongest membership attacker: TPR at FPR ${num(fpr)}`, value: num(bound(fpr)), kind: combined['kind'] as ResultKind, neighbouring: 'add-remove', note: 'no membership attacker does better: the Bayes-security curve combined with the DP guarantee' });
    }
    rows.push({ section, quantity: 'membership β* (Bayes security combined with the DP guarantee)', value: num(combined['bayesSecurity']), kind: combined['kind'] as ResultKind, neighbouring: 'add-remove', note: '1 = no attacker beats guessing; the larger of the two proven curves' });
  }
  const attack = obj(report.attack);
  if (attack !== null) {
    const confidence = Math.round((attack['confidence'] as number) * 100);
    for (const fpr of fprs) {
      const p = tprAt(attack['tprAtFpr'], fpr);
      if (p === undefined) continue;
      const limit = bound(fpr);
      const verdict =
        limit === undefined
          ? ''
          : (p['tprLower'] as number) > limit
            ? `; EXCEEDS the guarantee TPR ≤ ${num(limit)}: the accounting or the code is wrong`
            : `; consistent with the guarantee TPR ≤ ${num(limit)}`;
      rows.push({ section, quantity: `what the loss-threshold attack achieved: TPR at FPR ${num(fpr)}`, value: num(p['tpr']), kind: 'empirical', neighbouring: 'add-remove', note: `${confidence} % Clopper–Pearson interval [${num(p['tprLower'])}, ${num(p['tprUpper'])}]${verdict}` });
    }
  }
  // the audit that proved the most (ties: the white-box one)
  const candidates: [string, Json | null][] = [['Dirac canaries', obj(report.audit)], ['input canaries', obj(report.inputAudit)]];
  const audits = candidates.filter((a): a is [string, Json] => a[1] !== null);
  const best = audits.reduce<(readonly [string, Json]) | undefined>((b, a) => (b === undefined || (a[1]['empiricalEpsilon'] as number) > (b[1]['empiricalEpsilon'] as number) ? a : b), undefined);
  if (best !== undefined) {
    const [name, a] = best;
    const verdict = obj(a['samplerComparison'])?.['verdict'];
    const proved = (a['empiricalEpsilon'] as number) > 0;
    rows.push({ section, quantity: `what the one-run audit proved: ε at δ = ${num(a['delta'])} (${name})`, value: num(a['empiricalEpsilon']), kind: 'lower-bound', neighbouring: 'add-remove', note: `${proved ? 'the true ε is at least this' : 'proves nothing on this run'}${typeof verdict === 'string' ? `; ${verdict}` : ''}` });
  }
  return rows;
}

/**
 * Rows of the summary: {@link quoteRows} first, then every other number by section. A number
 * already printed (same value, kind and relation) is not printed again under another label: its
 * note joins the previous row of its section.
 *
 * @example summaryRows(report)[0].section // QUOTE_SECTION
 */
export function summaryRows(report: DemoReport): SummaryRow[] {
  const quote = quoteRows(report);
  const out: SummaryRow[] = [...quote];
  // where each number was first printed, and the other names each printed row's number has
  const first = new Map(quote.map((r, i) => [`${r.value} ${kindText(r)}`, i]));
  const also = new Map<number, SummaryRow[]>();
  const aboveNotes = new Map<number, string[]>();
  for (const row of contextRows(report)) {
    const key = `${row.value} ${kindText(row)}`;
    const at = first.get(key);
    if (row.kind !== 'measured' && at !== undefined) {
      const last = out.length - 1;
      if (out[last]?.section === row.section && last !== at) {
        // the row's own section goes on: say there that its number is the one printed above
        const quantity = row.quantity.replace(/^[a-z]/, (c) => c.toUpperCase()); // it starts a sentence
        aboveNotes.set(last, [...(aboveNotes.get(last) ?? []), `${quantity}: ${(out[at] as SummaryRow).value}, printed above${row.note === '' ? '' : ` (${row.note})`}`]);
      } else {
        also.set(at, [...(also.get(at) ?? []), row]);
      }
      continue;
    }
    first.set(key, out.length);
    out.push(row);
  }
  return out.map((row, i) => {
    const names = also.get(i) ?? [];
    const above = aboveNotes.get(i) ?? [];
    if (names.length === 0 && above.length === 0) return row;
    // one sentence for the other names of this number: the quantity, its section in brackets when
    // it is another one, and its note unless this row's note already says it (the batches sentence)
    const other = names.map((n) => `${n.quantity}${n.section === row.section ? '' : ` [${n.section}]`}${n.note === '' || row.note.includes(n.note) ? '' : ` — ${n.note}`}`);
    const parts = [row.note.replace(/\.$/, ''), ...(other.length > 0 ? [`The same number is also: ${other.join('; ')}`] : []), ...above];
    return { ...row, note: `${parts.join('. ')}.` };
  });
}

/** Every number of the report by section, before {@link summaryRows} drops repeats. */
function contextRows(report: DemoReport): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const delta = num(report.config['delta']);
  if (report.utility.testAccuracy !== null) {
    const size = report.utility.testSize;
    rows.push({ section: 'utility', quantity: 'test accuracy (held-out records)', value: num(report.utility.testAccuracy), kind: 'measured', neighbouring: null, note: size === null ? 'records the model never saw' : `${size.toLocaleString('en-US')} records the model never saw` });
  }

  const dpSection = 'DP: any attacker, worst-case pair of datasets';
  const sampled = report.batchSampling;
  const samplerSection = `the batches that ran: ${samplerName(sampled.sampling)}`;
  // the batches sentence is printed once, under the run's ε (quoteRows): a guarantee here is that
  // same number (merged into it); a lower bound or an estimate points back to it
  const samplerNote = sampled.kind === 'guarantee' ? sampled.summary : `${sampled.kind === 'lower-bound' ? 'a lower bound' : 'an estimate'}, not a guarantee: the batches sentence under the run's ε, above, says why`;
  rows.push({ section: samplerSection, quantity: `ε at δ = ${delta} of ${samplerName(sampled.sampling)}`, value: num(sampled.epsilon), kind: sampled.kind as ResultKind, neighbouring: sampled.neighbouring as NeighbouringRelation, note: samplerNote });
  if (sampled.upper !== undefined && sampled.upper.epsilon !== sampled.epsilon) rows.push({ section: samplerSection, quantity: 'proven upper bound on that ε', value: num(sampled.upper.epsilon), kind: 'guarantee', neighbouring: sampled.neighbouring as NeighbouringRelation, note: sampled.upper.method });
  // a banded matrix run has no Poisson loop to compare with
  if (sampled.sampling !== 'banded-matrix') rows.push({ section: samplerSection, quantity: sampled.poissonValidForRun ? 'Poisson accountant ε at q = b/N' : 'Poisson accountant ε at q = b/N (of a Poisson loop)', value: num(sampled.poisson.epsilon), kind: 'guarantee', neighbouring: sampled.neighbouring as NeighbouringRelation, note: sampled.poissonValidForRun ? 'valid for this run (it drew Poisson batches)' : 'does NOT apply to this run: what a Poisson loop would get, not a guarantee here' });
  const poissonOnly = sampled.otherSectionsAssumePoisson ? `Poisson batches only, NOT this ${samplerName(sampled.sampling)} run; ` : '';
  const byRelation = [...report.accounting].sort((a, b) => (a.neighbouring === b.neighbouring ? 0 : a.neighbouring === 'add-remove' ? -1 : 1));
  for (const row of byRelation) {
    const name = { pld: 'PLD', rdp: 'RDP', prv: 'PRV', gdp: sampled.sampling === 'banded-matrix' ? 'μ-GDP of the Gaussian releases' : 'GDP central limit theorem' }[row.accountant];
    const note =
      row.accountant === 'gdp'
        ? `GDP μ (central limit theorem of Poisson sampling) = ${num(row.mu)}; an approximation, not a bound`
        : row.epsilonLower !== undefined
          ? `the exact ε of this accounting is in [${num(row.epsilonLower)}, ${num(row.epsilon)}]`
          : 'Rényi DP converted to (ε, δ): never tighter than PLD';
    rows.push({ section: dpSection, quantity: `ε at δ = ${delta}, ${name}`, value: num(row.epsilon), kind: row.kind, neighbouring: row.neighbouring, note: `${poissonOnly}${note}` });
  }

  const bayes = obj(report.bayesSecurity);
  const membership = obj(bayes?.['membership']);
  for (const relation of ['add-remove', 'substitution'] as const) {
    const m = obj(membership?.[relation]);
    if (m === null) continue;
    const estimate = obj(m['estimate']);
    const combined = obj(m['combinedWithDp']);
    const section = 'membership inference: Bayes security β* (1 = no attacker beats guessing)';
    rows.push({ section, quantity: 'β*, closed form', value: num(estimate?.['bayesSecurity']), kind: (estimate?.['kind'] as ResultKind | undefined) ?? 'estimate', neighbouring: relation, note: `its approximation error can be up to ${num(m['approximationError'])}` });
    rows.push({ section, quantity: 'β*, certified lower bound', value: num(m['certifiedBayesSecurity']), kind: m['kind'] as ResultKind, neighbouring: relation, note: 'β* minus its error, or the mixture-convexity bound if larger' });
    if (combined !== null) rows.push({ section, quantity: 'β*, combined with the DP guarantee', value: num(combined['bayesSecurity']), kind: combined['kind'] as ResultKind, neighbouring: relation, note: 'the larger of the two proven curves' });
  }
  const attr = obj(bayes?.['attribute']);
  if (attr !== null) {
    const section = `attribute inference (${String(attr['attribute'])}): Bayes security β*`;
    const estimate = obj(attr['estimate']);
    const combined = obj(attr['combinedWithDp']);
    rows.push({ section, quantity: 'β*, closed form from the recorded R_t', value: num(estimate?.['bayesSecurity']), kind: 'estimate', neighbouring: 'substitution', note: `centroid bound ${num(estimate?.['bayesSecurityCentroid'])}; error up to ${num(attr['approximationError'])}` });
    rows.push({ section, quantity: 'β*, certified lower bound', value: num(attr['certifiedBayesSecurity']), kind: 'guarantee', neighbouring: 'substitution', note: 'β* minus its error, or the mixture-convexity bound if larger' });
    if (combined !== null) rows.push({ section, quantity: 'β*, combined with the DP guarantee', value: num(combined['bayesSecurity']), kind: 'guarantee', neighbouring: 'substitution', note: 'computed from the training data: share it as you would the data' });
  }

  const gmip = obj(report.gmip);
  if (gmip !== null) {
    const section = 'membership of a random target (μ-GMIP, Leemann et al.)';
    const kind = gmip['kind'] as ResultKind;
    const relation = gmip['neighbouring'] as NeighbouringRelation;
    const paper = obj(gmip['paperDpMu']);
    rows.push({ section, quantity: `μ-GMIP of a random target (K = d = ${num(gmip['params'])})`, value: num(gmip['mu']), kind, neighbouring: relation, note: `alone, before DP; measured per target: median target μ-GMIP = ${num(gmip['muMedianTarget'])}, worst target μ-GMIP = ${num(gmip['muWorstTarget'])}` });
    if (paper !== null) rows.push({ section, quantity: "μ-GMIP the DP guarantee implies (the GMIP paper's model)", value: num(paper['mu']), kind: paper['kind'] as ResultKind, neighbouring: relation, note: 'uniform batches, replace-one sensitivity 2C/n; not the GDP μ of the DP section' });
    const c = tprAt(obj(gmip['combinedWithDp'])?.['tprAtFpr'], 0.01);
    if (c !== undefined) rows.push({ section, quantity: 'TPR at FPR 0.01 of a random-target attacker, μ-GMIP combined with the DP guarantee', value: num(c['tpr']), kind, neighbouring: relation, note: 'the highest true-positive rate any such attacker reaches' });
  }

  const rtm = obj(report.rtm);
  for (const relation of ['add-remove', 'substitution'] as const) {
    const r = obj(rtm?.[relation]);
    if (r === null) continue;
    const section = 'relaxed threat model: attacker lacks the alternative record (GLRT)';
    const own = Array.isArray(r['points']) ? (r['points'] as Json[]).find((p) => p['fpr'] === 0.01) : undefined;
    const c = tprAt(obj(r['combinedWithDp'])?.['tprAtFpr'], 0.01);
    if (c !== undefined) rows.push({ section, quantity: 'TPR at FPR 0.01 of an attacker lacking the alternative record, combined with the DP guarantee', value: num(c['tpr']), kind: r['kind'] as ResultKind, neighbouring: relation, note: `the RTM bound alone (attacker also told when the target was sampled): TPR ≤ ${own !== undefined ? num(1 - (own['fnr'] as number)) : 'n/a'} (d = ${num(r['dims'])})` });
  }

  const pi = obj(report.perInstance);
  if (pi !== null) {
    const section = 'per-instance ε of recorded targets (Thudi et al.)';
    const di = obj(pi['dataIndependent']);
    // a group without recorded targets (few --per-instance-targets) has no mean: no row
    if (typeof pi['meanTypical'] === 'number') rows.push({ section, quantity: `mean ε of typical records at δ = ${delta}`, value: num(pi['meanTypical']), kind: 'estimate', neighbouring: 'add-remove', note: `over ${num(pi['runs'])} seeded runs of training; each record's ε is at most the run's guarantees below` });
    if (typeof pi['meanOutlier'] === 'number') rows.push({ section, quantity: `mean ε of outlier records at δ = ${delta}`, value: num(pi['meanOutlier']), kind: 'estimate', neighbouring: 'add-remove', note: 'records the model cannot fit keep the worst case' });
    rows.push({ section, quantity: `data-independent ε at δ = ${delta} (RDP)`, value: num(di?.['epsilon']), kind: 'guarantee', neighbouring: 'add-remove', note: 'RDP at the per-instance orders, hence not the RDP row above' });
    const dpGuarantee = obj(pi['dpGuarantee']);
    const comparison = obj(pi['comparison']);
    if (dpGuarantee !== null) rows.push({ section, quantity: `the run's DP guarantee at δ = ${delta} (PLD), which every record has`, value: num(dpGuarantee['epsilon']), kind: 'guarantee', neighbouring: 'add-remove', note: comparison === null ? 'no record is reported above it' : `${String(comparison['verdict'])}; no record is reported above it` });
  }

  const attack = obj(report.attack);
  if (attack !== null) {
    const section = 'loss-threshold membership attack on this run';
    const confidence = Math.round((attack['confidence'] as number) * 100);
    rows.push({ section, quantity: 'AUC', value: num(attack['auc']), kind: 'empirical', neighbouring: 'add-remove', note: `${num(attack['members'])} members vs ${num(attack['nonMembers'])} held-out records; 0.5 = chance` });
    for (const p of (attack['tprAtFpr'] as Json[] | undefined) ?? []) {
      rows.push({ section, quantity: `TPR at FPR ${num(p['fpr'])}`, value: num(p['tpr']), kind: 'empirical', neighbouring: 'add-remove', note: `${confidence} % Clopper–Pearson interval [${num(p['tprLower'])}, ${num(p['tprUpper'])}]` });
    }
  }

  for (const [name, a] of [['Dirac canaries, white-box', obj(report.audit)], ['input canaries, black-box', obj(report.inputAudit)]] as const) {
    if (a === null) continue;
    const section = `one-run audit (${name})`;
    const confidence = Math.round((a['confidence'] as number) * 100);
    const proved = (a['empiricalEpsilon'] as number) > 0;
    const counts = `${num(a['correct'])} of ${num(a['guesses'])} guesses right, ${num(a['canaries'])} canaries`;
    rows.push({
      section,
      quantity: `ε proven at δ = ${num(a['delta'])} (the true ε is at least this)`,
      value: num(a['empiricalEpsilon']),
      kind: 'lower-bound',
      neighbouring: 'add-remove',
      note: proved ? `${confidence} % confidence, corrected for ${num(a['configurationsTried'])} guess counts; ${counts}` : `proves nothing on this run (best: ${counts})`,
    });
    if (proved && typeof a['empiricalMu'] === 'number') rows.push({ section, quantity: 'audit: μ-GDP proven (the run is not μ-GDP for any smaller μ)', value: num(a['empiricalMu']), kind: 'lower-bound', neighbouring: 'add-remove', note: a['muCurve'] === 'drawn' ? 'drawn as a dotted G_μ curve on the add/remove plot' : String(a['muCurve']) });
    // from released values: the noise dpbounds measured in them, beside the σ the run claims
    const releasedValues = obj(a['releasedValues']);
    if (releasedValues !== null && typeof releasedValues['measuredNoiseMultiplier'] === 'number') {
      rows.push({ section, quantity: 'noise multiplier measured in the released values', value: num(releasedValues['measuredNoiseMultiplier']), kind: 'empirical', neighbouring: 'add-remove', note: `the run claims σ = ${num(releasedValues['claimedNoiseMultiplier'])}; the canaries were scored at the measured noise, not the claimed one` });
    }
    // the audit held against the ε of the sampler that ran (its canaries joined batches as its records do)
    const comparison = obj(a['samplerComparison']);
    const guarantee = obj(comparison?.['guarantee']);
    if (comparison !== null && guarantee !== null) {
      const sampler = samplerName(String(a['sampling']));
      rows.push({ section, quantity: `ε the audit is held against: proven for ${sampler}, which the canaries followed`, value: num(guarantee['epsilon']), kind: 'guarantee', neighbouring: 'add-remove', note: String(comparison['verdict']) });
    }
  }
  return rows;
}

/** `guarantee · add/remove`: the label column of the summary. */
export function kindText(row: Pick<SummaryRow, 'kind' | 'neighbouring'>): string {
  return row.neighbouring === null ? row.kind : `${row.kind} · ${RELATION_TEXT[row.neighbouring]}`;
}

/**
 * Splits `text` at spaces into lines of at most `width` characters (a longer single word stays
 * whole), each starting with `indent`.
 *
 * @example wrap('a b c', 3, '') // ['a b', 'c']
 */
export function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(' ')) {
    if (line.length > indent.length && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
    }
    line += line.length > indent.length ? ` ${word}` : word;
  }
  if (line.length > indent.length) lines.push(line);
  return lines;
}

/**
 * The summary for a terminal, at most `width` (default 100) columns: a heading per section, one
 * line per number (quantity, value, kind · relation) and its note indented below it.
 *
 * @example formatSummaryText(summaryRows(report)).split('\n').every((l) => l.length <= 100) // true
 */
export function formatSummaryText(rows: readonly SummaryRow[], width = 100): string {
  const valueWidth = Math.max(5, ...rows.map((r) => r.value.length));
  const labelWidth = Math.max(...rows.map((r) => kindText(r).length));
  const quantityWidth = Math.max(10, width - 2 - valueWidth - labelWidth - 4);
  const out: string[] = [];
  let section = '';
  for (const row of rows) {
    if (row.section !== section) {
      if (out.length > 0) out.push('');
      out.push(...wrap(row.section, width, ''));
      section = row.section;
    }
    const quantity = wrap(row.quantity, quantityWidth + 2, '  ');
    const last = quantity.pop() ?? '  ';
    out.push(...quantity, `${last.padEnd(quantityWidth + 2)}  ${row.value.padStart(valueWidth)}  ${kindText(row)}`);
    out.push(...wrap(row.note, width, '      '));
  }
  return out.join('\n');
}
