/**
 * The JSON document and the readable text of one audit result, shared by every form of
 * `dpbounds audit` (counts, `--scores`, `--released`) and by reports that embed an audit.
 */
import { auditDrawing, type AuditResult, type ScoreAuditResult } from '@dpbounds/audit-one-run';
import { formatKeyValues, formatNumber } from '../format.js';

/**
 * The contract fields of an audit result (docs/cli.md, `dpbounds audit`) with its labels.
 *
 * @example auditJson(auditOneRun({ canaries: 1000, guesses: 100, correct: 90 })).kind // 'lower-bound'
 */
export function auditJson(result: AuditResult | ScoreAuditResult): Record<string, unknown> {
  const json: Record<string, unknown> = {
    method: result.method,
    empiricalEpsilon: result.empiricalEpsilon,
    delta: result.delta,
    confidence: result.confidence,
    canaries: result.canaries,
    guesses: result.guesses,
    correct: result.correct,
  };
  if (result.empiricalMu !== undefined) json.empiricalMu = result.empiricalMu;
  // what the numbers are and how to draw them: a lower bound at `confidence` is drawn as its
  // G_mu curve (the true curve lies below it somewhere) or stated as an (epsilon, delta) number
  json.kind = result.kind;
  json.neighbouring = result.neighbouring;
  json.meaning = result.meaning;
  json.epsilonFrom = result.epsilonFrom;
  const drawing = auditDrawing(result);
  json.drawAs = drawing.draw;
  json.options = result.bucketSize;
  json.family = result.family;
  if (result.empiricalNoise !== undefined && Number.isFinite(result.empiricalNoise)) json.empiricalNoise = result.empiricalNoise;
  json.saturated = result.saturated;
  if ('inGuesses' in result) {
    json.inGuesses = result.inGuesses;
    json.outGuesses = result.outGuesses;
    json.configurationsTried = result.configurationsTried;
    json.bonferroni = result.bonferroni;
  }
  return json;
}

/**
 * The readable table of an audit result, `extra` rows appended, then its one-sentence meaning.
 *
 * @example auditText(auditOneRun({ canaries: 1000, guesses: 100, correct: 90 })).includes('empirical epsilon') // true
 */
export function auditText(result: AuditResult | ScoreAuditResult, extra: readonly [string, string][] = []): string {
  const rows: [string, string][] = [
    ['method', result.method === 'fdp' ? `fdp (Mahloujifar et al., ${result.family} family)` : 'steinke (Steinke et al., (ε, δ))'],
    ['canaries', String(result.canaries)],
    ['guesses', String(result.guesses)],
    ['correct', String(result.correct)],
    ['options (k)', String(result.bucketSize)],
    ['confidence', formatNumber(result.confidence)],
    ['delta', `${formatNumber(result.delta)}${result.delta === 0 ? ' (pure epsilon-DP)' : ''}`],
    ['kind', `${result.kind} (${result.neighbouring})`],
  ];
  if (result.empiricalMu !== undefined) rows.push(['empirical mu', formatNumber(result.empiricalMu)]);
  if (result.empiricalNoise !== undefined) rows.push(['empirical noise', formatNumber(result.empiricalNoise)]);
  rows.push(['empirical epsilon', `${formatNumber(result.empiricalEpsilon)}${result.saturated ? ' (saturated: at least this)' : ''}`]);
  if ('inGuesses' in result) {
    rows.push(['guesses in / out', `${result.inGuesses} / ${result.outGuesses}`]);
    rows.push(['configurations tried', `${result.configurationsTried}${result.bonferroni ? ' (Bonferroni-corrected)' : ' (best of these: optimistic; see --bonferroni)'}`]);
  }
  return `${formatKeyValues([...rows, ...extra])}\n${result.meaning}`;
}

