/**
 * The flags of `dpbounds dp --mechanism banded-matrix` (DP-FTRL / BandMF, docs/cli.md) and
 * their reading into the options of the library's `bandedMatrixEvent`: the strategy (Toeplitz
 * values or a file), the participation scheme with its separation k, and the sizes a scheme
 * needs. Every refusal is one line naming the flag, the allowed range and the value found;
 * flags that do not apply to the chosen scheme are refused, never ignored.
 */
import { BANDED_PARTICIPATIONS } from '@dpbounds/accountants';
import type { BandedMatrixOptions, BandedParticipation, BandedStrategy } from '@dpbounds/accountants';
import type { FlagSpec } from '../command.js';
import { choice, exactlyOne, numberList, optionalNumber, optionalString, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { UsageError } from '../usage-error.js';

/** What `dp` prices and `calibrate` calibrates: DP-SGD (the default) or a banded matrix mechanism (DP-FTRL / BandMF). */
export const DP_MECHANISMS = ['dp-sgd', 'banded-matrix'] as const;

/** Where the strategy came from: `--band-values` (Toeplitz) or a `--strategy` file (by diagonals or by column norms). */
export type StrategySource =
  | { readonly flag: 'band-values'; readonly values: readonly number[]; /** The flag's value as written. */ readonly text: string }
  | { readonly flag: 'strategy'; readonly path: string; readonly form: 'bands' | 'column-norms' };

/** A banded matrix run without its noise multiplier, as `calibrate --mechanism banded-matrix` reads it (σ is what it finds). */
export interface BandedSetupChoice {
  /** The options of `bandedMatrixEvent` but σ (not yet validated by the library). */
  readonly options: Omit<BandedMatrixOptions, 'noiseMultiplier'> & { readonly minSeparation: number };
  readonly source: StrategySource;
  /** True when k was derived as ⌈N/B⌉ from --dataset-size and --batch-size. */
  readonly minSeparationFromSizes: boolean;
}

/** A banded matrix run as read from the command line. */
export interface BandedRunChoice extends BandedSetupChoice {
  /** The options of `bandedMatrixEvent` (not yet validated by the library). */
  readonly options: BandedMatrixOptions & { readonly minSeparation: number };
}

/** The flags only `--mechanism banded-matrix` reads (the run's --steps, --noise-multiplier, --delta, --dataset-size, --batch-size are `dp`'s). */
export const BANDED_MATRIX_FLAGS: Readonly<Record<string, FlagSpec>> = {
  participation: {
    type: 'string',
    valueName: 'cyclic|balls-in-bins|poisson-in-group',
    description: 'banded-matrix: how records join steps: cyclic (fixed order, every k-th step), balls-in-bins (one step per epoch of k steps, drawn afresh each epoch; the random placement credited where it lowers ε), poisson-in-group (k groups, step i Poisson-samples group i mod k at rate kB/N)',
  },
  bands: { type: 'string', valueName: 'b', description: 'banded-matrix: number of bands b of the strategy C, integer in [1, --steps] (default: the number of --band-values or of the file\'s diagonals)' },
  'band-values': { type: 'string', valueName: 'list', description: 'banded-matrix: a Toeplitz strategy, one value per diagonal v0,v1,… (C[i + j, i] = vj; v0 > 0, the others any finite number)' },
  strategy: { type: 'string', valueName: 'FILE', description: 'banded-matrix: the strategy from a file: .json { "bands": [[…], …] } (diagonals, each n − j entries or one Toeplitz value) or { "columnNorms": […] }, or .csv/.txt with one column norm per line (column norms need --bands)' },
  'min-separation': {
    type: 'string',
    valueName: 'k',
    description: 'banded-matrix: cyclic period, balls-in-bins epoch length or poisson-in-group number of groups, integer ≥ 1 (cyclic) or ≥ --bands (default: ⌈N/B⌉ for cyclic and balls-in-bins, --bands for poisson-in-group)',
  },
};

/** Flags of `dp` for DP-SGD that mean nothing for a banded matrix mechanism, with why. */
const DP_SGD_ONLY: Readonly<Record<string, string>> = {
  sampling: 'records join steps by --participation',
  'sampling-rate': 'records join steps by --participation; poisson-in-group samples at rate --min-separation × --batch-size / --dataset-size',
  'max-batch-size': 'it caps truncated-poisson batches of DP-SGD',
  'batches-per-epoch': 'the epoch of balls-in-bins is --min-separation steps',
  'drop-last': 'the epoch of balls-in-bins is --min-separation steps',
  epsilon: 'this mechanism reports ε at --delta',
  fpr: 'the trade-off curve is read for DP-SGD only',
};

/**
 * Refuses the banded-matrix flags on a `dp` run of DP-SGD (`--mechanism dp-sgd`, the default),
 * so a forgotten `--mechanism banded-matrix` is an error, not a DP-SGD ε.
 *
 * @example refuseBandedFlags({ bands: '2' }) // throws: --bands is for --mechanism banded-matrix
 */
export function refuseBandedFlags(flags: ParsedFlags): void {
  for (const flag of Object.keys(BANDED_MATRIX_FLAGS)) {
    if (flags[flag] !== undefined) throw new UsageError(`--${flag} is for --mechanism banded-matrix (DP-FTRL / BandMF); found it without --mechanism banded-matrix (DP-SGD)`);
  }
}

function refuseDpSgdFlags(flags: ParsedFlags): void {
  for (const [flag, why] of Object.entries(DP_SGD_ONLY)) {
    if (flags[flag] !== undefined) throw new UsageError(`--${flag} does not apply to --mechanism banded-matrix (${why})`);
  }
}

/** The strategy and its number of bands, from --band-values or --strategy (with --bands where given). */
async function readStrategy(flags: ParsedFlags, steps: number, cwd: string): Promise<{ strategy: BandedStrategy; bands: number; source: StrategySource }> {
  const which = exactlyOne(flags, ['band-values', 'strategy']);
  const given = optionalNumber(flags, 'bands', { min: 1, max: steps, integer: true, maxFrom: 'steps' });
  if (which === 'band-values') {
    const values = numberList(flags, 'band-values', {}, []);
    const v0 = values[0] as number;
    if (!(v0 > 0)) throw new UsageError(`--band-values must start with the main-diagonal value v0 > 0; found v0 = ${v0}`);
    if (given !== undefined && given !== values.length) throw new UsageError(`--band-values must have --bands = ${given} values (one per diagonal); found ${values.length}`);
    if (values.length > steps) throw new UsageError(`--band-values must have at most --steps = ${steps} values (a b-banded strategy has b ≤ n diagonals); found ${values.length}`);
    return { strategy: { bands: values.map((v) => [v]) }, bands: values.length, source: { flag: 'band-values', values, text: String(flags['band-values']) } };
  }
  const path = optionalString(flags, 'strategy') ?? '';
  if (path === '') throw new UsageError('--strategy needs a file name');
  // imported only here: the file readers bring the streaming I/O package, which `dp` otherwise never loads
  const { readStrategyFile } = await import('./banded-strategy-file.js');
  const strategy = await readStrategyFile(path, cwd);
  if ('columnNorms' in strategy) {
    if (given === undefined) throw new UsageError(`--strategy ${path} gives column norms only: give --bands b (columns i, j overlap when |i − j| < b), an integer in [1, --steps = ${steps}]`);
    return { strategy, bands: given, source: { flag: 'strategy', path, form: 'column-norms' } };
  }
  const count = strategy.bands.length;
  if (given !== undefined && given !== count) throw new UsageError(`--strategy ${path} has ${count} diagonals, but --bands is ${given}; give --bands ${count} or leave it out`);
  if (count > steps) throw new UsageError(`--strategy ${path} has ${count} diagonals: a b-banded strategy needs b ≤ --steps = ${steps}`);
  return { strategy, bands: count, source: { flag: 'strategy', path, form: 'bands' } };
}

/** k for cyclic and balls-in-bins: --min-separation, or ⌈N/B⌉ from --dataset-size and --batch-size (one of the two). */
function cyclicSeparation(participation: BandedParticipation, bands: number, flags: ParsedFlags, sizes: { datasetSize?: number; batchSize?: number }): { k: number; fromSizes: boolean } {
  const hasSizes = sizes.datasetSize !== undefined || sizes.batchSize !== undefined;
  const least = participation === 'cyclic' ? 1 : bands;
  const k = optionalNumber(flags, 'min-separation', { min: least, integer: true, ...(least > 1 ? { minFrom: 'bands' } : {}) });
  if (k !== undefined && hasSizes) {
    throw new UsageError(`give --min-separation or --dataset-size with --batch-size (k = ⌈N/B⌉) for --participation ${participation}, not both (found --min-separation ${k} and --${sizes.datasetSize !== undefined ? 'dataset-size' : 'batch-size'})`);
  }
  if (k !== undefined) return { k, fromSizes: false };
  if (sizes.datasetSize === undefined || sizes.batchSize === undefined) {
    const what = participation === 'cyclic' ? 'the period k (a record joins every k-th step)' : 'the epoch length k in steps (a record joins one step of each epoch)';
    if (!hasSizes) throw new UsageError(`--participation ${participation} needs --min-separation k, ${what}, or --dataset-size N with --batch-size B (k = ⌈N/B⌉)`);
    throw new UsageError(sizes.batchSize === undefined ? '--dataset-size needs --batch-size (k = ⌈--dataset-size / --batch-size⌉)' : '--batch-size needs --dataset-size (k = ⌈--dataset-size / --batch-size⌉)');
  }
  const derived = Math.ceil(sizes.datasetSize / sizes.batchSize);
  if (derived < least) {
    throw new UsageError(`--participation balls-in-bins needs epochs of at least --bands = ${bands} steps; ⌈--dataset-size / --batch-size⌉ = ⌈${sizes.datasetSize}/${sizes.batchSize}⌉ = ${derived} (give --min-separation k ≥ ${bands})`);
  }
  return { k: derived, fromSizes: true };
}

/** k for poisson-in-group (default b), with the N and B it needs and kB ≤ N. */
function groupSeparation(bands: number, flags: ParsedFlags, sizes: { datasetSize?: number; batchSize?: number }): number {
  const k = optionalNumber(flags, 'min-separation', { min: bands, integer: true, minFrom: 'bands' }) ?? bands;
  if (sizes.datasetSize === undefined || sizes.batchSize === undefined) {
    throw new UsageError(`--participation poisson-in-group needs --dataset-size N and --batch-size B (each of the k groups is Poisson-sampled at rate kB/N); missing --${sizes.datasetSize === undefined ? 'dataset-size' : 'batch-size'}`);
  }
  if (k * sizes.batchSize > sizes.datasetSize) {
    const most = Math.floor(sizes.datasetSize / k);
    throw new UsageError(`--batch-size must be at most --dataset-size / --min-separation = ${sizes.datasetSize}/${k} (${most}: a group of N/k records cannot fill a larger expected batch); found ${sizes.batchSize}`);
  }
  return k;
}

/** Reads the run's flags; σ from --noise-multiplier when `readNoise` (dp), none for calibrate. */
async function readBanded(flags: ParsedFlags, cwd: string, readNoise: boolean): Promise<{ setup: BandedSetupChoice; noiseMultiplier: number | undefined }> {
  refuseDpSgdFlags(flags);
  const participation = choice(flags, 'participation', BANDED_PARTICIPATIONS);
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const noiseMultiplier = readNoise ? requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true }) : undefined;
  const datasetSize = optionalNumber(flags, 'dataset-size', { min: 1, integer: true });
  const batchSize = optionalNumber(flags, 'batch-size', { min: 1, integer: true });
  if (datasetSize !== undefined && batchSize !== undefined && batchSize > datasetSize) throw new UsageError(`--batch-size must be at most --dataset-size (${datasetSize}); found ${batchSize}`);
  const sizes = { ...(datasetSize === undefined ? {} : { datasetSize }), ...(batchSize === undefined ? {} : { batchSize }) };
  const { strategy, bands, source } = await readStrategy(flags, steps, cwd);
  if (participation === 'poisson-in-group') {
    const k = groupSeparation(bands, flags, sizes);
    return { setup: { options: { strategy, bands, steps, participation, minSeparation: k, ...sizes }, source, minSeparationFromSizes: false }, noiseMultiplier };
  }
  const { k, fromSizes } = cyclicSeparation(participation, bands, flags, sizes);
  return { setup: { options: { strategy, bands, steps, participation, minSeparation: k }, source, minSeparationFromSizes: fromSizes }, noiseMultiplier };
}

