/**
 * `dpbounds rtm`: the optimal attacker under the relaxed threat model, who lacks the target
 * record (Kaissis, Ziller, Kolek, Riess & Rueckert, NeurIPS 2023). Contract in the CLI docs.
 */
import { analyzeRtm, calibrateRtmGaussianNoise } from '@dpbounds/accountants';
import { rtmJson } from '@dpbounds/accountants/advanced';
import type { RtmAnalysis } from '@dpbounds/accountants';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { CommandDefinition, CommandResult } from '../command.js';
import { choice, numberList, optionalNumber, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { UsageError } from '../usage-error.js';
import { POISSON_ONLY_SAMPLING_FLAG, requirePoissonSampling } from './sampling-flags.js';

/** Library parameters of the run-level path that are named differently on the command line. */
const RUN_LEVEL_FLAGS: Readonly<Record<string, string>> = { steps: 'compositions', noiseMultiplier: 'scale', samplingRate: 'sampling-rate', 'mechanisms.length': 'compositions' };

/** Calls the analysis, naming the user's flag when the library refuses a derived parameter. */
function analyze(input: Parameters<typeof analyzeRtm>[0], fprs: readonly number[], given: ParsedFlags): RtmAnalysis {
  try {
    return analyzeRtm(input, fprs);
  } catch (error) {
    if (isDpboundsError(error)) {
      const flag = RUN_LEVEL_FLAGS[error.parameter];
      if (flag !== undefined) throw new UsageError(`--${flag} must be ${error.expected}; found ${String(given[flag] ?? error.found)}`);
    }
    throw error;
  }
}

function run(flags: ParsedFlags): CommandResult {
  requirePoissonSampling(flags, 'the relaxed-threat-model attack is derived for Poisson subsampling (or no subsampling)');
  const mechanism = choice(flags, 'mechanism', ['gaussian', 'laplace', 'subsampled-gaussian'] as const);
  const attacker = choice(flags, 'attacker', ['pooled', 'independent-directions'] as const, 'pooled');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const sensitivity = requiredNumber(flags, 'sensitivity', { min: 0, minExclusive: true });
  const dims = optionalNumber(flags, 'dims', { min: 1, integer: true }) ?? 1;
  const compositions = optionalNumber(flags, 'compositions', { min: 1, integer: true }) ?? 1;
  const targetEpsilon = optionalNumber(flags, 'target-epsilon', { min: 0 });
  let calibration: { epsilon: number; delta: number; noiseDp: number; noiseRtm: number; achievedDelta: number; kind: 'guarantee' } | undefined;
  let scale: number;
  let calibratedMu: number | undefined;
  if (targetEpsilon !== undefined) {
    if (mechanism !== 'gaussian') throw new UsageError('--target-epsilon needs --mechanism gaussian');
    if (attacker !== 'pooled') throw new UsageError('--target-epsilon calibrates against the pooled attacker; drop --attacker independent-directions');
    if (flags.scale !== undefined) throw new UsageError('give --scale or --target-epsilon, not both (the calibration chooses the scale)');
    const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
    if (dims > 100_000) throw new UsageError(`--dims must be at most 100000 with --target-epsilon (the χ² kernels' tested range); found ${dims}`);
    const r = calibrateRtmGaussianNoise({ epsilon: targetEpsilon, delta, sensitivity, dims, compositions });
    if (!Number.isFinite(r.noiseDp) || !Number.isFinite(r.noiseRtm) || !(r.mu > 0)) {
      throw new UsageError(`--sensitivity ${String(flags.sensitivity)} is too large: the calibrated σ overflows (σ = Δ/μ with μ = ${r.mu}); rescale Δ (σ scales with it)`);
    }
    calibratedMu = r.mu;
    calibration = { epsilon: targetEpsilon, delta, noiseDp: r.noiseDp, noiseRtm: r.noiseRtm, achievedDelta: r.achievedDelta, kind: 'guarantee' };
    scale = r.noiseRtm;
  } else {
    if (flags.delta !== undefined) throw new UsageError('--delta needs --target-epsilon');
    scale = requiredNumber(flags, 'scale', { min: 0, minExclusive: true });
  }
  const samplingRate = optionalNumber(flags, 'sampling-rate', { min: 0, max: 1, minExclusive: true });
  if (mechanism !== 'subsampled-gaussian' && samplingRate !== undefined) throw new UsageError('--sampling-rate needs --mechanism subsampled-gaussian');
  if (mechanism === 'subsampled-gaussian' && samplingRate === undefined) throw new UsageError('missing --sampling-rate (a number in (0, 1]) for --mechanism subsampled-gaussian');
  if (mechanism === 'laplace' && dims !== 1) throw new UsageError(`--dims must be 1 for --mechanism laplace (scalar mechanism); found ${dims}`);
  const fprs = numberList(flags, 'fpr', { min: 0, max: 1 }, [0.001, 0.01, 0.1]);
  // a calibrated run is analysed through its μ (only Δ/σ matters), so a huge Δ cannot overflow σ
  const levels = calibratedMu !== undefined ? { sensitivity: 1, scale: 1 / calibratedMu } : { sensitivity, scale };
  const result = analyze(
    { mechanism, ...levels, dims, compositions, attacker, neighbouring, ...(samplingRate !== undefined ? { samplingRate } : {}) },
    fprs,
    flags,
  );
  // the document is built in @dpbounds/accountants (shared with `dpbounds sweep`)
  const json = rtmJson(result, { mechanism, dims, compositions, ...(samplingRate !== undefined ? { samplingRate } : {}) }, calibration !== undefined ? { calibration } : {});
  const points = json.points as readonly { fpr: number; fnr: number; fnrInverse: number; fnrSymmetric: number; dpFnr: number; fnrCombined: number; binds: 'threat' | 'dp'; maxPower: number }[];
  const text = [
    formatKeyValues([
      ['mechanism', `${mechanism}${samplingRate !== undefined ? ` (p = ${formatNumber(samplingRate)})` : ''}`],
      ['μ = Δ/s', formatNumber(result.mu)],
      [mechanism === 'laplace' ? 'compositions' : 'dims × compositions', mechanism === 'laplace' ? String(compositions) : `${result.dims} × ${compositions}`],
      ['attacker', attacker === 'pooled' ? 'pooled (the strongest RTM attacker)' : 'independent directions (assumes a fresh direction per release)'],
      ['neighbouring', neighbouring],
      ['kind', 'guarantee (every column; "reported" = max with the DP curve)'],
      ...(calibration !== undefined
        ? ([
            [`σ for (${formatNumber(calibration.epsilon)}, ${formatNumber(calibration.delta)})-DP`, formatNumber(calibration.noiseDp)],
            ['σ for the same (ε, δ) under the RTM', formatNumber(calibration.noiseRtm)],
            ['δ reached under the RTM', formatNumber(calibration.achievedDelta)],
          ] as [string, string][])
        : []),
    ]),
    ...result.notes.map((n) => `note: ${n}`),
    '',
    formatTable(
      ['FPR', 'FNR j', 'FNR j⁻¹', 'FNR symmetric', 'FNR DP attacker', 'FNR reported', 'binds', 'RTM power'],
      points.map((p) => [...[p.fpr, p.fnr, p.fnrInverse, p.fnrSymmetric, p.dpFnr, p.fnrCombined].map((v) => formatNumber(v)), p.binds === 'threat' ? 'RTM' : 'DP', formatNumber(p.maxPower)]),
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
    'Neyman–Pearson (DP threat model) attacker at the same FPR, fnrCombined = max(fnrSymmetric, dpFnr)',
    '(the number to quote: a DP guarantee holds against every attacker), binds = which of the two it is;',
    'maxPower = min(max(1 − j, 1 − j⁻¹), 1 − dpFnr). Every FNR is a guarantee (kind) for --neighbouring (a label for',
    'Δ; for the subsampled mechanism substitution means Δ = 2C).',
    'Compositions: --attacker pooled (default) is the strongest RTM attacker, who pools releases that',
    'move the same unknown direction (Lemma 8: χ²_d(Nμ²)); independent-directions assumes a fresh',
    'direction per release (the tensor product of the per-release curves) and is optimistic otherwise.',
    'For --mechanism subsampled-gaussian, --compositions T is a DP-SGD run of T steps with noise',
    'multiplier s/Δ; for --mechanism laplace with the pooled attacker no RTM credit is computable and',
    'the DP curve is reported (see notes).',
    'With --target-epsilon ε --delta δ (Gaussian, instead of --scale): the smaller σ that gives the',
    'same (ε, δ) against the pooled RTM attacker as DP needs against the optimal one (the paper\'s',
    'Figure 4 calibration); the points are then evaluated at that σ.',
  ].join('\n'),
  flags: {
    ...POISSON_ONLY_SAMPLING_FLAG,
    mechanism: { type: 'string', valueName: 'gaussian|laplace|subsampled-gaussian', description: 'the noise mechanism' },
    sensitivity: { type: 'string', valueName: 'Δ', description: 'sensitivity Δ > 0 (L2 for Gaussian, L1 for Laplace)' },
    scale: { type: 'string', valueName: 's', description: 'noise scale > 0 (σ for Gaussian, b for Laplace)' },
    dims: { type: 'string', valueName: 'd', description: 'output dimension d (Gaussian; above 100000 evaluated at 100000, a valid bound)', defaultText: '1' },
    compositions: { type: 'string', valueName: 'N', description: 'non-adaptive compositions (steps for subsampled-gaussian)', defaultText: '1' },
    'sampling-rate': { type: 'string', valueName: 'p', description: 'Poisson sampling rate in (0, 1] (subsampled-gaussian only)' },
    attacker: { type: 'string', valueName: 'pooled|independent-directions', description: 'the RTM attacker of a composition', defaultText: 'pooled' },
    neighbouring: { type: 'string', valueName: 'add-remove|substitution', description: 'the relation Δ is the sensitivity for', defaultText: 'add-remove' },
    fpr: { type: 'string', valueName: 'list', description: 'FPRs to report', defaultText: '0.001,0.01,0.1' },
    'target-epsilon': { type: 'string', valueName: 'ε', description: 'calibrate σ (Gaussian) for this (ε, δ) under the RTM, instead of --scale' },
    delta: { type: 'string', valueName: 'δ', description: 'δ in (0, 1) of the --target-epsilon calibration' },
  },
  examples: [
    'dpbounds rtm --mechanism gaussian --sensitivity 1 --scale 0.5 --dims 10 --fpr 0.001,0.01,0.1 --json',
    'dpbounds rtm --mechanism gaussian --dims 1 --compositions 100 --sensitivity 0.3 --scale 1',
    'dpbounds rtm --mechanism subsampled-gaussian --sensitivity 1 --scale 1 --sampling-rate 0.01 --compositions 10000',
    'dpbounds rtm --mechanism laplace --sensitivity 1 --scale 2 --compositions 10 --attacker independent-directions',
    'dpbounds rtm --mechanism gaussian --sensitivity 1 --target-epsilon 1 --delta 1e-5',
  ],
  run,
};
