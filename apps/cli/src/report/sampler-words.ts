/**
 * A batch sampler's ε (`samplerEpsilon` of @dpbounds/accountants) as the CLI prints it: one JSON
 * object that keeps every number with its kind, and rows in practitioner words that never pass a
 * lower bound or an estimate off as a guarantee.
 */
import type { SamplerEpsilon, SamplerEpsilonValue } from '@dpbounds/accountants';
import { formatNumber } from '../format.js';

/** One ε with its kind and method, as JSON. */
export interface SamplerValueJson {
  readonly epsilon: number;
  readonly kind: string;
  readonly neighbouring: string;
  /** `zero-out` when the value holds for add-remove read as zero-out (shuffling), absent otherwise. */
  readonly readAs?: string;
  readonly method: string;
}

/** The JSON fields of a sampler's ε (docs/cli.md, `dp --sampling`). */
export interface SamplerEpsilonJson {
  readonly sampling: string;
  readonly neighbouring: string;
  readonly delta: number;
  /** The sampler's own ε; `kind` says whether it is a guarantee, an estimate or a lower bound. */
  readonly epsilon: number;
  readonly kind: string;
  /** `zero-out` when the sampler's ε holds for add-remove read as zero-out (shuffling), absent otherwise. */
  readonly readAs?: string;
  readonly method: string;
  /** Shuffle and balls-in-bins: the batches per epoch K priced, the epochs ⌈T/K⌉ the guarantee counts and the full epochs ⌊T/K⌋ the lower bound uses. */
  readonly batchesPerEpoch?: number;
  readonly epochs?: number;
  readonly fullEpochs?: number;
  /** A proven upper bound when one is known. */
  readonly upper?: SamplerValueJson;
  /** A proven lower bound when one is known. */
  readonly lower?: SamplerValueJson;
  /** An approximation beside the guarantee when one is known and below it (balls-in-bins: the Poisson ε at rate 1/K). */
  readonly estimate?: SamplerValueJson;
  /** The Poisson ε at rate b/N, same σ and T. */
  readonly poisson: SamplerValueJson;
  /** True only when the Poisson ε is a valid guarantee for the run (Poisson batches). */
  readonly poissonValidForRun: boolean;
  readonly note: string;
}

function valueJson(v: SamplerEpsilonValue, neighbouring: string): SamplerValueJson {
  return { epsilon: v.value, kind: v.kind, neighbouring, ...(v.readAs === undefined ? {} : { readAs: v.readAs }), method: v.method };
}

/**
 * The JSON of a sampler's ε.
 *
 * @example samplerEpsilonJson(samplerEpsilon(run, 1e-5)).poissonValidForRun
 */
export function samplerEpsilonJson(s: SamplerEpsilon): SamplerEpsilonJson {
  return {
    sampling: s.sampler,
    neighbouring: s.neighbouring,
    delta: s.delta,
    epsilon: s.epsilon.value,
    kind: s.epsilon.kind,
    ...(s.epsilon.readAs === undefined ? {} : { readAs: s.epsilon.readAs }),
    method: s.epsilon.method,
    ...(s.batchesPerEpoch === undefined ? {} : { batchesPerEpoch: s.batchesPerEpoch }),
    ...(s.epochs === undefined ? {} : { epochs: s.epochs }),
    ...(s.fullEpochs === undefined ? {} : { fullEpochs: s.fullEpochs }),
    ...(s.upper === undefined ? {} : { upper: valueJson(s.upper, s.neighbouring) }),
    ...(s.lower === undefined ? {} : { lower: valueJson(s.lower, s.neighbouring) }),
    ...(s.estimate === undefined ? {} : { estimate: valueJson(s.estimate, s.neighbouring) }),
    poisson: valueJson(s.poisson, s.neighbouring),
    poissonValidForRun: s.poissonValidForRun,
    note: s.note,
  };
}

/** How an ε of a given kind is said: "ε ≤ x", "ε ≈ x", "ε ≥ x". */
export function epsilonWords(v: { readonly value: number; readonly kind: string }): string {
  const x = formatNumber(v.value, 4);
  switch (v.kind) {
    case 'guarantee':
      return `ε ≤ ${x} (guarantee)`;
    case 'lower-bound':
      return `ε ≥ ${x} (lower bound: the true ε is at least this)`;
    case 'estimate':
      return `ε ≈ ${x} (estimate, not a bound)`;
    default:
      return `ε = ${x} (${v.kind})`;
  }
}

/** The names practitioners use for each sampler. */
const SAMPLER_NAMES: Readonly<Record<string, string>> = {
  poisson: 'Poisson sampling',
  'fixed-size': 'fixed-size batches',
  shuffle: 'shuffling',
  'balls-in-bins': 'balls-in-bins batches',
  'truncated-poisson': 'truncated Poisson batches',
  'banded-matrix': 'the banded matrix mechanism (DP-FTRL / BandMF)',
};

/** A sampler's name in words ("shuffling"). */
export function samplerName(sampler: string): string {
  return SAMPLER_NAMES[sampler] ?? sampler;
}

/**
 * Label/value rows for a text table: the sampler's ε, its bounds and the Poisson ε with whether
 * it covers the run.
 *
 * @example samplerEpsilonRows(samplerEpsilon(run, 1e-5))[0] // ['ε of shuffling', 'ε ≥ 4.1 (lower bound: …)']
 */
export function samplerEpsilonRows(s: SamplerEpsilon): [string, string][] {
  const name = samplerName(s.sampler);
  const rows: [string, string][] = [[`ε of ${name}`, epsilonWords(s.epsilon)]];
  if (s.upper !== undefined && s.upper.value !== s.epsilon.value) rows.push(['proven upper bound', epsilonWords(s.upper)]);
  if (s.upper === undefined && s.epsilon.kind !== 'guarantee') rows.push(['proven upper bound', 'none known for this sampler']);
  if (s.lower !== undefined && s.lower.value !== s.epsilon.value) rows.push(['proven lower bound', epsilonWords(s.lower)]);
  if (s.estimate !== undefined) rows.push([`estimate`, `${epsilonWords(s.estimate)}: ${s.sampler === 'balls-in-bins' ? `Poisson at rate 1/${s.batchesPerEpoch ?? 'K'}` : s.estimate.method}`]);
  if (s.batchesPerEpoch !== undefined && s.epochs !== undefined) rows.push(['epochs', `${s.epochs} of ${s.batchesPerEpoch} batches (the guarantee counts a partial last epoch whole; ${s.fullEpochs ?? 0} full)`]);
  if (s.epsilon.readAs !== undefined) rows.push(['neighbouring', `${s.neighbouring}, read as ${s.epsilon.readAs} (the record replaced by one with zero gradient)`]);
  rows.push([
    'Poisson accountant',
    `ε = ${formatNumber(s.poisson.value, 4)} at q = b/N: ${s.poissonValidForRun ? 'valid for this run' : 'does NOT apply to this run'}`,
  ]);
  return rows;
}

