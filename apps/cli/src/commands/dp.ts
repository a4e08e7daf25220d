/**
 * `dpbounds dp`: (ε, δ) accounting of DP-SGD with Poisson sampling (docs/cli.md). No math here: the
 * accountants of @dpbounds/accountants do it. `epsilon` (or `delta`) is always a guarantee; the
 * GDP/CLT approximation is reported beside the PLD guarantee, never in its place.
 */
import { dpSgdEvent, GdpAccountant, PldAccountant, PrvAccountant, RdpAccountant } from '@dpbounds/accountants';
import type { NeighbouringRelation } from '@dpbounds/accountants';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, exactlyOne, numberList, requiredNumber } from '../flags.js';
import { dpTprAtFpr, dpTprText } from './dp-tpr-at-fpr.js';
import type { ParsedFlags } from '../flags.js';
import { createProgress } from '../progress.js';
import { formatNumber, formatTable } from '../format.js';
import { UsageError } from '../usage-error.js';

/** The accountants `dpbounds dp` can run. */
export const DP_ACCOUNTANTS = ['rdp', 'pld', 'prv', 'gdp'] as const;
type DpAccountant = (typeof DP_ACCOUNTANTS)[number];

interface Query {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly neighbouring: NeighbouringRelation;
  readonly delta?: number;
  readonly epsilon?: number;
}

/** One accountant's JSON result (docs/cli.md fields first, then additions). */
export type DpResult = Record<string, string | number | boolean | null>;

/** `method` and, when the accountant switched to a coarser grid or a fallback, `note`. */
function provenanceOf(b: { readonly method: string; readonly note?: string }): DpResult {
  return b.note === undefined ? { method: b.method } : { method: b.method, note: b.note };
}

function pldResult(query: Query, event: ReturnType<typeof dpSgdEvent>): DpResult {
  const pld = new PldAccountant({ neighbouring: query.neighbouring }).compose(event);
  if (query.delta !== undefined) {
    const b = pld.getEpsilonBounds(query.delta);
    return { epsilon: b.upper, delta: query.delta, kind: b.kind, epsilonLower: b.lower, epsilonUpper: b.upper, discretizationInterval: pld.discretizationInterval, ...provenanceOf(b) };
  }
  const b = pld.getDeltaBounds(query.epsilon as number);
  return { epsilon: query.epsilon as number, delta: b.upper, kind: b.kind, deltaLower: b.lower, deltaUpper: b.upper, discretizationInterval: pld.discretizationInterval, ...provenanceOf(b) };
}

/**
 * JSON cannot hold ±∞: a non-finite number becomes `null` with a sibling `<field>Infinite: true`
 * (so no required field is ever a bare `null`). For σ > 0 and δ > 0 every ε here is finite.
 */
function jsonSafe(result: DpResult): DpResult {
  const out: DpResult = {};
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      out[key] = null;
      out[`${key}Infinite`] = true;
    } else out[key] = value;
  }
  return out;
}


