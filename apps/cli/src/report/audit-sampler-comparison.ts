/**
 * A one-run audit set against the ε of the batch sampler the audited run drew: the audit's lower
 * bound is held against the sampler's proven upper bound (its ε when that is a guarantee, else
 * its `upper`) and shown beside the Poisson ε at q = b/N, which bounds the run only when it drew
 * Poisson batches. Shared by the demo report's audits and `dpbounds audit --sampling`. The
 * canaries must have joined batches as the sampler's records do, as `dpbounds train`'s Dirac and
 * input canaries do (docs/math/audit-one-run.md §"Canaries that follow the batch sampler").
 */
import { formatNumber } from '../format.js';
import type { SamplerEpsilonJson } from './sampler-words.js';
import { samplerName } from './sampler-words.js';

/** The audit's ε against the sampler's ε, as JSON. */
export interface AuditSamplerComparison {
  /** The sampler of the audited run, which the canaries followed. */
  readonly sampling: string;
  readonly neighbouring: string;
  readonly delta: number;
  /** The proven upper bound on the run's ε the audit is held against; null when none is known. */
  readonly guarantee: { readonly epsilon: number; readonly kind: 'guarantee'; readonly neighbouring: string; readonly method: string } | null;
  /** The Poisson ε at q = b/N, and whether it is a guarantee for this run. */
  readonly poisson: { readonly epsilon: number; readonly kind: string; readonly neighbouring: string; readonly validForRun: boolean };
  /** The audit proves more loss than the sampler's guarantee allows: the run is not what its parameters say. */
  readonly auditExceedsGuarantee: boolean;
  /** The audit proves more loss than the Poisson ε: for a non-Poisson run, measured evidence that the Poisson ε does not cover it. */
  readonly auditExceedsPoisson: boolean;
  /** One sentence for a report. */
  readonly verdict: string;
}

/**
 * The comparison of an audit's empirical ε (a lower bound at δ) with the sampler's ε at the same δ.
 *
 * @example compareAuditWithSampler(0.4, samplerEpsilonJson(samplerEpsilon(run, 1e-5))).auditExceedsGuarantee // false
 */
export function compareAuditWithSampler(empiricalEpsilon: number, s: SamplerEpsilonJson): AuditSamplerComparison {
  const guarantee = s.kind === 'guarantee' ? { epsilon: s.epsilon, method: s.method } : s.upper !== undefined ? { epsilon: s.upper.epsilon, method: s.upper.method } : undefined;
  const auditExceedsGuarantee = guarantee !== undefined && empiricalEpsilon > guarantee.epsilon;
  const auditExceedsPoisson = empiricalEpsilon > s.poisson.epsilon;
  const name = samplerName(s.sampling);
  const audit = `the audit's ε ≥ ${formatNumber(empiricalEpsilon, 4)}`;
  const verdict = auditExceedsGuarantee
    ? `${audit} exceeds the proven ε ≤ ${formatNumber(guarantee.epsilon, 4)} for ${name}: the run is not what its parameters describe (clipping, noise or sampling differs)`
    : auditExceedsPoisson && !s.poissonValidForRun
      ? `${audit} exceeds the Poisson accountant's ε = ${formatNumber(s.poisson.epsilon, 4)}: measured evidence that the Poisson ε does not cover this run`
      : guarantee === undefined
        ? `${audit}; no proven upper bound is known for ${name} to hold it against`
        : `${audit} is consistent with the proven ε ≤ ${formatNumber(guarantee.epsilon, 4)} for ${name}`;
  return {
    sampling: s.sampling,
    neighbouring: s.neighbouring,
    delta: s.delta,
    guarantee: guarantee === undefined ? null : { epsilon: guarantee.epsilon, kind: 'guarantee', neighbouring: s.neighbouring, method: guarantee.method },
    poisson: { epsilon: s.poisson.epsilon, kind: s.poisson.kind, neighbouring: s.neighbouring, validForRun: s.poissonValidForRun },
    auditExceedsGuarantee,
    auditExceedsPoisson,
    verdict,
  };
}
