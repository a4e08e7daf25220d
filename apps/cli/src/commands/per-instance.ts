/**
 * `dpbounds per-instance`: per-instance (data-dependent) Rényi DP of each target record of a
 * DP-SGD run, from a per-instance trace (CLI.md; Thudi et al., "Gradients Look Alike", USENIX
 * Security 2024). Reads and validates the trace with @dpbounds/sgd-instrumentation and passes
 * plain arrays to @dpbounds/accountants; no math here.
 */
import { perInstancePrivacy } from '@dpbounds/accountants';
import { isDpboundsError } from '@dpbounds/special-functions';
import { perInstanceTraceRatios, validatePerInstanceTrace } from '@dpbounds/sgd-instrumentation';
import type { PerInstanceTrace } from '@dpbounds/sgd-instrumentation';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { numberList, optionalNumber, requiredNumber, requiredString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber, formatTable } from '../format.js';
import { decodeText, readInputBytes } from '../io/read-file.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';

/** Number of records listed in the readable table (all of them are in `--json`). */
const TEXT_ROWS = 25;

async function readTrace(path: string, cwd: string): Promise<PerInstanceTrace> {
  const text = decodeText(path, await readInputBytes(path, cwd));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  try {
    return validatePerInstanceTrace(parsed);
  } catch (error) {
    if (isDpboundsError(error)) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const path = requiredString(flags, 'trace', 'a per-instance trace file (.json)');
  if (flags['alpha'] === undefined) throw new UsageError('missing --alpha (integer Rényi orders ≥ 2, comma-separated)');
  const orders = numberList(flags, 'alpha', { min: 2, max: 10_000, integer: true }, []);
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const lambda = optionalNumber(flags, 'lambda', { min: 1, minExclusive: true });
  const trace = await readTrace(path, io.cwd);

  const progress = createProgress(io, 'per-instance', 1);
  const result = perInstancePrivacy({
    orders,
    delta,
    ...(lambda !== undefined ? { lambda } : {}),
    samplingRate: trace.samplingRate,
    noiseMultiplier: trace.noiseMultiplier,
    steps: trace.steps,
    checkpointSteps: trace.checkpointSteps,
    recordCount: trace.records.length,
    ratios: perInstanceTraceRatios(trace),
    onProgress: (done, total) => progress.update(done / total),
  });
  progress.finish();

  const points = result.records.map((record, i) => {
    const source = trace.records[i];
    return {
      id: source?.id ?? i,
      ...(source?.label !== undefined ? { label: source.label } : {}),
      epsilon: record.epsilon,
      rdp: record.rdp,
      alpha: record.order,
      perInstanceEpsilon: record.perInstanceEpsilon,
    };
  });
  const json = {
    points,
    dataIndependentEpsilon: result.dataIndependent.epsilon,
    dataIndependentAlpha: result.dataIndependent.order,
    delta,
    alphas: orders,
    lambda: result.lambda,
    runs: result.runs,
    steps: trace.steps,
    samplingRate: trace.samplingRate,
    noiseMultiplier: trace.noiseMultiplier,
  };

  const epsilons = points.map((p) => p.epsilon).sort((a, b) => a - b);
  const median = epsilons[Math.floor((epsilons.length - 1) / 2)] ?? 0;
  const rows = points.slice(0, TEXT_ROWS).map((p) => [String(p.id), p.label ?? '', formatNumber(p.epsilon), formatNumber(p.perInstanceEpsilon), formatNumber(p.rdp), String(p.alpha)]);
  const text = [
    formatKeyValues([
      ['records', String(points.length)],
      ['runs', String(result.runs)],
      ['steps', String(trace.steps)],
      ['delta', formatNumber(delta)],
      ['lambda', formatNumber(result.lambda)],
      ['data-independent epsilon', `${formatNumber(result.dataIndependent.epsilon)} (alpha ${result.dataIndependent.order})`],
      ['median per-instance epsilon', formatNumber(median)],
      ['max per-instance epsilon', formatNumber(epsilons[epsilons.length - 1] ?? 0)],
    ]),
    '',
    formatTable(['id', 'label', 'epsilon', 'per-instance', 'rdp', 'alpha'], rows),
    ...(points.length > TEXT_ROWS ? [`… ${points.length - TEXT_ROWS} more records (use --json for all)`] : []),
    '',
    'epsilon = min(per-instance, data-independent); per-instance values are estimates from the runs in the trace.',
  ].join('\n');
  return { json, text };
}

/** The `per-instance` command (CLI.md). */
export const perInstanceCommand: CommandDefinition = {
  name: 'per-instance',
  summary: 'per-instance (data-dependent) Rényi DP of each target record from a training trace',
  description: [
    'Computes, for each target record of a per-instance trace (written by `dpbounds train --instrument per-instance`',
    'or by your own Opacus/PyTorch loop, see docs/per-instance-trace.md), the privacy it actually got in this',
    'training setup: per-step Rényi DP from its clipped gradient norm (Thudi et al. 2024, Thm 3.2), composed over',
    'the steps with the Hölder constant lambda over the runs in the trace (Thm 3.3), converted to (epsilon, delta) and',
    'capped by the data-independent guarantee of the same run, which is reported beside it.',
  ].join('\n'),
  flags: {
    trace: { type: 'string', valueName: 'FILE', description: 'per-instance trace (.json, format dpbounds.per-instance-trace v1)' },
    alpha: { type: 'string', valueName: 'list', description: 'integer Rényi orders ≥ 2 (comma-separated); epsilon minimises over them' },
    delta: { type: 'string', valueName: 'δ', description: 'delta of the (epsilon, delta) conversion, in (0, 1)' },
    lambda: { type: 'string', valueName: 'λ', description: 'Hölder constant > 1 of the composition', defaultText: '1 + 3(T − 1), Fact 3.4' },
  },
  examples: ['dpbounds per-instance --trace run/per-instance-trace.json --alpha 2,4,8,16,32,64 --delta 1e-5 --json'],
  run,
};