function runOne(kind: DpAccountant, query: Query): DpResult {
  const event = dpSgdEvent({ samplingRate: query.samplingRate, noiseMultiplier: query.noiseMultiplier, steps: query.steps });
  const head = { accountant: kind, neighbouring: query.neighbouring };
  switch (kind) {
    case 'rdp': {
      if (query.neighbouring === 'substitution' && query.samplingRate < 1) {
        throw new UsageError('--accountant rdp supports --neighbouring add-remove only for --sampling-rate < 1 (use pld)');
      }
      const rdp = new RdpAccountant({ neighbouring: query.neighbouring }).compose(event);
      if (query.delta !== undefined) {
        const r = rdp.getEpsilonAndOrder(query.delta);
        return { ...head, epsilon: r.epsilon, delta: query.delta, kind: 'guarantee', order: r.order, method: 'rdp' };
      }
      return { ...head, epsilon: query.epsilon as number, delta: rdp.getDelta(query.epsilon as number), kind: 'guarantee', method: 'rdp' };
    }
    case 'pld':
      return { ...head, ...pldResult(query, event) };
    case 'prv': {
      if (query.neighbouring !== 'add-remove') throw new UsageError('--accountant prv supports --neighbouring add-remove only (use pld)');
      // relative ε budget: the guarantee within ~0.1 % of the tight ε (the absolute default 0.01
      // of the anchors is 0.5 % above it at ε ≈ 1.8 and far more at small ε)
      const prv = new PrvAccountant({ epsError: 'relative' }).compose(event);
      if (query.delta !== undefined) {
        const b = prv.getEpsilonBounds(query.delta);
        // epsilonError: the PRV's own ε error, or (after the RDP fallback) the whole gap upper − lower
        const error = b.method === 'prv' ? prv.getEpsilonError(query.delta) : b.upper - b.lower;
        return { ...head, epsilon: b.upper, delta: query.delta, kind: b.kind, epsilonLower: b.lower, epsilonUpper: b.upper, epsilonEstimate: b.estimate, epsilonError: error, ...provenanceOf(b) };
      }
      const b = prv.getDeltaBounds(query.epsilon as number);
      return { ...head, epsilon: query.epsilon as number, delta: b.upper, kind: b.kind, deltaLower: b.lower, deltaUpper: b.upper, deltaEstimate: b.estimate, ...provenanceOf(b) };
    }
    case 'gdp': {
      if (query.neighbouring === 'substitution' && query.samplingRate < 1) {
        throw new UsageError('--accountant gdp supports --neighbouring add-remove only for --sampling-rate < 1 (use pld)');
      }
      // The CLT value is an approximation (it can be below the true ε): docs/cli.md requires
      // `epsilon` to be a guarantee, so `epsilon` carries the PLD bound and the GDP answer is in
      // `epsilonEstimate` and `mu`.
      const gdp = new GdpAccountant({ neighbouring: query.neighbouring }).compose(event);
      const guarantee = pldResult(query, event);
      const rest = { kind: 'guarantee', estimateKind: 'estimate', method: `gdp (epsilon: ${String(guarantee.method)})`, ...(guarantee.note === undefined ? {} : { note: guarantee.note }) };
      if (query.delta !== undefined) {
        return { ...head, epsilon: guarantee.epsilon as number, delta: query.delta, ...rest, epsilonEstimate: gdp.getEpsilon(query.delta), mu: gdp.mu(), approximation: true };
      }
      return { ...head, epsilon: query.epsilon as number, delta: guarantee.delta as number, ...rest, deltaEstimate: gdp.getDelta(query.epsilon as number), mu: gdp.mu(), approximation: true };
    }
  }
}

function textOf(results: readonly DpResult[], byDelta: boolean): string {
  const num = (v: unknown): string => (typeof v === 'number' ? formatNumber(v) : '');
  const rows = results.map((r) => {
    const value = byDelta ? r.epsilon : r.delta;
    const lower = byDelta ? r.epsilonLower : r.deltaLower;
    const estimate = byDelta ? r.epsilonEstimate : r.deltaEstimate;
    const note = r.accountant === 'gdp' ? 'estimate = CLT approximation, not a bound' : r.accountant === 'rdp' ? `optimal order ${num(r.order)}` : r.accountant === 'pld' ? 'pessimistic discretisation' : 'PRV error bounds';
    const switched = typeof r.method === 'string' && /fallback|coarsened/.test(r.method) ? ` (${r.method})` : '';
    return [String(r.accountant), num(value), num(lower), num(estimate), `${note}${switched}`];
  });
  const notes = results.filter((r) => typeof r.note === 'string').map((r) => `note (${String(r.accountant)}): ${String(r.note)}`);
  const header = byDelta
    ? `ε (guarantee) at δ = ${formatNumber(results[0]?.delta as number)}, ${String(results[0]?.neighbouring)}`
    : `δ (guarantee) at ε = ${formatNumber(results[0]?.epsilon as number)}, ${String(results[0]?.neighbouring)}`;
  return [`${header}\n${formatTable(['accountant', byDelta ? 'epsilon' : 'delta', 'lower', 'estimate', 'note'], rows)}`, ...notes].join('\n');
}

/** Runs `kinds` one after another with a progress bar naming each (drawn at once when the run is long: each accountant is one synchronous computation). */
function withProgress<T>(io: CommandIo, kinds: readonly DpAccountant[], slow: boolean, work: (kind: DpAccountant) => T): T[] {
  const progress = createProgress(io, 'dp', kinds.length, { eager: slow });
  try {
    return kinds.map((kind, i) => {
      progress.stage(`${kind} accountant`);
      progress.update(i);
      const out = work(kind);
      progress.update(i + 1);
      return out;
    });
  } finally {
    progress.finish();
  }
}

