/**
 * The ε of the batches a run drew, for a sampler choice read by `parseSampling`: a sampler given
 * by its sizes is priced by `samplerEpsilon` of @dpbounds/accountants at b/N; a Poisson run
 * given its `--sampling-rate` q (Opacus' `sample_rate` = 1/len(loader), which need not be b/N)
 * is priced at q by the same accountant row `dpbounds dp` prints (`dpAccountantEvaluation`), in
 * the same `SamplerEpsilon` shape, so `attack` and `audit` compare with the run that was run.
 */
import { samplerEpsilon } from '@dpbounds/accountants';
import type { NeighbouringRelation, SamplerAccountant, SamplerEpsilon, SamplerEpsilonValue } from '@dpbounds/accountants';
import { dpAccountantEvaluation } from '@dpbounds/accountants/advanced';
import { formatNumber } from '../format.js';
import { pricedFromRate, samplerRunOf } from './sampling-flags.js';
import type { SamplingChoice } from './sampling-flags.js';

/** The run besides its sampler: σ, T, the δ of the ε and the relation. */
export interface SamplerEpsilonQuery {
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly delta: number;
  readonly neighbouring: NeighbouringRelation;
  /** `pld` (default) or `rdp`. */
  readonly accountant?: SamplerAccountant;
}

/**
 * The sampler's ε of `choice` (docs/batch-samplers.md). For a Poisson choice with a given rate
 * q: ε at q (a guarantee; with PLD also its rigorous lower bound), `poissonValidForRun: true`,
 * and a note saying q was priced (and that b/N, when it differs, was not). RDP has no
 * substitution bound for q < 1, so substitution is priced by PLD there, as `samplerEpsilon` does.
 *
 * @throws UsageError (from `samplerRunOf`) when a non-Poisson choice lacks its sizes.
 * @example samplerEpsilonOf({ sampler: 'poisson', explicit: true, samplingRate: 1 / 103, rateGiven: true }, { noiseMultiplier: 1, steps: 309, delta: 1e-5, neighbouring: 'add-remove' }).epsilon.value
 */
export function samplerEpsilonOf(choiceMade: SamplingChoice, query: SamplerEpsilonQuery): SamplerEpsilon {
  const accountant = query.accountant ?? 'pld';
  if (!pricedFromRate(choiceMade)) {
    return samplerEpsilon(samplerRunOf(choiceMade, query.noiseMultiplier, query.steps, query.neighbouring), query.delta, { accountant });
  }
  const q = choiceMade.samplingRate;
  const used = accountant === 'rdp' && query.neighbouring === 'substitution' && q < 1 ? 'pld' : accountant;
  const row = dpAccountantEvaluation(used, { samplingRate: q, noiseMultiplier: query.noiseMultiplier, steps: query.steps, neighbouring: query.neighbouring, delta: query.delta }).result;
  const method = `${used}: Poisson subsampled Gaussian, q = --sampling-rate = ${formatNumber(q)}${used !== accountant ? ' (RDP has no substitution bound for q < 1)' : ''}`;
  const value: SamplerEpsilonValue = { value: row.epsilon as number, kind: 'guarantee', method };
  const lowerValue = row.epsilonLower;
  const lower: SamplerEpsilonValue<'lower-bound'> | undefined =
    row.method === 'pld' && typeof lowerValue === 'number' && lowerValue > 0
      ? { value: lowerValue, kind: 'lower-bound', method: 'pld: optimistic discretisation of the same pair (attained by a worst-case data set)' }
      : undefined;
  const sizes = choiceMade.rateNote !== undefined ? ` (${choiceMade.rateNote})` : '';
  return {
    sampler: 'poisson',
    neighbouring: query.neighbouring,
    delta: query.delta,
    epsilon: value,
    upper: { ...value, kind: 'guarantee' },
    ...(lower === undefined ? {} : { lower }),
    poisson: value,
    poissonValidForRun: true,
    note: `Your loop samples each record independently with probability q = ${formatNumber(q)} (Poisson, --sampling-rate): the accountant's ε = ${formatNumber(value.value, 4)} applies to it${sizes}.`,
  };
}
