/**
 * `dpbounds dp --mechanism banded-matrix`: (ε, δ) of a banded matrix mechanism (DP-FTRL / BandMF,
 * Choquette-Choo et al. 2023; docs/cli.md, docs/batch-samplers.md). No math here: the library's
 * `bandedMatrixEvent` finds the worst record's sensitivity for the participation scheme and its
 * accountants price it (docs/math/batch-samplers.md, section 7). For balls-in-bins participation
 * the library's amplified guarantee (`bandedBallsInBinsGuarantee`, eqs. (B4)–(B6)) is credited
 * wherever it is the smaller: both are guarantees. The output reads like `dp`'s for DP-SGD (the
 * same fields, `epsilon` a guarantee unless its `kind` says otherwise) plus the run and what was
 * priced.
 */
import { bandedBallsInBinsGuarantee } from '@dpbounds/accountants';
import type { BandedBallsInBinsGuarantee } from '@dpbounds/accountants';
import { jsonSafeResult } from '@dpbounds/accountants/advanced';
import type { CommandIo, CommandResult } from '../command.js';
import { choice, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';
import { withAccountantProgress } from './accountant-progress.js';
import { BANDED_ACCOUNTANTS, bandedAccountantRow } from './banded-accountants.js';
import type { BandedAccountant } from './banded-accountants.js';
import { parseBandedRun } from './banded-flags.js';
import type { BandedRunChoice } from './banded-flags.js';
import { bandedUsageError, strategySourceText } from './banded-library-errors.js';
import { bandedPlan, plannedNoiseIsFinite } from './banded-plan.js';
import type { BandedPlan } from './banded-plan.js';
import { bandedAmplificationNote, bandedSummary } from './banded-words.js';
import { requireBandedWork } from './banded-work.js';
import { dpResultsText } from './dp-results-text.js';
import type { DpResultRow } from './dp-results-text.js';

/**
 * The accountants to run for `--accountant`, refusing a relation one cannot price (one line
 * naming both flags): PRV prices add-remove only, RDP and GDP substitution only for unsampled
 * steps (`sampled`: poisson-in-group at q = kB/N < 1).
 *
 * @throws UsageError naming --accountant and --neighbouring.
 * @example accountantsFor('all', 'substitution', false) // ['rdp', 'pld', 'gdp']
 */
export function accountantsFor(accountant: BandedAccountant | 'all', neighbouring: 'add-remove' | 'substitution', sampled: boolean): BandedAccountant[] {
  if (accountant === 'all') return BANDED_ACCOUNTANTS.filter((k) => neighbouring === 'add-remove' || k === 'pld' || (!sampled && k !== 'prv'));
  if (accountant === 'prv' && neighbouring !== 'add-remove') throw new UsageError('--accountant prv supports --neighbouring add-remove only (use pld)');
  if (sampled && neighbouring !== 'add-remove' && (accountant === 'rdp' || accountant === 'gdp')) {
    throw new UsageError(`--accountant ${accountant} supports --neighbouring add-remove only for --participation poisson-in-group at q = kB/N < 1 (its steps are Poisson-subsampled; use pld)`);
  }
  return [accountant];
}

/**
 * The run's fields of the JSON (after the accountant's), in the names `dp --json` uses where they
 * mean the same: what was priced at the plan's σ (`calibrate --mechanism banded-matrix` prints
 * them at the σ it found). `amplified`: balls-in-bins' amplified guarantee at that σ, printed as
 * `randomAllocation`; `credited`: whether it is the ε reported (undefined: no guarantee is
 * reported, as for a GDP calibration, whose achieved ε is an estimate).
 *
 * @example runJson(run, bandedPlan(run.options)).sensitivity
 */
export function runJson(run: BandedRunChoice, plan: BandedPlan, amplified?: BandedBallsInBinsGuarantee, credited?: boolean): Record<string, unknown> {
  const o = run.options;
  const source = run.source;
  const strategy =
    source.flag === 'band-values'
      ? { strategySource: 'band-values', strategyForm: 'toeplitz', bandValues: source.values }
      : { strategySource: 'file', strategyForm: source.form, strategyFile: source.path };
  const sampled = plan.event.participation === 'poisson-in-group';
  return {
    mechanism: 'banded-matrix',
    participation: o.participation,
    bands: plan.event.bands,
    minSeparation: plan.event.minSeparation,
    ...(run.minSeparationFromSizes ? { minSeparationFrom: 'dataset-size/batch-size' } : {}),
    steps: plan.event.steps,
    noiseMultiplier: plan.event.noiseMultiplier,
    ...(sampled ? { datasetSize: plan.event.datasetSize, batchSize: plan.event.batchSize, samplingRate: plan.samplingRate } : {}),
    ...strategy,
    participations: plan.participations,
    sensitivity: plan.sensitivity,
    amplification: plan.samplingRate < 1 || credited === true,
    pricedAs: plan.pricedAs,
    ledger: plan.pricedLedger.map((s) => ({ samplingRate: s.samplingRate, noiseMultiplier: s.noiseMultiplier, count: s.count })),
    ...(amplified === undefined ? {} : { randomAllocation: jsonSafeResult(credited === undefined ? { ...amplified } : { ...amplified, credited }) }),
    summary: bandedSummary(plan),
    amplificationNote: bandedAmplificationNote(plan, amplified, credited),
  };
}

/**
 * True when the run's steps are Poisson-subsampled: poisson-in-group at q = kB/N < 1 (at q = 1
 * its steps are plain Gaussian releases, like cyclic and balls-in-bins).
 *
 * @example isSampled({ participation: 'poisson-in-group', minSeparation: 4, batchSize: 100, datasetSize: 10_000 }) // true
 */
export function isSampled(o: { readonly participation: string; readonly minSeparation: number; readonly batchSize?: number; readonly datasetSize?: number }): boolean {
  return o.participation === 'poisson-in-group' && (o.minSeparation * (o.batchSize ?? 0)) / (o.datasetSize ?? 1) < 1;
}

/**
 * An accountant's row with balls-in-bins' amplified guarantee credited where it is the smaller:
 * `epsilon` (and `epsilonUpper`) become the amplified ε, the ledger's value moves to
 * `epsilonUnamplified`, and the fields that describe only the ledger's pricing (its lower bound,
 * estimate, error, order, grid note; GDP's μ-GDP value of the worst placement) are dropped, since
 * they are not about the amplified ε.
 *
 * @example creditAmplification({ accountant: 'pld', epsilon: 8, kind: 'guarantee' }, { epsilon: 0.9, splitSensitivity: 1.9, noiseMultiplier: 2.1, batchesPerEpoch: 100, epochs: 20, kind: 'guarantee' }).epsilon // 0.9
 */
export function creditAmplification(row: DpResultRow, amplified: BandedBallsInBinsGuarantee | undefined): DpResultRow {
  if (amplified === undefined || !(amplified.epsilon < (row.epsilon as number))) return row;
  const { epsilonLower: _lower, epsilonError: _error, epsilonEstimate: _estimate, order: _order, discretizationInterval: _grid, note: _note, mu: _mu, approximation: _approximation, estimateKind: _estimateKind, ...rest } = row;
  return {
    ...rest,
    epsilon: amplified.epsilon,
    ...(row.epsilonUpper === undefined ? {} : { epsilonUpper: amplified.epsilon }),
    kind: 'guarantee',
    epsilonUnamplified: row.epsilon as number,
    method: `random allocation at σ/ρ = ${formatNumber(amplified.noiseMultiplier)} (split noise, ρ = ${formatNumber(amplified.splitSensitivity)}); ${String(row.method)} without amplification: ${formatNumber(row.epsilon as number)}`,
  };
}

/**
 * The plan, with the library's errors in the command's words and a strategy that leaves double
 * precision refused.
 *
 * @throws UsageError naming --noise-multiplier and the strategy.
 * @example planOf(await parseBandedRun(flags, '.')).priced
 */
export function planOf(run: BandedRunChoice): BandedPlan {
  const o = run.options;
  const plan = bandedPlan(o);
  if (!plannedNoiseIsFinite(plan)) {
    throw new UsageError(
      `--noise-multiplier ${formatNumber(o.noiseMultiplier)} with ${strategySourceText(run.source)}: the worst record's sensitivity Δ = ${formatNumber(plan.sensitivity)} leaves noise σ/Δ outside double precision (a strategy scaled by more than about 1e150 or less than 1e-150 relative to σ); rescale the strategy and σ together`,
    );
  }
  return plan;
}

/**
 * Runs `dpbounds dp --mechanism banded-matrix` (flags read by `parseBandedRun`, plus --delta,
 * --accountant rdp|pld|prv|gdp|all and --neighbouring). Domain: see {@link parseBandedRun};
 * PRV prices add-remove only, RDP and GDP substitution only without sampling (cyclic,
 * balls-in-bins).
 *
 * @throws UsageError (exit 2) naming the flag, its range and the value found.
 * @example await runBandedMatrix({ mechanism: 'banded-matrix', steps: '2000', 'noise-multiplier': '3', 'band-values': '1,0.5', participation: 'cyclic', 'min-separation': '100', delta: '1e-5' }, io)
 */
export async function runBandedMatrix(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const run = await parseBandedRun(flags, io.cwd);
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const accountant = choice(flags, 'accountant', [...BANDED_ACCOUNTANTS, 'all'] as const, 'pld');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const o = run.options;
  const sampled = isSampled(o);
  const kinds = accountantsFor(accountant, neighbouring, sampled);
  requireBandedWork({ steps: o.steps, bands: o.bands, minSeparation: o.minSeparation, participation: o.participation, byDiagonals: !('columnNorms' in o.strategy) });
  let plan: BandedPlan;
  let rows: DpResultRow[];
  let amplified: BandedBallsInBinsGuarantee | undefined;
  try {
    plan = planOf(run);
    amplified = o.participation === 'balls-in-bins' ? bandedBallsInBinsGuarantee(plan.event, delta, neighbouring) : undefined;
    const priced = plan.priced;
    let pld: DpResultRow | undefined;
    const slow = accountant === 'all' || accountant === 'prv' || plan.participations >= 10_000;
    rows = withAccountantProgress(io, kinds, slow, (kind) => {
      const row = bandedAccountantRow(kind, priced, neighbouring, delta, pld);
      if (kind === 'pld') pld = row;
      return row;
    }).map((row) => jsonSafeResult(creditAmplification(row, amplified)));
  } catch (error) {
    throw bandedUsageError(error, run.source, o.noiseMultiplier) ?? error;
  }
  const credited = rows.some((row) => row.epsilonUnamplified !== undefined);
  const fields = runJson(run, plan, amplified, credited);
  const gdpNote = sampled ? undefined : 'estimate = μ-GDP of Gaussian releases, not a bound';
  const table = dpResultsText(rows, true, gdpNote);
  const text = `${table}\n\n${String(fields.summary)}\n${String(fields.amplificationNote)}`;
  const json = accountant === 'all' ? { ...fields, results: rows } : { ...(rows[0] as DpResultRow), ...fields };
  return { json, text };
}
