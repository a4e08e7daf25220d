/**
 * `dpbounds bayes-security`: closed-form Bayes security of DP-SGD against membership inference
 * or, from a sensitivity trace, attribute inference (Cherubin et al., USENIX Security 2024).
 * Contract in docs/cli.md; no math here (it lives in @dpbounds/accountants).
 */
import { analyzeBayesSecurity, bayesSecurityFromPld, epsilonFromBayesSecurity } from '@dpbounds/accountants';
import { bayesSecurityJson as bayesSecurityDocument } from '@dpbounds/accountants/advanced';
import type { BayesSecurityAnalysis } from '@dpbounds/accountants';
import { aiSensitivities, validateAiSensitivityTrace } from '@dpbounds/sgd-instrumentation';
import type { AiSensitivityTrace } from '@dpbounds/sgd-instrumentation';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, hasFlag, numberList, optionalNumber, requiredNumber, requiredString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { readInputBytes } from '../io/index.js';
import { decodeText } from '../io/read-file.js';
import { UsageError } from '../usage-error.js';
import { POISSON_ONLY_SAMPLING_FLAG, requirePoissonSampling } from './sampling-flags.js';
import { runWithDpSide } from './gmip.js';
import { requireJsonDepth } from '../io/json-depth.js';
import { prefixFlag } from '../io/json-depth.js';

const DEFAULT_FPRS = [0.001, 0.01, 0.1];

async function readTrace(path: string, io: CommandIo): Promise<AiSensitivityTrace> {
  const bytes = await readInputBytes(path, io.cwd);
  const text = decodeText(path, bytes);
  requireJsonDepth(path, text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path}: not a JSON attribute-sensitivity trace (${(error as Error).message})`);
  }
  try {
    return validateAiSensitivityTrace(parsed);
  } catch (error) {
    if (isDpboundsError(error)) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}

/** Same value up to round-off (the trace was written by another program). */
function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}

function fromTraceOrFlag(flags: ParsedFlags, flag: string, traceValue: number, range: Parameters<typeof optionalNumber>[2], path: string): number {
  const given = optionalNumber(flags, flag, range);
  if (given !== undefined && !sameValue(given, traceValue)) {
    throw new UsageError(`--${flag} ${given} disagrees with the trace ${path} (${traceValue}); the bound must use the training run's value`);
  }
  return traceValue;
}

