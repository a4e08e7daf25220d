/**
 * The configuration table of report.html in words: report.json's `config` keys named as a
 * practitioner would, numbers at 4 significant digits, missing entries left out.
 */
import { formatNumber } from '../format.js';

const LABELS: readonly (readonly [key: string, label: string])[] = [
  ['dataset', 'dataset'],
  ['trainingRecords', 'training records'],
  ['model', 'model'],
  ['hiddenUnits', 'hidden units'],
  ['parameters', 'trainable parameters'],
  ['epochs', 'epochs'],
  ['steps', 'training steps T'],
  ['expectedBatchSize', 'expected batch size'],
  ['sampling', 'batch sampling'],
  ['samplingRate', 'sampling rate q'],
  ['noiseMultiplier', 'noise multiplier σ'],
  ['clip', 'clipping norm C'],
  ['learningRate', 'learning rate'],
  ['delta', 'δ of every ε'],
  ['sensitiveAttribute', 'attribute for attribute inference'],
  ['canaries', 'Dirac gradient canaries'],
  ['inputCanaries', 'input-space canaries'],
  ['seed', 'random seed'],
];

function text(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en-US') : formatNumber(value, 4);
  return String(value);
}

/** How the noise multiplier was chosen, in words (from report.json's `config.noiseSelection`). */
function noiseSelection(value: unknown, config: Readonly<Record<string, unknown>>): string | null {
  if (value === null || typeof value !== 'object') return null;
  const chosenFor = (value as { chosenFor?: unknown }).chosenFor;
  if (chosenFor === 'given') return 'given on the command line';
  if (chosenFor === null || typeof chosenFor !== 'object') return null;
  const c = chosenFor as Record<string, unknown>;
  const base = `closed-form choice for membership β* = ${text(c['targetBayesSecurity'])} after ${text(c['epochs'])} epochs at q = ${text(c['samplingRate'])} (${String(c['relation'])}; Cherubin et al.)`;
  // --target-epochs (the paper's 20) and --epochs (the run) are separate flags: say which one the run used
  const epochs = config['epochs'];
  if (typeof epochs !== 'number' || typeof c['epochs'] !== 'number' || epochs === c['epochs']) return base;
  const effect = epochs < c['epochs'] ? 'fewer steps, so its β* is above the target' : 'more steps, so its β* is below the target';
  const rate = typeof c['samplingRate'] === 'number' && typeof config['samplingRate'] === 'number' && text(c['samplingRate']) !== text(config['samplingRate']) ? `, at q = ${text(config['samplingRate'])} (its training split includes the input canaries)` : '';
  return `${base}, the target epochs (--target-epochs); this run trains ${text(epochs)} epochs (--epochs)${rate}: ${effect}`;
}

/**
 * [label, value] rows of the configuration table, in a fixed reading order.
 *
 * @example configRows({ samplingRate: 0.009790240123, steps: 1021 }) // [['training steps T', '1,021'], ['sampling rate q', '0.00979']]
 */
export function configRows(config: Readonly<Record<string, unknown>>): [string, string][] {
  const rows: [string, string][] = [];
  for (const [key, label] of LABELS) {
    const value = config[key];
    if (value === null || value === undefined) continue;
    rows.push([label, text(value)]);
  }
  const selection = noiseSelection(config['noiseSelection'], config);
  if (selection !== null) rows.push(['how σ was chosen', selection]);
  return rows;
}
