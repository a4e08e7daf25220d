/**
 * The CSV form of a sweep row: every field of the JSONL row (the single commands' JSON),
 * flattened to dotted column names (docs/sweep.md, "CSV columns"):
 * - `results` and `calibrations` entries are keyed by their accountant: `pld.epsilon`;
 * - nested objects are joined with dots: `bayesSecurity.dp.bayesSecurity`, `gmip.kinds.mu`;
 * - a list of points at FPRs (`tprAtFpr`, `points`, …) gives one column per field and FPR,
 *   named after the object holding the list: `pld.tpr@0.01`, `rtm.fnrCombined@0.001`;
 * - `errors` is one text cell (`section: message; …`), and any other list (the binding
 *   intervals of a combined curve, the RTM notes) one JSON cell named by its path.
 * The columns are fixed by the sweep's plan (accountants, threats, FPRs, calibration or not), so
 * that every shard and every resumed run writes the same header; a field this catalogue does not
 * name still reaches the file, in the last column `other` (a JSON object of those fields).
 */

/** A row's fields, flattened: column name → scalar (or JSON text for a list). */
export type FlatRow = ReadonlyMap<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isFprList = (value: unknown[]): boolean => value.length > 0 && value.every((p) => isObject(p) && typeof p.fpr === 'number');

function flattenInto(out: Map<string, unknown>, prefix: string, value: unknown): void {
  if (Array.isArray(value)) {
    out.set(prefix, JSON.stringify(value));
    return;
  }
  if (!isObject(value)) {
    out.set(prefix, value);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (Array.isArray(inner) && isFprList(inner)) {
      for (const point of inner as Record<string, unknown>[]) {
        for (const [field, v] of Object.entries(point)) if (field !== 'fpr') flattenInto(out, `${prefix}.${field}@${String(point.fpr)}`, v);
      }
    } else flattenInto(out, `${prefix}.${key}`, inner);
  }
}

/**
 * Flattens one JSONL row (see the module comment).
 *
 * @example flattenSweepRow({ index: 0, results: [{ accountant: 'pld', epsilon: 1.8 }] }).get('pld.epsilon') // 1.8
 */
export function flattenSweepRow(row: Readonly<Record<string, unknown>>): FlatRow {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(row)) {
    if ((key === 'results' || key === 'calibrations') && Array.isArray(value)) {
      for (const entry of value) {
        if (!isObject(entry)) continue;
        const { accountant, ...rest } = entry;
        flattenInto(out, String(accountant), rest);
      }
    } else if (key === 'errors' && Array.isArray(value)) {
      out.set('errors', value.map((e) => `${String(isObject(e) ? e.section : '')}: ${String(isObject(e) ? e.message : e)}`).join('; '));
    } else if (isObject(value)) flattenInto(out, key, value);
    else out.set(key, Array.isArray(value) ? JSON.stringify(value) : value);
  }
  return out;
}

/** `@FPR` in a field name stands for one column per FPR of the sweep. */
const F = '@FPR';

/** A section's fields in column order: the headline ones (the text table of `dpbounds sweep`) first. */
export interface SectionFields {
  readonly headline: readonly string[];
  readonly all: readonly string[];
}
const fields = (headline: readonly string[], more: readonly string[]): SectionFields => ({ headline, all: [...headline, ...more] });

/** The fields of an accountant's `results` entry (`dpbounds dp --json`). */
export const RESULT_FIELDS: SectionFields = fields([
  'epsilon', 'delta', 'kind', 'epsilonLower', 'epsilonUpper', 'epsilonEstimate', 'deltaLower', 'deltaUpper', 'deltaEstimate', 'order', 'mu', 'method',
  `tpr${F}`], ['neighbouring', 'epsilonError', 'estimateKind', 'approximation', 'discretizationInterval', 'note', 'estimateNote', 'tprKind', 'tprMethod',
]);

/** The fields of an accountant's `calibrations` entry (`dpbounds calibrate --json`). */
export const CALIBRATION_FIELDS: SectionFields = fields(['noiseMultiplier', 'achieved', 'kind'], ['target', 'targetKind', 'delta', 'neighbouring', 'approximation', 'note']);

const DP_SIDE = (name: string): string[] => [
  `${name}.dp.kind`, `${name}.dp.neighbouring`, `${name}.dp.bayesSecurity`, `${name}.dp.tpr${F}`,
  `${name}.combined.kind`, `${name}.combined.neighbouring`, `${name}.combined.bayesSecurity`, `${name}.combined.tpr${F}`, `${name}.combined.binds${F}`,
  `${name}.combined.binding`, `${name}.combined.dpEverywhere`,
];

/** `bayesSecurity` (`dpbounds bayes-security --json`). */
export const BAYES_FIELDS: SectionFields = fields([
  'bayesSecurity', 'certifiedLowerBound', 'approximationError', 'advantage', 'dp.bayesSecurity', `tprCertified${F}`], [
  'threat', 'attackSuccess', `tpr${F}`, 'neighbouring', 'certifiedAdvantage', 'certifiedAttackSuccess', 'tvErrorTerm', 'pinskerLowerBound',
  'mixtureConvexityLowerBound', 'prior',
  ...['bayesSecurity', 'advantage', 'attackSuccess', 'tprAtFpr.tpr', 'curve', 'gaussianApproximation', 'tvErrorTerm', 'approximationError', 'pinskerLowerBound',
    'mixtureConvexityLowerBound', 'certifiedLowerBound', 'certifiedAdvantage', 'certifiedAttackSuccess', 'tprAtFpr.tprCertified', 'certifiedCurve'].map((k) => `kinds.${k}`),
  ...DP_SIDE('').map((k) => k.slice(1)).filter((k) => k !== 'dp.bayesSecurity'),
]);

/** `gmip` (`dpbounds gmip --json`). */
export const GMIP_FIELDS: SectionFields = fields(['mu', 'perStepMu', 'gdpMu', `tpr${F}`], [
  'gmipFormulaMu', 'noiseStd', 'auc', 'accuracy', `tprExact${F}`, `tprApprox${F}`, 'neighbouring',
  ...['mu', 'gmipFormulaMu', 'perStepMu', 'gdpMu', 'tprAtFpr', 'auc', 'accuracy', 'curve'].map((k) => `kinds.${k}`),
  'dpBinds', ...DP_SIDE('').map((k) => k.slice(1)).filter((k) => !k.endsWith('.bayesSecurity')),
]);

/** `rtm` (`dpbounds rtm --json`). */
export const RTM_FIELDS: SectionFields = fields(['mu', `fnrCombined${F}`], [
  'mechanism', 'dims', 'compositions', 'samplingRate', 'attacker', 'neighbouring', 'kind', 'dpKind', 'notes', 'binding',
  `fnr${F}`, `fnrInverse${F}`, `fnrSymmetric${F}`, `dpFnr${F}`, `binds${F}`, `maxPower${F}`,
]);

/**
 * The column names for one section: `prefix.field`, each `@FPR` field once per FPR.
 *
 * @example sectionColumns('pld', ['epsilon', 'tpr@FPR'], [0.01]) // ['pld.epsilon', 'pld.tpr@0.01']
 */
export function sectionColumns(prefix: string, fields: readonly string[], fprs: readonly number[]): string[] {
  return fields.flatMap((f) => (f.endsWith(F) ? fprs.map((fpr) => `${prefix}.${f.slice(0, -F.length)}@${String(fpr)}`) : [`${prefix}.${f}`]));
}