/** The JSON document of the CLI contract (docs/cli.md) plus documented extras (kinds per field, relation, DP and combined sides); built in @dpbounds/accountants, shared with `dpbounds sweep`. */
export function bayesSecurityJson(result: BayesSecurityAnalysis, extras: Record<string, unknown>): Record<string, unknown> {
  return bayesSecurityDocument(result, extras);
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  requirePoissonSampling(flags, 'Bayes security (β*) is derived for Poisson-subsampled DP-SGD');
  const threat = choice(flags, 'threat', ['mia', 'ai'] as const, 'mia');
  const neighbouring = choice(flags, 'neighbouring', ['substitution', 'add-remove'] as const, 'substitution');
  const fprs = numberList(flags, 'fpr', { min: 0, max: 1 }, DEFAULT_FPRS);
  const prior = optionalNumber(flags, 'prior', { min: 0, max: 1 }) ?? 0.5;
  const delta = optionalNumber(flags, 'delta', { min: 0, max: 1, maxExclusive: true });
  let result: BayesSecurityAnalysis;
  const extras: Record<string, unknown> = {};
  if (threat === 'mia') {
    if (flags['sensitivity-trace'] !== undefined || flags['sensitivity-method'] !== undefined) throw new UsageError('--sensitivity-trace and --sensitivity-method need --threat ai');
    const samplingRate = requiredNumber(flags, 'sampling-rate', { min: 0, max: 1 });
    const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
    const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
    const relation = neighbouring === 'substitution' ? 'substitution' : 'addRemove';
    result = runWithDpSide(flags, (combineWithDp) => analyzeBayesSecurity({ threat: 'mia', samplingRate, noiseMultiplier, steps, relation }, { fprs, prior, combineWithDp }));
    if (hasFlag(flags, 'exact')) {
      const bracket = bayesSecurityFromPld({ samplingRate, noiseMultiplier, steps, relation });
      extras.exactLowerBound = bracket.lower;
      extras.exactUpperBound = bracket.upper;
    }
  } else {
    if (flags.neighbouring !== undefined) throw new UsageError('--neighbouring applies to --threat mia only (attribute inference substitutes the attribute)');
    if (hasFlag(flags, 'exact')) throw new UsageError('--exact applies to --threat mia only (the PLD accountant knows no attribute traces)');
    const path = requiredString(flags, 'sensitivity-trace', 'a JSON attribute-sensitivity trace written by `dpbounds train --instrument ai-sensitivity`');
    const trace = await readTrace(path, io).catch(prefixFlag('--sensitivity-trace'));
    const clip = fromTraceOrFlag(flags, 'clip', trace.clip, { min: 0, minExclusive: true }, path);
    const samplingRate = fromTraceOrFlag(flags, 'sampling-rate', trace.samplingRate, { min: 0, max: 1 }, path);
    const noiseMultiplier = fromTraceOrFlag(flags, 'noise-multiplier', trace.noiseMultiplier, { min: 0, minExclusive: true }, path);
    fromTraceOrFlag(flags, 'steps', trace.steps, { min: 1, integer: true }, path);
    const method = choice(flags, 'sensitivity-method', ['full', 'approximate'] as const, trace.full !== undefined ? 'full' : 'approximate');
    if ((method === 'full' ? trace.full : trace.approximate) === undefined) {
      throw new UsageError(`--sensitivity-method ${method}: the trace ${path} has no "${method}" array (method ${JSON.stringify(trace.method)})`);
    }
    const sensitivities = aiSensitivities(trace, method);
    result = runWithDpSide(flags, (combineWithDp) => analyzeBayesSecurity({ threat: 'ai', samplingRate, noiseMultiplier, clip, sensitivities }, { fprs, prior, combineWithDp }));
    extras.attribute = trace.attribute;
    extras.sensitivityMethod = method;
    extras.steps = trace.steps;
    extras.sensitivityNorm = result.sensitivityNorm;
  }
  if (delta !== undefined) {
    extras.delta = delta;
    extras.epsilonEstimate = result.bayesSecurity > 0 && 2 - 2 * delta - result.bayesSecurity > 0 ? epsilonFromBayesSecurity(result.bayesSecurity, delta) : 0;
  }
  const json = bayesSecurityJson(result, extras);
  const combined = result.combined;
  const text = [
    formatKeyValues([
      ['threat', threat === 'mia' ? `membership inference (${neighbouring})` : `attribute inference (${String(extras.attribute)}, ${String(extras.sensitivityMethod)} R_t; substitution)`],
      ['Bayes security β* (estimate)', formatNumber(result.bayesSecurity)],
      ['approximation error', `${formatNumber(result.approximationError)}${result.approximationError >= 1 ? '  (≥ 1: vacuous, as β* lies in [0, 1])' : ''}`],
      ['β* ≥, closed form alone (guarantee)', formatNumber(result.certifiedLowerBound)],
      ...(result.dp !== undefined ? [['β* ≥, the DP guarantee (PLD, guarantee)', formatNumber(result.dp.bayesSecurity)] as [string, string]] : []),
      ...(combined !== undefined ? [['β* ≥, combined with DP (guarantee; quote this)', formatNumber(combined.bayesSecurity)] as [string, string]] : []),
      ...(extras.exactLowerBound !== undefined
        ? [['exact β* (PLD, 1 − δ(0))', `in [${formatNumber(extras.exactLowerBound as number)}, ${formatNumber(extras.exactUpperBound as number)}]`] as [string, string]]
        : []),
      ['advantage (1 − β*, estimate)', formatNumber(result.advantage)],
      ...(combined !== undefined ? [['advantage ≤, combined with DP (guarantee)', formatNumber(1 - combined.bayesSecurity)] as [string, string]] : []),
      [combined !== undefined ? 'advantage ≤, closed form alone (guarantee, looser)' : 'advantage ≤, closed form (guarantee)', formatNumber(result.certifiedAdvantage)],
      [`attack success (prior ${formatNumber(prior)}, estimate)`, formatNumber(result.attackSuccess)],
      ...(delta !== undefined ? [[`rough ε at δ = ${formatNumber(delta)} (estimate)`, formatNumber(extras.epsilonEstimate as number)] as [string, string]] : []),
    ]),
    '',
    formatTable(
      ['FPR', 'TPR ≤ (estimate)', 'TPR ≤ (certified)', ...(combined !== undefined ? ['TPR ≤ (combined with DP, guarantee)', 'binds'] : [])],
      result.tprAtFpr.map((row, i) => {
        const c = combined?.tprAtFpr[i];
        return [formatNumber(row.fpr), formatNumber(row.tpr), formatNumber(row.tprCertified), ...(c !== undefined ? [formatNumber(c.tpr), c.binds] : [])];
      }),
    ),
    ...(result.warning !== undefined ? ['', `warning: ${result.warning}`] : []),
  ].join('\n');
  return { json, text };
}

