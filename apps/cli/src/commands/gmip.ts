/**
 * `dpbounds gmip`: Gaussian membership-inference privacy of (noisy) SGD (Leemann, Pawelczyk &
 * Kasneci, NeurIPS 2023). Contract in docs/cli.md; the math lives in @dpbounds/accountants.
 */
import { analyzeGmip, BATCH_SAMPLERS } from '@dpbounds/accountants';
import { gmipJson } from '@dpbounds/accountants/advanced';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { GmipConfig } from '@dpbounds/accountants';
import type { CommandDefinition, CommandResult, FlagSpec } from '../command.js';
import { choice, exactlyOne, hasFlag, numberList, optionalNumber, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { UsageError } from '../usage-error.js';

/** Flags describing the training run (shared with `dpbounds calibrate --target-gmip-mu`). */
export const gmipRunFlags: Readonly<Record<string, FlagSpec>> = {
  'batch-size': { type: 'string', valueName: 'n', description: 'batch size n (integer ≥ 1)' },
  'dataset-size': { type: 'string', valueName: 'N', description: 'training-set size N (integer ≥ n)' },
  steps: { type: 'string', valueName: 'T', description: 'number of SGD steps (integer ≥ 1)' },
  params: { type: 'string', valueName: 'd', description: 'number of gradient coordinates d (integer ≥ 1)' },
  clip: { type: 'string', valueName: 'C', description: 'clipping norm C > 0, or inf (no clipping)' },
  susceptibility: { type: 'string', valueName: 'K', description: 'gradient susceptibility K ≥ 0 of the target', defaultText: 'd' },
};

/** Reads the run flags except the noise (validated by the library as well). */
export function gmipRunFromFlags(flags: ParsedFlags): Omit<GmipConfig, 'noiseStd'> {
  const susceptibility = optionalNumber(flags, 'susceptibility', { min: 0 });
  return {
    batchSize: requiredNumber(flags, 'batch-size', { min: 1, integer: true }),
    datasetSize: requiredNumber(flags, 'dataset-size', { min: 1, integer: true }),
    steps: requiredNumber(flags, 'steps', { min: 1, integer: true }),
    params: requiredNumber(flags, 'params', { min: 1, integer: true }),
    clip: requiredNumber(flags, 'clip', { min: 0, minExclusive: true, allowInfinity: true }),
    ...(susceptibility !== undefined ? { susceptibility } : {}),
  };
}

/**
 * Runs an analysis with the DP side of the same run, having first run it without (which
 * validates the user's input): if only the DP side fails (e.g. a run too large for the PLD
 * accountant), the user is told to add --skip-dp instead of seeing the accountant's internals.
 *
 * @example runWithDpSide(flags, (combineWithDp) => analyzeGmip(config, fprs, { combineWithDp }))
 */
export function runWithDpSide<T>(flags: ParsedFlags, analyze: (combineWithDp: boolean) => T): T {
  const plain = analyze(false);
  if (hasFlag(flags, 'skip-dp')) return plain;
  try {
    return analyze(true);
  } catch (error) {
    if (isDpboundsError(error)) {
      throw new UsageError(`the DP guarantee curve of this run cannot be computed (${error.message}); add --skip-dp for the threat-specific result alone`);
    }
    throw error;
  }
}

/**
 * Why a run has no finite μ-GMIP: the per-step μ is so large that Lemma 5.1's composition
 * (h(m) ≈ e^{m²/2}) overflows float64. Names the flags that set the target's susceptibility K
 * (K = d by default) and the batch: μ_step ≈ √(K/n_eff) for K ≫ d.
 */
export function infiniteMuMessage(flags: ParsedFlags, perStepMu: number): string {
  const given = (flag: string): string => `--${flag} ${String(flags[flag])}`;
  const k = flags['susceptibility'] !== undefined ? given('susceptibility') : `${given('params')} (K = d)`;
  return `${k} with ${given('batch-size')}: the per-step μ is ${formatNumber(perStepMu)}, so the μ-GMIP of the run overflows float64 (no finite bound: a membership attack can be near perfect); give a smaller susceptibility or more noise`;
}

function run(flags: ParsedFlags): CommandResult {
  const sampler = choice(flags, 'sampling', BATCH_SAMPLERS, 'fixed-size');
  if (sampler !== 'fixed-size') {
    throw new UsageError(`--sampling ${sampler}: μ-GMIP is derived for batches of exactly --batch-size records drawn without replacement (--sampling fixed-size, the default); for the ε of ${sampler} batches run dpbounds dp --sampling ${sampler}`);
  }
  const config = gmipRunFromFlags(flags);
  const which = exactlyOne(flags, ['noise-multiplier', 'noise-std']);
  let noiseStd: number;
  if (which === 'noise-std') {
    noiseStd = requiredNumber(flags, 'noise-std', { min: 0 });
  } else {
    const sigma = requiredNumber(flags, 'noise-multiplier', { min: 0 });
    if (config.clip === Infinity && sigma > 0) throw new UsageError('--noise-multiplier needs a finite --clip (noise std σ·C/n); with --clip inf give --noise-std τ');
    noiseStd = sigma === 0 ? 0 : (sigma * config.clip) / config.batchSize;
  }
  const fprs = numberList(flags, 'fpr', { min: 0, max: 1 }, [0.001, 0.01, 0.1]);
  const result = runWithDpSide(flags, (combineWithDp) => analyzeGmip({ ...config, noiseStd }, fprs, { combineWithDp }));
  if (!Number.isFinite(result.mu)) throw new UsageError(infiniteMuMessage(flags, result.perStepMu));
  // the document is built in @dpbounds/accountants (shared with `dpbounds sweep`)
  const json = gmipJson({ ...config, noiseStd }, result, fprs);
  const perStep = json.perStepTprAtFpr as readonly { fpr: number; tprExact: number; tprApprox: number }[];
  const combined = result.combined;
  const text = [
    formatKeyValues([
      ['μ-GMIP of the run', `${formatNumber(result.mu)} (${result.kinds.mu ?? 'estimate'}${result.dpBinds ? ': the exact DP μ of full batches binds' : ''})`],
      ['per-step μ (Cor. 5.1, estimate)', formatNumber(result.perStepMu)],
      [
        'μ-GDP of the same run',
        result.gdpMu === Infinity ? 'inf (no noise or no clipping: no DP guarantee)' : `${formatNumber(result.gdpMu)} (${result.kinds.gdpMu === 'guarantee' ? 'exact, guarantee' : 'CLT, estimate'})`,
      ],
      ['noise std on the mean gradient τ', formatNumber(noiseStd)],
      ['best attack AUC', formatNumber(result.auc)],
      ['best balanced accuracy', formatNumber(result.accuracy)],
    ]),
    '',
    formatTable(
      ['FPR', `TPR ≤ (GMIP, ${result.kinds.tprAtFpr ?? 'estimate'})`, ...(combined !== undefined ? [`TPR ≤ (DP, ${result.dp?.kind ?? 'guarantee'})`, `TPR ≤ (combined, ${combined.kind})`, 'binds'] : [])],
      result.tprAtFpr.map((row, i) => {
        const c = combined?.tprAtFpr[i];
        const d = result.dp?.tprAtFpr[i];
        return [formatNumber(row.fpr), formatNumber(row.tpr), ...(c !== undefined && d !== undefined ? [formatNumber(d.tpr), formatNumber(c.tpr), c.binds] : [])];
      }),
    ),
    ...(perStep.length > 0
      ? ['', 'one step (check of the normal approximation):', formatTable(['FPR', 'TPR exact (Thm 5.1)', 'TPR G_perStepMu'], perStep.map((r) => [formatNumber(r.fpr), formatNumber(r.tprExact), formatNumber(r.tprApprox)]))]
      : []),
  ].join('\n');
  return { json, text };
}

/** The `dpbounds gmip` command. */
export const gmipCommand: CommandDefinition = {
  name: 'gmip',
  summary: 'Gaussian membership-inference privacy (μ-GMIP) of noisy SGD',
  description: [
    'μ-GMIP (Leemann, Pawelczyk & Kasneci, NeurIPS 2023): the membership attacker who does not',
    'choose the training data (targets drawn from the data distribution) faces G_μ. Per-step μ',
    'in closed form (Corollary 5.1), composed over T steps with batches of n from N (Lemma 5.1).',
    'DP-SGD adds N(0, σ²C²) to the sum of n clipped gradients: τ = σC/n on the mean.',
    'Full batches (n = N) compose the per-step μ exactly (√T·μ_step), not by the subsampling CLT.',
    'mu is the GMIP formula, an estimate (normal approximation); for full batches it is tightened by',
    'the exact DP μ of the run (μ-GDP implies μ-GMIP), and is then a guarantee (kinds.mu, dpBinds).',
    'gdpMu is exact for n = N and a CLT estimate otherwise, null when the run has no finite DP',
    'guarantee (no noise, or no clipping). "dp" is the DP curve of the same run (substitution;',
    'n < N: PLD of the subsampled Gaussian, labelled an estimate) and "combined" the pointwise more',
    'private of the two with the one that binds at each FPR (--skip-dp omits them).',
    'perStepTprAtFpr compares one step exactly (Theorem 5.1, noncentral χ²) with G_perStepMu.',
    'A run whose μ-GMIP overflows float64 (per-step μ above ~27: a near-perfect attack) is refused (exit 2).',
  ].join('\n'),
  flags: {
    sampling: { type: 'string', valueName: 'fixed-size', description: 'batch sampler of the run: μ-GMIP holds for fixed-size batches drawn without replacement only (others are refused; docs/batch-samplers.md)', defaultText: 'fixed-size' },
    ...gmipRunFlags,
    'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier σ ≥ 0 (0: plain SGD)' },
    'noise-std': { type: 'string', valueName: 'τ', description: 'noise std τ ≥ 0 on the averaged gradient (instead of --noise-multiplier)' },
    fpr: { type: 'string', valueName: 'list', description: 'FPRs for the TPR bounds', defaultText: '0.001,0.01,0.1' },
    'skip-dp': { type: 'boolean', description: 'do not compute the DP curve of the run (no dp / combined fields)' },
  },
  examples: ['dpbounds gmip --batch-size 400 --dataset-size 48000 --steps 1200 --params 650 --noise-multiplier 0 --clip 500 --json'],
  run,
};
