/**
 * The label rules of the numbers (docs/cli.md, "How numbers are read"), checked as properties
 * over any command's JSON: every `…Kind` says one of the four kinds, and a `kind` next to a
 * number too; a guarantee never carries a note that it lies within numerical noise; a guarantee's
 * own lower bound is not above it; a GDP/CLT estimate far outside the PLD bracket says why.
 */
const KINDS = new Set(['guarantee', 'estimate', 'lower-bound', 'empirical']);
const NUMBER_KEYS = ['epsilon', 'delta', 'value', 'bayesSecurity', 'tpr', 'mu', 'noiseMultiplier'];
/** `…Kind` fields that name something other than a result's kind (docs/cli.md): what a calibration targets, which model trained. */
const OTHER_KINDS = new Set(['targetKind', 'modelKind']);

/** Problems with the labels of one JSON document, each with its path. */
export function labelRuleProblems(document: unknown): string[] {
  const problems: string[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}[${i}]`));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(o)) {
      if (key.endsWith('Kind') && !OTHER_KINDS.has(key) && typeof v === 'string' && !KINDS.has(v)) problems.push(`${path}.${key} = ${JSON.stringify(v)} is not one of the four kinds`);
    }
    const numeric = NUMBER_KEYS.some((k) => typeof o[k] === 'number');
    if (numeric && typeof o.kind === 'string' && !KINDS.has(o.kind)) problems.push(`${path}.kind = ${JSON.stringify(o.kind)} beside a number is not one of the four kinds`);
    // a fallback's note explains the noise it stepped away from: its number is the RDP bound or the
    // exponentially tilted PLD's, not the noisy one
    const steppedAway = o.method === 'rdp-fallback' || o.method === 'pld-fallback' || (typeof o.note === 'string' && /exponential(ly)? tilt/i.test(o.note));
    if (o.kind === 'guarantee' && !steppedAway && typeof o.note === 'string' && /rounding error|float[- ]noise|within the .*noise/i.test(o.note)) problems.push(`${path}: a guarantee whose note says it lies within numerical noise: ${o.note}`);
    if (o.kind === 'guarantee' && typeof o.epsilon === 'number' && typeof o.epsilonLower === 'number' && o.epsilonLower > o.epsilon * (1 + 1e-12)) problems.push(`${path}: epsilonLower ${o.epsilonLower} above the guarantee ${o.epsilon}`);
    if (o.accountant === 'gdp' && typeof o.epsilonEstimate === 'number' && typeof o.epsilon === 'number' && o.epsilonEstimate > 2 * o.epsilon && typeof o.estimateNote !== 'string') problems.push(`${path}: a CLT estimate ${o.epsilonEstimate} more than twice the PLD guarantee ${o.epsilon} without an estimateNote`);
    for (const [key, v] of Object.entries(o)) visit(v, `${path}.${key}`);
  };
  visit(document, '$');
  return problems;
}