/** The `dpbounds bayes-security` command. */
export const bayesSecurityCommand: CommandDefinition = {
  name: 'bayes-security',
  summary: 'closed-form Bayes security against membership or attribute inference',
  description: [
    'Bayes security β* = 1 − (largest advantage TPR − FPR of any attacker) of DP-SGD with Poisson',
    'sampling (Cherubin et al., USENIX Security 2024): membership inference in closed form,',
    'β* ≈ 1 − erf(p√T/(√2σ)) (substitution), or attribute inference from the per-step',
    'sensitivities R_t of a training run. The estimate approximates the subsampling mixture by a',
    'Gaussian; the approximation error and a certified lower bound are printed beside it.',
    'The TPR bounds (Prop. 9) hold for every prior; --prior only changes attackSuccess.',
    'kinds says which field is a guarantee: bayesSecurity is an estimate, certifiedLowerBound the',
    'guarantee. "dp" is the PLD guarantee of the same run and relation, "combined" the pointwise more',
    'private of the certified and DP curves (a DP guarantee holds against every attacker), with the',
    'curve that binds at each FPR; --skip-dp omits both (the PLD costs ~1 s per 10^4 steps).',
    'The attribute-inference bound is data-dependent: do not publish it (it can leak membership).',
  ].join('\n'),
  flags: {
    ...POISSON_ONLY_SAMPLING_FLAG,
    'sampling-rate': { type: 'string', valueName: 'p', description: 'Poisson sampling rate in [0, 1] (ai: read from the trace)' },
    'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier > 0 (ai: read from the trace)' },
    steps: { type: 'string', valueName: 'T', description: 'number of steps, integer ≥ 1 (ai: read from the trace)' },
    threat: { type: 'string', valueName: 'mia|ai', description: 'membership (mia) or attribute inference (ai)', defaultText: 'mia' },
    'sensitivity-trace': { type: 'string', valueName: 'FILE', description: 'ai: attribute-sensitivity trace (JSON, dpbounds.ai-sensitivity-trace v1)' },
    clip: { type: 'string', valueName: 'C', description: 'ai: clipping norm used in training (checked against the trace)' },
    'sensitivity-method': { type: 'string', valueName: 'full|approximate', description: 'ai: exact diameters or the 2×-centroid upper bound from the trace', defaultText: 'full when present' },
    fpr: { type: 'string', valueName: 'list', description: 'FPRs for the TPR bounds (Prop. 9)', defaultText: '0.001,0.01,0.1' },
    prior: { type: 'string', valueName: 'π', description: 'prior probability of the secret for attackSuccess', defaultText: '0.5' },
    neighbouring: { type: 'string', valueName: 'substitution|add-remove', description: 'mia: the membership game', defaultText: 'substitution' },
    delta: { type: 'string', valueName: 'δ', description: 'also print the rough ε implied by β* at this δ (epsilonEstimate)' },
    'skip-dp': { type: 'boolean', description: 'do not compute the DP guarantee curve of the run (no dp / combined fields)' },
    exact: { type: 'boolean', description: 'mia: also bracket the exact β* = 1 − δ(0) with the PLD accountant (slow: ~1 s per 10⁴ steps); exactLowerBound is a guarantee' },
  },
  examples: [
    'dpbounds bayes-security --sampling-rate 0.01 --noise-multiplier 1 --steps 1000 --json',
    'dpbounds train --model logistic --epochs 1 --instrument ai-sensitivity --out out   # writes out/ai-sensitivity.json',
    'dpbounds bayes-security --threat ai --sensitivity-trace out/ai-sensitivity.json --clip 1',
  ],
  run,
};
