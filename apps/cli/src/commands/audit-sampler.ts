/**
 * `dpbounds audit --sampling <sampler>`: the batch sampler of the audited run, and the audit's
 * empirical ε held against that sampler's proven ε (`samplerEpsilon`, compared by
 * `compareAuditWithSampler`) with the Poisson ε beside it. An
 * audit above the Poisson ε of a run that did not sample Poisson batches is evidence that the
 * Poisson accountant does not cover the run; an audit above a proven bound means the run is not
 * what the flags describe.
 */
import type { FlagSpec } from '../command.js';
import { requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { compareAuditWithSampler } from '../report/audit-sampler-comparison.js';
import type { AuditSamplerComparison } from '../report/audit-sampler-comparison.js';
import { samplerEpsilonJson, samplerEpsilonRows, samplerName } from '../report/sampler-words.js';
import type { SamplerEpsilonJson } from '../report/sampler-words.js';
import { UsageError } from '../usage-error.js';
import { samplerEpsilonOf } from './sampler-epsilon-of.js';
import { parseSampling, SAMPLER_SIZE_FLAGS, SAMPLING_FLAG } from './sampling-flags.js';

/** The flags `audit` adds for the audited run's sampler. */
export const auditSamplerFlags: Readonly<Record<string, FlagSpec>> = {
  ...SAMPLING_FLAG,
  ...SAMPLER_SIZE_FLAGS,
  'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier of the audited run, as claimed to the accountant (with --sampling or --released)' },
};

/** The audit set against the sampler's ε. */
export interface AuditSamplerResult {
  readonly json: SamplerEpsilonJson &
    Pick<AuditSamplerComparison, 'guarantee' | 'auditExceedsPoisson' | 'auditExceedsGuarantee' | 'verdict'> & {
      readonly batchSize: number;
      readonly datasetSize: number;
      readonly noiseMultiplier: number;
      readonly steps: number;
      /** What the comparison assumes of the canaries. */
      readonly canaries: string;
    };
  readonly text: string;
}

/** What the comparison assumes of the audit's canaries. */
const CANARIES = "the audit's canaries joined batches as records of this sampler do (dpbounds train's Dirac and input canaries do)";

/** Reads the run flags when `--sampling` is given (`undefined` otherwise), before any audit work. */
export function readAuditSampler(flags: ParsedFlags, delta: number): ((empiricalEpsilon: number) => AuditSamplerResult) | undefined {
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
  // a Poisson loop's rate as given (--sampling-rate, e.g. Opacus' sample_rate) is priced, not b/N:
  // the sizes are context (parseSampling decides what it accepts; samplerEpsilonOf prices it)
  const s = samplerEpsilonOf(sampling, { noiseMultiplier, steps, delta, neighbouring: 'add-remove' });
  const run = { batchSize: sampling.batchSize, datasetSize: sampling.datasetSize as number };
  return (empiricalEpsilon) => {
    const sampler = samplerEpsilonJson(s);
    const c = compareAuditWithSampler(empiricalEpsilon, sampler);
    const rows = samplerEpsilonRows(s).map(([k, v]) => `${k}: ${v}`);
    const against = c.guarantee === null ? 'no proven upper bound known' : `ε ≤ ${formatNumber(c.guarantee.epsilon, 4)} (guarantee)`;
    return {
      json: {
        ...sampler,
        batchSize: run.batchSize,
        datasetSize: run.datasetSize,
        noiseMultiplier,
        steps,
        guarantee: c.guarantee,
        auditExceedsPoisson: c.auditExceedsPoisson,
        auditExceedsGuarantee: c.auditExceedsGuarantee,
        verdict: c.verdict,
        canaries: CANARIES,
      },
      text: [
        `audited run (--sampling ${s.sampler}):`,
        ...rows.map((r) => `  ${r}`),
        `the audit (a lower bound) is held against the ${samplerName(s.sampler)} ε: ${against}; it assumes ${CANARIES}`,
        c.verdict,
      ].join('\n'),
    };
  };
}