function run(flags: ParsedFlags, io: CommandIo): CommandResult {
  const samplingRate = requiredNumber(flags, 'sampling-rate', { min: 0, minExclusive: true, max: 1 });
  const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const which = exactlyOne(flags, ['delta', 'epsilon']);
  const accountant = choice(flags, 'accountant', [...DP_ACCOUNTANTS, 'all'] as const, 'pld');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const query: Query =
    which === 'delta'
      ? { samplingRate, noiseMultiplier, steps, neighbouring, delta: requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) }
      : { samplingRate, noiseMultiplier, steps, neighbouring, epsilon: requiredNumber(flags, 'epsilon', { min: 0 }) };
  const fprs = flags.fpr === undefined ? undefined : numberList(flags, 'fpr', { min: 0, max: 1 }, []);
  const withTpr = (r: DpResult): { json: Record<string, unknown>; text: string } => {
    if (fprs === undefined) return { json: r, text: '' };
    const fields = dpTprAtFpr(String(r.accountant), query, fprs);
    return { json: { ...r, ...fields }, text: dpTprText([{ accountant: r.accountant, fields }]) };
  };
  const join = (head: string, tails: readonly string[]): string => [head, ...tails.filter((t) => t !== '')].join('\n\n');
  // Seconds of work: every accountant, PRV, or a long run on the PLD grid (pld, and gdp's guarantee), which grows with T.
  const slow = accountant === 'all' || accountant === 'prv' || (accountant !== 'rdp' && steps >= 10_000);
  if (accountant === 'all') {
    const kinds = DP_ACCOUNTANTS.filter((k) => neighbouring === 'add-remove' || k === 'pld' || (samplingRate === 1 && k !== 'prv'));
    const both = withProgress(io, kinds, slow, (k) => {
      const r = jsonSafe(runOne(k, query));
      return { r, tpr: withTpr(r) };
    });
    const results = both.map((b) => b.r);
    const tpr = both.map((b) => b.tpr);
    return { json: { results: tpr.map((t) => t.json) }, text: join(textOf(results, which === 'delta'), tpr.map((t) => t.text)) };
  }
  let result: DpResult = { accountant };
  let tpr = { json: {} as Record<string, unknown>, text: '' };
  withProgress(io, [accountant], slow, (k) => {
    result = jsonSafe(runOne(k, query));
    tpr = withTpr(result);
  });
  return { json: tpr.json, text: join(textOf([result], which === 'delta'), [tpr.text]) };
}

/** `dpbounds dp`. */
export const dpCommand: CommandDefinition = {
  name: 'dp',
  summary: '(ε, δ) accounting of DP-SGD (Poisson-subsampled Gaussian): RDP, PLD, PRV, GDP',
  description: [
    'Prints ε at --delta (or δ at --epsilon) for T steps of DP-SGD with Poisson sampling rate q and',
    'noise multiplier σ. "epsilon" ("delta") is always a guarantee: PLD uses a pessimistic',
    'discretisation (epsilonLower is a rigorous lower bound, ~h·√T below), PRV reports its upper bound',
    'with epsilonLower/epsilonEstimate, RDP its optimal order. GDP/CLT is an approximation, not a',
    'bound: with --accountant gdp, "epsilon" is the PLD guarantee and the CLT value is in',
    '"epsilonEstimate" ("deltaEstimate") with "mu". Every result says "kind" (guarantee or',
    'estimate), "neighbouring" and "method": "pld-coarsened" when the work budget (2^22 grid',
    'points, ≈ 0.4 GB) forced a coarser, still pessimistic grid, "rdp-fallback" when δ is below what',
    'the PLD/PRV grid resolves (then the RDP bound is reported, lower bound 0), with a "note".',
    'ε is finite for every valid input; a non-finite number would print as null with',
    '"<field>Infinite": true.',
  ].join('\n'),
  flags: {
    'sampling-rate': { type: 'string', valueName: 'q', description: 'Poisson sampling rate, 0 < q ≤ 1' },
    'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier σ > 0 (noise std / clip norm)' },
    steps: { type: 'string', valueName: 'T', description: 'number of steps, integer ≥ 1' },
    delta: { type: 'string', valueName: 'δ', description: 'report ε at this δ, 0 < δ < 1' },
    epsilon: { type: 'string', valueName: 'ε', description: 'report δ at this ε ≥ 0 (instead of --delta)' },
    accountant: { type: 'string', valueName: 'rdp|pld|prv|gdp|all', description: 'which accountant', defaultText: 'pld' },
    neighbouring: { type: 'string', valueName: 'add-remove|substitution', description: 'neighbouring relation', defaultText: 'add-remove' },
    fpr: { type: 'string', valueName: 'list', description: 'also report "tprAtFpr": the largest TPR any attack reaches at each FPR in [0, 1], from the accountant\'s trade-off curve ("tprKind": guarantee for pld/rdp/prv, estimate for gdp)' },
  },
  examples: [
    'dpbounds dp --sampling-rate 0.0001 --noise-multiplier 2 --steps 500000 --delta 1e-5 --neighbouring substitution --fpr 0.01,0.1 --json',
    'dpbounds dp --sampling-rate 0.004 --noise-multiplier 1.1 --steps 10000 --delta 1e-5 --json',
    'dpbounds dp --sampling-rate 0.01 --noise-multiplier 1 --steps 1000 --delta 1e-5 --accountant all',
  ],
  run,
};