/**
 * The run `setup` at noise multiplier σ (the options `bandedMatrixEvent` takes).
 *
 * @example withNoise(await parseBandedSetup(flags, '.'), 3).options.noiseMultiplier // 3
 */
export function withNoise(setup: BandedSetupChoice, noiseMultiplier: number): BandedRunChoice {
  return { ...setup, options: { ...setup.options, noiseMultiplier } };
}

/**
 * Reads a banded matrix run from `dp`'s flags (the strategy file resolved against `cwd`).
 * Domain: --steps n ≥ 1, --noise-multiplier σ > 0, 1 ≤ b ≤ n, k ≥ 1 (cyclic) or ≥ b,
 * --batch-size ≤ --dataset-size, poisson-in-group with kB ≤ N.
 *
 * @throws UsageError naming the flag, its range and the value found.
 * @example await parseBandedRun({ steps: '2000', 'noise-multiplier': '3', 'band-values': '1,0.5', participation: 'cyclic', 'min-separation': '100' }, '.')
 */
export async function parseBandedRun(flags: ParsedFlags, cwd: string): Promise<BandedRunChoice> {
  const { setup, noiseMultiplier } = await readBanded(flags, cwd, true);
  return withNoise(setup, noiseMultiplier as number);
}

/**
 * Reads a banded matrix run but its noise from `calibrate`'s flags (the same flags as `dp
 * --mechanism banded-matrix` without --noise-multiplier, which calibration finds). Domain as
 * {@link parseBandedRun}.
 *
 * @throws UsageError naming the flag, its range and the value found.
 * @example await parseBandedSetup({ steps: '2000', 'band-values': '1,0.5', participation: 'cyclic', 'min-separation': '100' }, '.')
 */
export async function parseBandedSetup(flags: ParsedFlags, cwd: string): Promise<BandedSetupChoice> {
  return (await readBanded(flags, cwd, false)).setup;
}
