/**
 * The order in which a multi-worker sweep hands out its configurations: in configuration order,
 * except that each block of consecutive configurations (8 per worker) goes costliest first.
 *
 * Why: with the configurations handed out one at a time to whichever worker is free, the run ends
 * when the last configuration handed out ends; if that one is among the costliest (PRV at a small
 * σ costs 10–100× a large-σ configuration), the other workers sit idle meanwhile. Handing out the
 * costliest first (the longest-processing-time rule) leaves only cheap configurations for the
 * end. Within blocks, not over the whole sweep: rows are written in configuration order, so a
 * row that finishes early waits in memory for the earlier ones, and a killed run loses the rows
 * not yet written; blocks bound both to about one block. Only the order changes: every row is
 * the same, and the file is identical for any number of workers.
 *
 * The cost is an estimate, used for this order only: the work of the PLD grids the accountants
 * size (one step's grid at the automatic step and the composed window, n_step·10 + W·log₂W),
 * times per-accountant and per-threat weights fitted on timings of `evaluateSweepConfiguration`
 * (q ∈ [0.001, 0.02], σ ∈ [0.6, 3], T ∈ [10³, 2·10⁴]: log-correlation 0.97 with the PLD time).
 */
import type { SweepConfiguration, SweepRequest } from '@dpbounds/accountants';
import { autoDiscretizationInterval, connectTheDotsGridOfPair, psgLossPair, sweepAccountants } from '@dpbounds/accountants/advanced';

/** Configurations per block, per worker. */
export const COST_BLOCK_PER_WORKER = 8;

/** The PLD work of one configuration (in units of about 0.1 µs of PLD time), or a large value when it cannot be sized. */
function pldWork(q: number, sigma: number, steps: number): number {
  try {
    const h = autoDiscretizationInterval([{ samplingRate: q, noiseMultiplier: sigma, count: steps }], 'add-remove');
    const perStep = connectTheDotsGridOfPair(psgLossPair('remove', q, sigma), h).n;
    const scale = Math.min(q * Math.sqrt(Math.expm1(1 / (sigma * sigma))), 1 / sigma);
    const width = perStep + (16 * Math.sqrt(steps) * scale) / h;
    const work = 10 * perStep + width * Math.log2(Math.max(2, width));
    return Number.isFinite(work) ? work : 1e9;
  } catch {
    return 1e9;
  }
}

/**
 * The estimated cost of one configuration under `request` (arbitrary units; only the order
 * matters). A configuration without σ (a calibration) is priced at σ = 1 times the ~8 accountant
 * evaluations a calibration takes.
 *
 * @example sweepConfigurationCost({ samplingRate: 0.004, noiseMultiplier: 0.8, steps: 4000, delta: 1e-5, neighbouring: 'add-remove' }, { accountants: 'all' })
 */
export function sweepConfigurationCost(config: SweepConfiguration, request: SweepRequest): number {
  const q = config.samplingRate;
  const sigma = config.noiseMultiplier ?? 1;
  const steps = config.steps;
  const pld = pldWork(q, sigma, steps) * (config.neighbouring === 'substitution' ? 1.5 : 1);
  const weights: Record<string, number> = { rdp: 7e5, pld, prv: 4e6 + 1.7 * pld, gdp: 0.3 * pld };
  let cost = 0;
  for (const accountant of sweepAccountants(request, config)) cost += weights[accountant] ?? pld;
  for (const threat of request.threats ?? []) cost += threat === 'bayes' ? pld : 7e5;
  return config.targetEpsilon !== undefined ? 8 * cost : cost;
}

/**
 * `tasks` in hand-out order for `workers` workers (see the module comment): unchanged for one
 * worker; else blocks of {@link COST_BLOCK_PER_WORKER}·workers consecutive tasks, each sorted by
 * estimated cost, largest first (ties in configuration order).
 *
 * @example handOutOrder(tasks, request, 2)
 */
export function handOutOrder<T extends { readonly index: number; readonly config: SweepConfiguration }>(tasks: readonly T[], request: SweepRequest, workers: number): T[] {
  if (workers <= 1) return [...tasks];
  const block = COST_BLOCK_PER_WORKER * workers;
  const out: T[] = [];
  for (let start = 0; start < tasks.length; start += block) {
    const priced = tasks.slice(start, start + block).map((task) => ({ task, cost: sweepConfigurationCost(task.config, request) }));
    priced.sort((a, b) => b.cost - a.cost || a.task.index - b.task.index);
    out.push(...priced.map((p) => p.task));
  }
  return out;
}
