/**
 * The playground page: reads the configuration from the URL, draws every threat model's
 * trade-off curve and the headline numbers, and recomputes on every change (closed forms at once,
 * the PLD in a Web Worker). The URL always holds the current configuration.
 */
import './style.css';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import { computeClosedForm, type ClosedFormResults } from './closed-form.js';
import { onControlsChange, showErrors, writeControls } from './controls.js';
import { empiricalFnr } from './empirical-curve.js';
import { fprGrid } from './fpr-grid.js';
import { formatValue, renderHeadline, type HeadlineRow } from './headline.js';
import { paramsToQuery, queryToParams, validateParams, type PlaygroundParams, type ResolvedConfig } from './params.js';
import { PldClient } from './pld-client.js';
import { createTradeOffPlot, type PlotSeries } from './plot.js';
import { parseScoresFile, type ParsedScores } from './scores-file.js';
import { calibrateClosedForm } from './closed-form-calibration.js';

const grid = fprGrid();
const plot = createTradeOffPlot(document.getElementById('plot') as HTMLElement);
const headlineBody = (document.getElementById('headline') as HTMLTableElement).tBodies[0] as HTMLTableSectionElement;
const status = document.getElementById('status') as HTMLElement;
const pld = new PldClient();

let params: PlaygroundParams = queryToParams(window.location.search);
let closedForm: ClosedFormResults | undefined;
let dp: { epsilon: number; epsilonLower: number; fnr: Float64Array; tprAt01: number; tprAt1: number; ms: number } | undefined;
let scores: ParsedScores | undefined;
let config: ResolvedConfig | undefined;

function sampleCurve(curve: TradeOffCurve): Float64Array {
  const out = new Float64Array(grid.length);
  for (let i = 0; i < grid.length; i++) out[i] = curve.evaluate(grid[i] as number);
  return out;
}

function redraw(): void {
  const series: PlotSeries[] = [];
  if (dp !== undefined) series.push({ label: '(ε, δ)-DP: PLD accountant', color: '#1f4e99', fnr: dp.fnr });
  if (closedForm !== undefined) {
    series.push({ label: 'Bayes security bound (membership)', color: '#c2410c', fnr: sampleCurve(closedForm.bayesCurve) });
    series.push({ label: `μ-GMIP (μ = ${formatValue(closedForm.gmipMu, 3)})`, color: '#15803d', fnr: sampleCurve(closedForm.gmipCurve) });
    series.push({ label: 'relaxed threat model (CLT, d = 1)', color: '#7c3aed', fnr: sampleCurve(closedForm.rtmCurve), dash: [6, 4] });
  }
  if (scores !== undefined) series.push({ label: 'uploaded attack (empirical)', color: '#111827', fnr: empiricalFnr(scores, grid) });
  plot.update(grid, series, params.logFpr);
  const rows: HeadlineRow[] = [];
  rows.push({
    id: 'epsilon',
    label: `ε at δ = ${formatValue(params.delta, 3)}`,
    value: dp === undefined ? 'computing…' : formatValue(dp.epsilon),
    explanation: 'The (ε, δ) guarantee of the whole run against the strongest attacker (PLD accountant, an upper bound).',
  });
  if (closedForm !== undefined) {
    rows.push({
      id: 'bayesSecurity',
      label: 'Bayes security β*',
      value: formatValue(closedForm.bayesSecurity),
      explanation: `1 − the best membership attacker's advantage (Cherubin et al.); 1 is perfect. Certified lower bound: ${formatValue(closedForm.bayesCertifiedLowerBound)}.`,
    });
    rows.push({
      id: 'attackSuccess',
      label: 'Attacker success',
      value: formatValue(closedForm.attackSuccess),
      explanation: 'Highest probability of guessing membership right when members and non-members are equally likely.',
    });
  }
  rows.push({
    id: 'tprAt01',
    label: 'TPR at 0.1 % FPR',
    value: dp === undefined ? 'computing…' : formatValue(dp.tprAt01),
    explanation: 'Share of members the best attack can flag while wrongly flagging 1 in 1000 non-members (DP curve).',
  });
  rows.push({
    id: 'tprAt1',
    label: 'TPR at 1 % FPR',
    value: dp === undefined ? 'computing…' : formatValue(dp.tprAt1),
    explanation: 'The same at 1 non-member in 100 (DP curve).',
  });
  if (config !== undefined) {
    rows.push({ id: 'steps', label: 'Steps T', value: String(config.steps), explanation: `Sampling rate q = ${formatValue(config.samplingRate)}.` });
  }
  renderHeadline(headlineBody, rows);
}

function update(next: PlaygroundParams): void {
  params = next;
  const { config: resolved, errors } = validateParams(params);
  showErrors(errors);
  if (resolved === undefined) {
    status.textContent = 'Fix the highlighted fields to update the results.';
    return;
  }
  config = resolved;
  window.history.replaceState(null, '', `?${paramsToQuery(params)}`);
  const started = performance.now();
  try {
    closedForm = computeClosedForm(resolved);
    status.textContent = '';
  } catch (error) {
    closedForm = undefined;
    status.textContent = error instanceof Error ? error.message : String(error);
  }
  dp = undefined;
  redraw();
  // exposed for the benchmark (bench/page-updates.bench.ts): time to the closed-form redraw
  document.body.dataset.closedFormMs = (performance.now() - started).toFixed(2);
  const pldStarted = performance.now();
  pld
    .evaluate({ samplingRate: resolved.samplingRate, noiseMultiplier: resolved.noiseMultiplier, steps: resolved.steps, delta: resolved.delta }, grid)
    .then((result) => {
      if (result === undefined) return; // superseded by a newer configuration
      dp = { epsilon: result.epsilon, epsilonLower: result.epsilonLower, fnr: result.fnr, tprAt01: result.tprAt01, tprAt1: result.tprAt1, ms: result.milliseconds };
      document.body.dataset.pldMs = (performance.now() - pldStarted).toFixed(1);
      redraw();
    })
    .catch((error: unknown) => {
      status.textContent = error instanceof Error ? error.message : String(error);
    });
}

document.getElementById('scoresFile')?.addEventListener('change', (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  const message = document.getElementById('scoresError') as HTMLElement;
  if (file === undefined) return;
  void file.text().then((text) => {
    try {
      scores = parseScoresFile(text, file.name);
      message.textContent = '';
    } catch (error) {
      scores = undefined;
      message.textContent = error instanceof Error ? error.message : String(error);
    }
    redraw();
  });
});

document.getElementById('calibrate')?.addEventListener('click', () => {
  const out = document.getElementById('calibrationResult') as HTMLElement;
  if (config === undefined) {
    out.textContent = 'Fix the highlighted fields first.';
    return;
  }
  const run = { samplingRate: config.samplingRate, noiseMultiplier: config.noiseMultiplier, steps: config.steps, delta: config.delta };
  if (params.targetKind === 'bayesSecurity') {
    out.textContent = calibrateClosedForm(config, params.targetValue);
    return;
  }
  out.textContent = 'Calibrating…';
  pld
    .calibrate(run, params.targetKind, params.targetValue)
    .then((result) => {
      out.textContent = `Noise multiplier σ = ${formatValue(result.noiseMultiplier, 5)} reaches ${params.targetKind === 'epsilon' ? 'ε' : 'TPR at 1 % FPR'} = ${formatValue(result.achieved)} (target ${formatValue(params.targetValue)}).`;
    })
    .catch((error: unknown) => {
      out.textContent = error instanceof Error ? error.message : String(error);
    });
});

writeControls(params);
onControlsChange(update);
update(params);
window.addEventListener('resize', redraw);
