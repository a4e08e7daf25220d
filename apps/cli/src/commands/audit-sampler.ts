/**
 * `dpbounds audit --sampling <sampler>`: the batch sampler of the audited run, and the audit's
 * empirical ε set against that sampler's ε (`samplerEpsilon`) and the Poisson ε beside it. An
 * audit above the Poisson ε of a run that did not sample Poisson batches is evidence that the
 * Poisson accountant does not cover the run; an audit above a proven bound means the run is not
 * what the flags describe.
 */
import { samplerEpsilon } from '@dpbounds/accountants';
import type { FlagSpec } from '../command.js';
import { requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { samplerEpsilonJson, samplerEpsilonRows, samplerName } from '../report/sampler-words.js';
import type { SamplerEpsilonJson } from '../report/sampler-words.js';
import { UsageError } from '../usage-error.js';
import { parseSampling, SAMPLER_SIZE_FLAGS, SAMPLING_FLAG, samplerRunOf } from './sampling-flags.js';

/** The flags `audit` adds for the audited run's sampler. */
export const auditSamplerFlags: Readonly<Record<string, FlagSpec>> = {
  ...SAMPLING_FLAG,
  ...SAMPLER_SIZE_FLAGS,
  'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier of the audited run (with --sampling)' },
};

/** The audit set against the sampler's ε. */
export interface AuditSamplerComparison {
  readonly json: SamplerEpsilonJson & { readonly auditExceedsPoisson: boolean; readonly auditExceedsGuarantee: boolean; readonly batchSize: number; readonly datasetSize: number; readonly noiseMultiplier: number; readonly steps: number };
  readonly text: string;
}

/** Reads the run flags when `--sampling` is given (`undefined` otherwise), before any audit work. */
export function readAuditSampler(flags: ParsedFlags, delta: number): ((empiricalEpsilon: number) => AuditSamplerComparison) | undefined {
  if (flags.sampling === undefined) {
    for (const flag of ['batch-size', 'dataset-size', 'max-batch-size', 'batches-per-epoch', 'drop-last', 'noise-multiplier']) {
      if (flags[flag] !== undefined) throw new UsageError(`--${flag} describes the audited run: it needs --sampling`);
    }
    return undefined;
  }
  const sampling = parseSampling(flags, { rateRequired: false });
  if (sampling?.batchSize === undefined) throw new UsageError(`--sampling ${String(flags.sampling)} needs --batch-size and --dataset-size of the audited run`);
  const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  if (!(delta > 0)) throw new UsageError('--delta must be > 0 with --sampling (the sampler ε is compared at the audit δ)');
  const run = samplerRunOf(sampling, noiseMultiplier, steps, 'add-remove');
  return (empiricalEpsilon) => {
    const s = samplerEpsilon(run, delta);
    const guarantee = s.epsilon.kind === 'guarantee' ? s.epsilon.value : s.upper?.value;
    const auditExceedsPoisson = empiricalEpsilon > s.poisson.value;
    const auditExceedsGuarantee = guarantee !== undefined && empiricalEpsilon > guarantee;
    const name = samplerName(s.sampler);
    const verdict = auditExceedsGuarantee
      ? `the audit's ε ≥ ${formatNumber(empiricalEpsilon, 4)} exceeds the proven ε ≤ ${formatNumber(guarantee as number, 4)} for ${name}: the run is not what these flags describe (clipping, noise or sampling differs)`
      : auditExceedsPoisson && !s.poissonValidForRun
        ? `the audit's ε ≥ ${formatNumber(empiricalEpsilon, 4)} exceeds the Poisson accountant's ε = ${formatNumber(s.poisson.value, 4)}: measured evidence that the Poisson ε does not cover this run`
        : `the audit's ε ≥ ${formatNumber(empiricalEpsilon, 4)} is consistent with the ε of ${name}`;
    const rows = samplerEpsilonRows(s).map(([k, v]) => `${k}: ${v}`);
    return {
      json: { ...samplerEpsilonJson(s), batchSize: run.batchSize, datasetSize: run.datasetSize, noiseMultiplier, steps, auditExceedsPoisson, auditExceedsGuarantee },
      text: [`audited run (--sampling ${s.sampler}):`, ...rows.map((r) => `  ${r}`), verdict].join('\n'),
    };
  };
}
