/**
 * `dpbounds calibrate --mechanism banded-matrix --target-epsilon ε --delta δ`: the smallest noise
 * multiplier σ whose ε at δ meets the target for a banded matrix mechanism (DP-FTRL / BandMF,
 * Choquette-Choo et al. 2023; docs/cli.md, docs/batch-samplers.md). The run is read by the flags
 * of `dp --mechanism banded-matrix` (banded-flags.ts) without --noise-multiplier, and every σ the
 * search tries is priced exactly as `dp` prices it (banded-plan.ts: the same event, the same
 * accountant), so `dp` at the returned σ prints the "achieved" ε, at most the target. The search
 * is the library's (`calibrateEventEpsilon`: bracketing + Brent, checked at the returned σ); for
 * cyclic and balls-in-bins participation the run is one Gaussian of sensitivity Δ and the search
 * starts at the exact Gaussian calibration σ = Δ/μ. No math here.
 */
import { calibrateEventEpsilon } from '@dpbounds/accountants/advanced';
import { bandedBallsInBinsGuarantee, bandedBallsInBinsNoiseMultiplier } from '@dpbounds/accountants';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { CommandIo, CommandResult } from '../command.js';
import { choice, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';
import { BANDED_ACCOUNTANTS } from './banded-accountants.js';
import { parseBandedSetup, withNoise } from './banded-flags.js';
import type { BandedSetupChoice } from './banded-flags.js';
import { bandedUsageError, strategySourceText } from './banded-library-errors.js';
import { bandedPlan, plannedNoiseIsFinite } from './banded-plan.js';
import type { BandedPlan } from './banded-plan.js';
import { bandedWork, requireBandedWork } from './banded-work.js';
import { countedAccountants } from './calibrate-evaluations.js';
import { maxWorkOf, workRefusal } from './calibrate-sampler.js';
import { accountantsFor, isSampled, runJson } from './dp-banded.js';

/** The targets of `calibrate` whose analyses are DP-SGD's, with why they do not cover a banded matrix run. */
const DP_SGD_TARGETS: Readonly<Record<string, string>> = {
  'target-bayes-security': 'its closed form (Cherubin et al. 2024) is for DP-SGD with Poisson sampling and fresh noise each step',
  'target-gmip-mu': 'μ-GMIP (Leemann et al. 2023) is derived for DP-SGD with Poisson sampling and fresh noise each step',
  'target-tpr': 'its calibration reads the trade-off curve of DP-SGD at --sampling-rate and --steps',
};

/** Flags that only the DP-SGD targets read. */
const DP_SGD_TARGET_FLAGS: Readonly<Record<string, string>> = {
  'at-fpr': '--target-tpr',
  'gmip-rule': '--target-gmip-mu',
  params: '--target-gmip-mu',
  clip: '--target-gmip-mu',
  susceptibility: '--target-gmip-mu',
};

/** Refuses the targets and flags of DP-SGD's threat-specific calibrations, one line each saying why. */
function refuseDpSgdTargets(flags: ParsedFlags): void {
  for (const [flag, why] of Object.entries(DP_SGD_TARGETS)) {
    if (flags[flag] !== undefined) throw new UsageError(`--${flag} does not apply to --mechanism banded-matrix: ${why}, not for DP-FTRL / BandMF; calibrate a BandMF run with --target-epsilon ε --delta δ`);
  }
  for (const [flag, target] of Object.entries(DP_SGD_TARGET_FLAGS)) {
    if (flags[flag] !== undefined) throw new UsageError(`--${flag} does not apply to --mechanism banded-matrix (it belongs to ${target}, a DP-SGD target); calibrate a BandMF run with --target-epsilon ε --delta δ`);
  }
}

/** The one line for a library refusal of the calibration: out of reach, δ met without noise, or the run's own error. */
function calibrationUsageError(error: unknown, flags: ParsedFlags, setup: BandedSetupChoice, maxWork: number): UsageError | undefined {
  if (!isDpboundsError(error)) return undefined;
  const o = setup.options;
  if (error.parameter === 'steps' && error.message.includes('work budget')) {
    // the library counts the releases of the run's ledger; the user gave --steps
    return workRefusal(o.steps, maxWork, `the σ search composes ${String(error.found)} releases per evaluation of ε(σ)`);
  }
  if (error.parameter === 'targetEpsilon') {
    // the search stops where each release's noise is 1e6 times its sensitivity (or more)
    return new UsageError(
      `--target-epsilon ${String(flags['target-epsilon'])} is out of reach for this run: its ε at --delta ${String(flags.delta)} stays above the target even with σ a million times the sensitivity of the worst record's releases; raise --target-epsilon or --delta`,
    );
  }
  if (error.parameter === 'delta' && typeof error.found === 'number') {
    const q = (o.minSeparation * (o.batchSize ?? 0)) / (o.datasetSize ?? 1);
    const m = Math.ceil(o.steps / o.minSeparation);
    const used = -Math.expm1(m * Math.log1p(-q));
    return new UsageError(
      `--delta ${String(flags.delta)} is at least the chance ${formatNumber(used)} that a record is ever sampled (q = kB/N = ${formatNumber(q)} in each of its ${m} steps), so the target holds without noise and no smallest σ exists; lower --delta, or raise --batch-size or --steps`,
    );
  }
  if (error.parameter === 'noiseMultiplier') {
    return new UsageError(`${strategySourceText(setup.source)}: the strategy's norms leave the noise of the worst record's releases outside what the accountants price; rescale the strategy`);
  }
  return bandedUsageError(error, setup.source, Number.NaN);
}

/**
 * Runs `dpbounds calibrate --mechanism banded-matrix` (the run's flags as `dp --mechanism
 * banded-matrix` reads them, without --noise-multiplier; --target-epsilon, --delta,
 * --accountant pld|rdp|prv|gdp, --neighbouring). Prints calibrate's fields (σ, target, achieved,
 * kind: GDP is an estimate) and dp's BandMF fields at the σ found. For balls-in-bins the σ is
 * the smaller of the ledger's and the amplified guarantee's (`bandedBallsInBinsNoiseMultiplier`),
 * as `dp` reports the smaller ε; `noiseMultiplierWithoutAmplification` gives the ledger's σ when
 * the amplified one is used. Domain: as `dp --mechanism banded-matrix`, target ε > 0,
 * δ ∈ (0, 1) below the chance that a record is ever used.
 *
 * @throws UsageError (exit 2) naming the flag, its range and the value found; the β*, μ-GMIP and TPR targets are refused (DP-SGD analyses).
 * @example await calibrateBandedMatrix({ mechanism: 'banded-matrix', steps: '2000', 'band-values': '1,0.5', participation: 'cyclic', 'min-separation': '100', 'target-epsilon': '2', delta: '1e-5' }, io)
 */
export async function calibrateBandedMatrix(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  refuseDpSgdTargets(flags);
  const setup = await parseBandedSetup(flags, io.cwd);
  const target = requiredNumber(flags, 'target-epsilon', { min: 0, minExclusive: true });
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const accountant = choice(flags, 'accountant', BANDED_ACCOUNTANTS, 'pld');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const o = setup.options;
  const maxWork = maxWorkOf(flags);
  accountantsFor(accountant, neighbouring, isSampled(o));
  const work = { steps: o.steps, bands: o.bands, minSeparation: o.minSeparation, participation: o.participation, byDiagonals: !('columnNorms' in o.strategy) };
  requireBandedWork(work);
  try {
    // the strategy's scale must leave σ/Δ in double precision; Δ does not depend on σ
    const unit = bandedPlan(withNoise(setup, 1).options);
    if (!plannedNoiseIsFinite(unit)) {
      throw new UsageError(
        `${strategySourceText(setup.source)}: the worst record's sensitivity Δ = ${formatNumber(unit.sensitivity)} leaves noise σ/Δ outside double precision (a strategy scaled by more than about 1e150 or less than 1e-150); rescale the strategy`,
      );
    }
  } catch (error) {
    throw calibrationUsageError(error, flags, setup, maxWork) ?? error;
  }
  const slow = accountant !== 'rdp' && (Math.ceil(o.steps / o.minSeparation) >= 10_000 || bandedWork(work).operations >= 1e7);
  const { factory, progress } = countedAccountants(io, accountant, neighbouring, slow);
  let row: ReturnType<typeof calibrateEventEpsilon>;
  let unamplifiedNoise: number | undefined;
  // (the first plan's frozen strategy is passed on, so the library finds the worst record once)
  let strategy = setup.options.strategy;
  const planAt = (sigma: number): BandedPlan => {
    const plan = bandedPlan({ ...withNoise(setup, sigma).options, strategy });
    strategy = plan.event.strategy;
    return plan;
  };
  try {
    // every σ is priced as `dp` prices it: the plan's event (or its one equivalent Gaussian)
    row = calibrateEventEpsilon({ targetEpsilon: target, delta, neighbouring, event: (sigma) => planAt(sigma).priced }, accountant, factory, maxWork);
    // balls-in-bins: the amplified guarantee is a second guarantee; the smaller σ that meets the
    // target with either is the answer (GDP calibrates an estimate, so it keeps its own)
    const amplified = o.participation === 'balls-in-bins' && accountant !== 'gdp' ? bandedBallsInBinsNoiseMultiplier({ targetEpsilon: target, delta, neighbouring, event: (sigma) => planAt(sigma).event, below: row.noiseMultiplier }) : undefined;
    if (amplified !== undefined && amplified.noiseMultiplier < row.noiseMultiplier) {
      unamplifiedNoise = row.noiseMultiplier;
      row = { ...row, noiseMultiplier: amplified.noiseMultiplier, achieved: amplified.guarantee.epsilon, kind: 'guarantee' };
    }
  } catch (error) {
    throw calibrationUsageError(error, flags, setup, maxWork) ?? error;
  } finally {
    progress.finish();
  }
  const run = withNoise(setup, row.noiseMultiplier);
  const plan = planAt(row.noiseMultiplier);
  const amplifiedAt = o.participation === 'balls-in-bins' ? bandedBallsInBinsGuarantee(plan.event, delta, neighbouring) : undefined;
  const fields = runJson(run, plan, amplifiedAt, unamplifiedNoise !== undefined ? true : accountant === 'gdp' ? undefined : false);
  const { evaluations, ...calibration } = row;
  const json = { ...calibration, ...(unamplifiedNoise === undefined ? {} : { noiseMultiplierWithoutAmplification: unamplifiedNoise }), ...fields };
  const estimate = accountant === 'gdp' ? ' (μ-GDP estimate, not a guarantee)' : ' (≤ target)';
  const text = formatKeyValues([
    ['target ε', `${formatNumber(target)} at δ = ${formatNumber(delta)} (${accountant}, ${neighbouring}), BandMF`],
    ['noise multiplier σ', formatNumber(row.noiseMultiplier, 8)],
    ['achieved ε', `${formatNumber(row.achieved, 8)}${estimate}`],
    ...(unamplifiedNoise === undefined ? [] : [['without amplification', `σ = ${formatNumber(unamplifiedNoise, 8)} (the random placement is credited: see the note)`] as [string, string]]),
    ['accountant evaluations', String(evaluations)],
  ]);
  return { json, text: `${text}\n\n${String(fields.summary)}\n${String(fields.amplificationNote)}` };
}
