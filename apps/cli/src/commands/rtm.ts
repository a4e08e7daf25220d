/**
 * `dpbounds rtm`: the optimal attacker under the relaxed threat model, who lacks the target
 * record (Kaissis, Ziller, Kolek, Riess & Rueckert, NeurIPS 2023). Contract in CLI.md.
 */
import { analyzeRtm, calibrateRtmGaussianNoise } from '@dpbounds/accountants';
import type { CommandDefinition, CommandResult } from '../command.js';
import { choice, numberList, optionalNumber, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { UsageError } from '../usage-error.js';

function run(flags: ParsedFlags): CommandResult {
  const mechanism = choice(flags, 'mechanism', ['gaussian', 'laplace', 'subsampled-gaussian'] as const);
  const sensitivity = requiredNumber(flags, 'sensitivity', { min: 0, minExclusive: true });
  const dims = optionalNumber(flags, 'dims', { min: 1, integer: true }) ?? 1;
  const compositions = optionalNumber(flags, 'compositions', { min: 1, integer: true }) ?? 1;
  const targetEpsilon = optionalNumber(flags, 'target-epsilon', { min: 0 });
  let calibration: { epsilon: number; delta: number; noiseDp: number; noiseRtm: number; achievedDelta: number } | undefined;
  let scale: number;
  if (targetEpsilon !== undefined) {
    if (mechanism !== 'gaussian') throw new UsageError('--target-epsilon needs --mechanism gaussian');
    if (flags.scale !== undefined) throw new UsageError('give --scale or --target-epsilon, not both (the calibration chooses the scale)');
    const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
    const r = calibrateRtmGaussianNoise({ epsilon: targetEpsilon, delta, sensitivity, dims, compositions });
    calibration = { epsilon: targetEpsilon, delta, noiseDp: r.noiseDp, noiseRtm: r.noiseRtm, achievedDelta: r.achievedDelta };
    scale = r.noiseRtm;
  } else {
    if (flags.delta !== undefined) throw new UsageError('--delta needs --target-epsilon');
    scale = requiredNumber(flags, 'scale', { min: 0, minExclusive: true });
  }
  const samplingRate = optionalNumber(flags, 'sampling-rate', { min: 0, max: 1, minExclusive: true });
  if (mechanism !== 'subsampled-gaussian' && samplingRate !== undefined) throw new UsageError('--sampling-rate needs --mechanism subsampled-gaussian');
  if (mechanism === 'subsampled-gaussian' && samplingRate === undefined) throw new UsageError('missing --sampling-rate (a number in (0, 1]) for --mechanism subsampled-gaussian');
  if (mechanism !== 'gaussian' && compositions !== 1) throw new UsageError(`--compositions must be 1 for --mechanism ${mechanism} (no closed-form RTM composition); found ${compositions}`);
  if (mechanism === 'laplace' && dims !== 1) throw new UsageError(`--dims must be 1 for --mechanism laplace (scalar mechanism); found ${dims}`);
  const fprs = numberList(flags, 'fpr', { min: 0, max: 1 }, [0.001, 0.01, 0.1]);
  const result = analyzeRtm({ mechanism, sensitivity, scale, dims, compositions, ...(samplingRate !== undefined ? { samplingRate } : {}) }, fprs);
  const points = result.points.map((p) => ({
    fpr: p.fpr,
    fnr: p.fnr,
    fnrInverse: p.fnrInverse,
    fnrSymmetric: p.fnrSymmetric,
    dpFnr: p.dpFnr,
    maxPower: Math.max(1 - p.fnr, 1 - p.fnrInverse),
  }));
  const json = { mechanism, mu: result.mu, dims, compositions, ...(samplingRate !== undefined ? { samplingRate } : {}), ...(calibration !== undefined ? { calibration } : {}), points };
  const text = [
    formatKeyValues([
      ['mechanism', `${mechanism}${samplingRate !== undefined ? ` (p = ${formatNumber(samplingRate)})` : ''}`],
      ['μ = Δ/s', formatNumber(result.mu)],
      ...(mechanism !== 'laplace' ? [['dims × compositions', `${dims} × ${compositions}`] as [string, string]] : []),
      ...(calibration !== undefined
        ? ([
            [`σ for (${formatNumber(calibration.epsilon)}, ${formatNumber(calibration.delta)})-DP`, formatNumber(calibration.noiseDp)],
            ['σ for the same (ε, δ) under the RTM', formatNumber(calibration.noiseRtm)],
            ['δ reached under the RTM', formatNumber(calibration.achievedDelta)],
          ] as [string, string][])
        : []),
    ]),
    '',
    formatTable(
      ['FPR', 'FNR j', 'FNR j⁻¹', 'FNR symmetric', 'FNR DP attacker', 'RTM power'],
      points.map((p) => [p.fpr, p.fnr, p.fnrInverse, p.fnrSymmetric, p.dpFnr, p.maxPower].map((v) => formatNumber(v))),
    ),
  ].join('\n');
  return { json, text };
}

/** The `dpbounds rtm` command. */
export const rtmCommand: CommandDefinition = {
  name: 'rtm',
  summary: 'optimal attack under the relaxed threat model (attacker lacks the target record)',
  description: [
    'Relaxed threat model (Kaissis et al., NeurIPS 2023): the attacker knows one candidate dataset',
    'and the sensitivity but not the other output, so the best it can do is threshold the distance',
    'to f(D). fnr = j(FPR), fnrInverse = j⁻¹(FPR), fnrSymmetric = C(j, j⁻¹)(FPR), dpFnr = the',
    'Neyman–Pearson (DP threat model) attacker at the same FPR; maxPower = max(1 − j, 1 − j⁻¹).',
    'With --target-epsilon ε --delta δ (Gaussian, instead of --scale): the smaller σ that gives the',
    'same (ε, δ) against the RTM attacker as DP needs against the optimal one (the paper\'s utility',
    'experiment); the points are then evaluated at that σ.',
  ].join('\n'),
  flags: {
    mechanism: { type: 'string', valueName: 'gaussian|laplace|subsampled-gaussian', description: 'the noise mechanism' },
    sensitivity: { type: 'string', valueName: 'Δ', description: 'sensitivity Δ > 0 (L2 for Gaussian, L1 for Laplace)' },
    scale: { type: 'string', valueName: 's', description: 'noise scale > 0 (σ for Gaussian, b for Laplace)' },
    dims: { type: 'string', valueName: 'd', description: 'output dimension d (Gaussian)', defaultText: '1' },
    compositions: { type: 'string', valueName: 'N', description: 'non-adaptive compositions (Gaussian)', defaultText: '1' },
    'sampling-rate': { type: 'string', valueName: 'p', description: 'Poisson sampling rate in (0, 1] (subsampled-gaussian only)' },
    fpr: { type: 'string', valueName: 'list', description: 'FPRs to report', defaultText: '0.001,0.01,0.1' },
    'target-epsilon': { type: 'string', valueName: 'ε', description: 'calibrate σ (Gaussian) for this (ε, δ) under the RTM, instead of --scale' },
    delta: { type: 'string', valueName: 'δ', description: 'δ in (0, 1) of the --target-epsilon calibration' },
  },
  examples: [
    'dpbounds rtm --mechanism gaussian --sensitivity 1 --scale 0.5 --dims 10 --fpr 0.001,0.01,0.1 --json',
    'dpbounds rtm --mechanism gaussian --sensitivity 1 --target-epsilon 1 --delta 1e-5',
  ],
  run,
};
