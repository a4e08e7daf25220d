/**
 * The threat-specific targets of `dpbounds calibrate` (docs/cli.md): `--target-bayes-security β`
 * (membership inference, closed form, Cherubin et al. 2024 Eq. 4) and `--target-gmip-mu μ`
 * (Leemann et al. 2023, §6). `calibrate.ts` dispatches here; `achieved` never exceeds the
 * target's privacy loss (β achieved ≥ target; μ achieved ≤ target).
 */
import { bayesSecurityMia, calibrateGmipNoise, noiseMultiplierForBayesSecurity } from '@dpbounds/accountants';
import type { CommandResult, FlagSpec } from '../command.js';
import { choice, optionalNumber, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';
import { gmipRunFlags, gmipRunFromFlags } from './gmip.js';

/** Flags these targets add to `dpbounds calibrate` (merge into its flag list). */
export const threatTargetFlags: Readonly<Record<string, FlagSpec>> = {
  'target-bayes-security': { type: 'string', valueName: 'β', description: 'target Bayes security against membership inference, in (0, 1] (with --sampling-rate, --steps)' },
  'target-gmip-mu': { type: 'string', valueName: 'μ', description: 'target μ-GMIP > 0 (with --batch-size, --dataset-size, --steps, --params, --clip)' },
  'gmip-rule': { type: 'string', valueName: 'rule', description: "with --target-gmip-mu: 'consistent' (default: the noise at which dpbounds gmip reports μ ≤ target) or 'paper-table-5' (the paper's rule, tightened by the CLT GDP μ: an estimate)" },
  ...gmipRunFlags,
};

/**
 * `dpbounds calibrate --target-bayes-security β --sampling-rate p --steps T
 * [--neighbouring substitution|add-remove]`: the smallest σ with β*_MIA ≥ β. The neighbouring
 * relation defaults to substitution here (the paper's game, and the larger noise).
 *
 * @example calibrateTargetBayesSecurity({ 'target-bayes-security': '0.9', 'sampling-rate': '0.00983', steps: '2020' })
 */
export function calibrateTargetBayesSecurity(flags: ParsedFlags): CommandResult {
  const target = requiredNumber(flags, 'target-bayes-security', { min: 0, minExclusive: true, max: 1 });
  const samplingRate = requiredNumber(flags, 'sampling-rate', { min: 0, max: 1 });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const neighbouring = choice(flags, 'neighbouring', ['substitution', 'add-remove'] as const, 'substitution');
  const relation = neighbouring === 'substitution' ? 'substitution' : 'addRemove';
  let sigma = noiseMultiplierForBayesSecurity({ targetBayesSecurity: target, samplingRate, steps, relation });
  if (sigma === Infinity) throw new UsageError(`--target-bayes-security 1 needs --sampling-rate 0 (no finite noise gives β* = 1 when p > 0); found p = ${samplingRate}`);
  const at = (s: number) => bayesSecurityMia({ samplingRate, noiseMultiplier: s > 0 ? s : Number.MIN_VALUE, steps, relation });
  let bound = at(sigma);
  for (let i = 0; i < 40 && bound.bayesSecurity < target; i++) {
    sigma *= 1 + 1e-15 * 2 ** i;
    bound = at(sigma);
  }
  const json = {
    noiseMultiplier: sigma,
    target,
    achieved: bound.bayesSecurity,
    targetKind: 'bayesSecurity',
    neighbouring,
    approximationError: bound.approximationError,
    certifiedLowerBound: bound.certifiedLowerBound,
  };
  const text = formatKeyValues([
    ['target Bayes security (membership)', `${formatNumber(target)} (${neighbouring})`],
    ['noise multiplier σ', formatNumber(sigma, 8)],
    ['achieved β* (estimate)', formatNumber(bound.bayesSecurity, 8)],
    ['approximation error', formatNumber(bound.approximationError)],
    ['certified lower bound', formatNumber(bound.certifiedLowerBound)],
  ]);
  return { json, text };
}

/**
 * `dpbounds calibrate --target-gmip-mu μ` with the gmip run flags: by default the noise at which
 * `dpbounds gmip` reports μ ≤ target (`--gmip-rule paper-table-5`: the paper's Table 5 rule,
 * smaller of the GMIP and CLT GDP noise), as a DP-SGD noise multiplier σ = τ·n/C.
 * `--sampling-rate q` may replace `--dataset-size` (N = round(n/q)).
 *
 * @example calibrateTargetGmipMu({ 'target-gmip-mu': '0.4', 'batch-size': '400', 'dataset-size': '48000', steps: '1200', params: '650', clip: '500' })
 */
export function calibrateTargetGmipMu(flags: ParsedFlags): CommandResult {
  const target = requiredNumber(flags, 'target-gmip-mu', { min: 0, minExclusive: true });
  const q = optionalNumber(flags, 'sampling-rate', { min: 0, max: 1, minExclusive: true });
  let withSize = flags;
  if (flags['dataset-size'] === undefined && q !== undefined) {
    const n = requiredNumber(flags, 'batch-size', { min: 1, integer: true });
    const size = Math.max(n, Math.round(n / q));
    if (!Number.isFinite(size)) throw new UsageError(`--sampling-rate ${String(flags['sampling-rate'])} with --batch-size ${n}: the dataset size n/q = ${size} is not finite in float64; give --dataset-size or a larger --sampling-rate`);
    withSize = { ...flags, 'dataset-size': String(size) };
  }
  const config = gmipRunFromFlags(withSize);
  if (q !== undefined && Math.abs(q - config.batchSize / config.datasetSize) > 1e-9) {
    throw new UsageError(`--sampling-rate ${q} disagrees with --batch-size/--dataset-size = ${config.batchSize / config.datasetSize}`);
  }
  const rule = choice(flags, 'gmip-rule', ['consistent', 'paper-table-5'] as const, 'consistent');
  const calibration = calibrateGmipNoise(target, { ...config, noiseStd: 0 }, { rule });
  if (calibration.tauMIP === Infinity) {
    throw new UsageError(`--target-gmip-mu ${target} is below the noise-free level and --clip inf gives noise no credit; give a finite --clip`);
  }
  // (τ/C)·n rather than τn/C: no overflow for τ and C near the top of the double range
  const noiseMultiplier = calibration.tauMIP === 0 ? 0 : (calibration.tauMIP / config.clip) * config.batchSize;
  if (!Number.isFinite(noiseMultiplier) || !Number.isFinite(calibration.tauMIP)) {
    throw new UsageError(`--clip ${String(flags['clip'])}: the noise for --target-gmip-mu ${target} (σ = ${noiseMultiplier}, τ = σC/n = ${calibration.tauMIP}) is not finite in float64; give a smaller --clip`);
  }
  const json = {
    noiseMultiplier,
    target,
    achieved: calibration.achievedMu,
    achievedKind: calibration.achievedKind,
    gmipRule: calibration.rule,
    targetKind: 'gmipMu',
    noiseStd: calibration.tauMIP,
    noiseStdDp: Number.isFinite(calibration.tauDP) ? calibration.tauDP : null,
    noiseStdMipRaw: Number.isFinite(calibration.tauMIPRaw) ? calibration.tauMIPRaw : null,
  };
  const text = formatKeyValues([
    ['target μ-GMIP', formatNumber(target)],
    ['noise multiplier σ', formatNumber(noiseMultiplier, 8)],
    ['noise std on the mean τ', formatNumber(calibration.tauMIP, 8)],
    ['τ for μ-GDP (DP noise)', formatNumber(calibration.tauDP)],
    ['τ solving the GMIP formula', formatNumber(calibration.tauMIPRaw)],
    ['achieved μ-GMIP', formatNumber(calibration.achievedMu, 8)],
  ]);
  return { json, text };
}
