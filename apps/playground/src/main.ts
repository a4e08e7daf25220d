/**
 * The playground page: reads the configuration from the URL, draws the DP guarantee and every
 * threat model's combined curve with the headline numbers, and recomputes on every change. The
 * closed-form numbers are computed at once on the main thread; everything else (PLD accounting,
 * combined curves, the relaxed threat model, calibration, uploaded scores) runs in workers with a
 * time budget, and
 * a newer configuration cancels the running job. A computation that fails or runs past its budget
 * is reported at the control it is about, and the page recovers as soon as that control changes.
 * While the inputs are invalid, the last results stay on screen marked as stale. The URL always
 * holds the current configuration.
 */
import './style.css';
import type { AnalysisReply, AnalysisRequest } from './analysis-protocol.js';
import { isFinalReply } from './analysis-protocol.js';
import { BudgetedWorker, browserWorker, JobCancelledError, JobTimeoutError } from './budgeted-worker.js';
import { calibrateClosedForm } from './closed-form-calibration.js';
import { bandedTargetRefusal } from './banded-targets.js';
import { computeClosedForm, type ClosedFormResults, type LabelledNumber } from './closed-form.js';
import { onControlsChange, showErrors, writeControls } from './controls.js';
import { legendLabel, relationLabel, type CurveView } from './curve-view.js';
import { attributeFailure, type FieldFailure } from './failure-field.js';
import { fprGrid } from './fpr-grid.js';
import { formatValue, renderHeadline, type HeadlineRow } from './headline.js';
import { paramsToQuery, queryToParams, validateParams, type FieldErrors, type PlaygroundParams, type ResolvedConfig } from './params.js';
import { createTradeOffPlot } from './plot.js';
import type { DpStage, EpsilonStage, RtmStage } from './run-analysis.js';

/** Time budget of each stage of an analysis (DP curves, RTM, ε: each gets its own) and of one calibration, in ms. */
const ANALYSIS_BUDGET_MS = 8000;
const CALIBRATION_BUDGET_MS = 60_000;
/**
 * The budgets in force, read when each stage starts: the constants above, unless
 * `window.dpboundsBudgets` (set from the console, or by the end-to-end test so that a loaded
 * machine does not stop an ordinary run, and a pathological one is stopped without waiting 8 s)
 * gives `analysisMs` or `calibrationMs`.
 */
function budgetOf(which: 'analysisMs' | 'calibrationMs', fallback: number): () => number {
  return () => {
    const value = (window as unknown as { dpboundsBudgets?: Partial<Record<'analysisMs' | 'calibrationMs', unknown>> }).dpboundsBudgets?.[which];
    return typeof value === 'number' && value > 0 && Number.isFinite(value) ? value : fallback;
  };
}

const grid = fprGrid();
const plot = createTradeOffPlot(document.getElementById('plot') as HTMLElement);
const headlineBody = (document.getElementById('headline') as HTMLTableElement).tBodies[0] as HTMLTableSectionElement;
const results = document.getElementById('results') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;
const staleBanner = document.getElementById('staleBanner') as HTMLElement;
const plotNote = document.getElementById('plotNote') as HTMLElement;
const startWorker = (): Worker => new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
const makeWorker = (budgetMs: () => number): BudgetedWorker<AnalysisRequest, AnalysisReply> =>
  new BudgetedWorker<AnalysisRequest, AnalysisReply>({ create: () => browserWorker<AnalysisRequest, AnalysisReply>(startWorker), budgetMs, isFinal: isFinalReply });
const analysis = makeWorker(budgetOf('analysisMs', ANALYSIS_BUDGET_MS));
const calibration = makeWorker(budgetOf('calibrationMs', CALIBRATION_BUDGET_MS));
const upload = makeWorker(budgetOf('calibrationMs', CALIBRATION_BUDGET_MS));

let params: PlaygroundParams = queryToParams(window.location.search);
/** The last valid configuration: every result on screen belongs to it. */
let config: ResolvedConfig | undefined;
let closedForm: ClosedFormResults | undefined;
let dpStage: DpStage | undefined;
let rtmStage: RtmStage | undefined;
let epsilonStage: EpsilonStage | undefined;
/** Why the worker's curves are missing for `config` (shown in the table), if they are. */
let workerProblem: string | undefined;
/** Why ε is missing for `config` while the curves are shown, if it is. */
let epsilonProblem: string | undefined;
let computeErrors: FieldErrors = {};
/** The uploaded attack's ROC-hull FNR on the grid (it does not depend on the configuration). */
let uploadedFnr: Float64Array | undefined;
let pendingAnalysis: ReturnType<typeof setTimeout> | undefined;

/** `invalid`: no valid configuration yet; `stale`: results of an earlier configuration while the fields are invalid. */
type ResultsState = 'updating' | 'fresh' | 'stale' | 'failed' | 'invalid';
function setState(state: ResultsState, banner = ''): void {
  results.dataset.state = state;
  staleBanner.textContent = banner;
  staleBanner.hidden = banner === '';
}

function labelsOf(n: LabelledNumber): string {
  return `${n.kind} · ${relationLabel(n.relation)}`;
}

function workerValue(n: LabelledNumber | undefined, problem = workerProblem): string {
  if (n !== undefined) return formatValue(n.value);
  return problem === undefined ? 'computing…' : 'not computed';
}

function currentViews(): CurveView[] {
  // the DP guarantee last, so it is drawn on top of combined curves that coincide with it
  const stageViews = dpStage?.views ?? [];
  const views: CurveView[] = stageViews.filter((v) => v.id !== 'dp');
  if (rtmStage?.view !== undefined) views.push(rtmStage.view);
  views.push(...stageViews.filter((v) => v.id === 'dp'));
  if (uploadedFnr !== undefined && config !== undefined) views.push({ id: 'empirical', name: 'uploaded attack (ROC hull)', kind: 'empirical', relation: config.relation, fnr: uploadedFnr });
  return views;
}

function redraw(): void {
  if (config === undefined) return;
  const views = currentViews();
  plot.update(grid, views, config.relation, params.logFpr);
  // for tests and for inspection from the console: exactly what the plot draws
  (window as unknown as { dpboundsPlot: unknown }).dpboundsPlot = { grid: [...grid], relation: config.relation, curves: views.map((v) => ({ id: v.id, label: legendLabel(v), kind: v.kind, relation: v.relation, fnr: [...v.fnr] })) };
  const notes = [`All curves: ${relationLabel(config.relation)} neighbouring.`];
  if (config.mechanism === 'bandmf') {
    notes.push('BandMF run: the curve is its DP trade-off curve, from the PLD of the banded matrix mechanism (a guarantee). Bayes security, μ-GMIP and the relaxed threat model assume DP-SGD with Poisson sampling; they are not guarantees for this run and are not drawn.');
    if (config.banded?.participation === 'balls-in-bins') notes.push(ballsInBinsCurveNote());
  }
  if (config.sampler !== 'poisson') notes.push(`Every curve and closed-form number is computed for Poisson batches at q = B/N; your loop draws ${config.sampler} batches, so none of them is a guarantee for it (see the ε row).`);
  if (rtmStage !== undefined) {
    if (config.mechanism !== 'bandmf') notes.push(rtmStage.note);
  } else if (dpStage !== undefined && workerProblem === undefined) notes.push('Relaxed threat model: computing…');
  if (closedForm?.gmipProblem !== undefined) notes.push(closedForm.gmipProblem);
  else if (closedForm?.gmipAssumedDatasetSize === true && config.relation === 'substitution') notes.push('μ-GMIP assumes N = 10⁴/q records (only q is given).');
  if (uploadedFnr !== undefined) notes.push(`The uploaded attack is compared as if its experiment used ${relationLabel(config.relation)} neighbouring.`);
  plotNote.textContent = notes.join(' ');
  renderHeadline(headlineBody, headlineRows(config));
  for (const id of ['epsilon', 'tprAt01', 'tprAt1', 'combinedBayesSecurity']) headlineBody.querySelector(`tr[data-id="${id}"] td.value`)?.classList.add('from-worker');
}

/**
 * For a balls-in-bins BandMF run: the curve (and the TPRs read off it) is the unamplified
 * guarantee; the headline ε may credit amplification, from an RDP bound of which no curve is drawn.
 */
function ballsInBinsCurveNote(): string {
  const banded = epsilonStage?.banded;
  const unamplified = 'Balls-in-bins: the curve and the TPRs read off it are the unamplified guarantee (PLD, no credit for the random placement)';
  if (banded === undefined) return `${unamplified}; the headline ε may credit amplification.`;
  if (banded.binds === 'amplified') {
    return `${unamplified}: valid, but looser than the headline ε = ${formatValue(banded.amplified)}, which credits amplification (RDP bound; no curve is drawn from it). The curve's own ε is ${formatValue(banded.unamplified)}.`;
  }
  return `${unamplified}, as is the headline ε: crediting amplification does not do better here.`;
}

/** What the ε row means for a sampler other than Poisson (the kind decides the words). */
function samplerExplanation(c: ResolvedConfig): string {
  const kind = epsilonStage?.epsilon.kind;
  const upper = epsilonStage?.poisson?.upper;
  const bound = upper === undefined ? '' : ` Proven upper bound: ε ≤ ${formatValue(upper)}.`;
  if (kind === 'lower-bound') return `A lower bound on the ε of your ${c.sampler} loop: an attack provably reaches it; it is not a guarantee.${bound}`;
  if (kind === 'estimate') return `An estimate of the ε of your ${c.sampler} loop, not a bound.${bound}`;
  const how = epsilonStage?.poisson?.method?.startsWith('rdp') === true ? 'RDP' : 'PLD';
  const estimate = epsilonStage?.poisson?.estimate;
  const beside = estimate === undefined ? '' : ` The Poisson accountant at the allocation rate estimates ε ≈ ${formatValue(estimate)} (an estimate, not a bound: proven only as the batches per epoch grow, it can be below the true ε when they are few).`;
  return `The (ε, δ) guarantee of your ${c.sampler} loop (${how}).${beside}`;
}

/** The rows of a BandMF run: ε with what was priced in words, TPR from its DP curve, and the DP-SGD threat models marked as not applying. */
function bandedHeadlineRows(c: ResolvedConfig): HeadlineRow[] {
  const rel = relationLabel(c.relation);
  const epsProblem = epsilonProblem ?? workerProblem;
  const banded = epsilonStage?.banded;
  const amplified = banded?.binds === 'amplified';
  const coarsened = banded?.note === undefined ? '' : ` ${amplified ? 'Unamplified PLD: ' : ''}${banded.note}.`;
  const curve = c.banded?.participation === 'balls-in-bins' ? 'unamplified DP curve of the BandMF run; amplification, credited in ε, is not in it' : 'DP curve of the BandMF run';
  const rows: HeadlineRow[] = [
    {
      id: 'epsilon',
      label: `ε at δ = ${formatValue(c.delta, 3)}`,
      value: workerValue(epsilonStage?.epsilon, epsProblem),
      labels: `${epsilonStage?.epsilon.kind ?? 'guarantee'} (${amplified ? 'amplified, RDP' : 'PLD'}) · ${rel}`,
      explanation: `${banded === undefined ? 'The (ε, δ) guarantee of the BandMF run (PLD accountant, upper end of its numerical error).' : banded.words}${coarsened}${epsProblem === undefined ? '' : ` Not computed: ${epsProblem}`}`,
    },
    {
      id: 'tprAt01',
      label: 'TPR at 0.1 % FPR',
      value: workerValue(dpStage?.tprAt01),
      labels: dpStage === undefined ? `guarantee · ${rel}` : labelsOf(dpStage.tprAt01),
      explanation: `Highest share of members any attack can flag while wrongly flagging 1 in 1000 non-members (${curve}).`,
    },
    {
      id: 'tprAt1',
      label: 'TPR at 1 % FPR',
      value: workerValue(dpStage?.tprAt1),
      labels: dpStage === undefined ? `guarantee · ${rel}` : labelsOf(dpStage.tprAt1),
      explanation: `The same at 1 non-member in 100 (${curve}).`,
    },
    {
      id: 'dpSgdOnly',
      label: 'Bayes security β*, μ-GMIP, relaxed threat model',
      value: 'not shown',
      labels: 'does not apply to BandMF',
      explanation: 'These analyses assume DP-SGD with Poisson sampling and independent noise each step; for a banded matrix mechanism they would not be guarantees, so the page does not show them. ε and the DP curve above hold against every attacker.',
    },
    {
      id: 'steps',
      label: 'Steps n',
      value: String(c.steps),
      labels: '',
      explanation: `Bands b = ${c.banded?.bandValues.length ?? '—'}, participation ${c.banded?.participation ?? '—'}, k = ${c.banded?.minSeparation ?? '—'}.`,
    },
  ];
  return rows;
}

function headlineRows(c: ResolvedConfig): HeadlineRow[] {
  if (c.mechanism === 'bandmf') return bandedHeadlineRows(c);
  const rel = relationLabel(c.relation);
  const rows: HeadlineRow[] = [];
  const problem = workerProblem === undefined ? '' : ` Not computed: ${workerProblem}`;
  const epsProblem = epsilonProblem ?? workerProblem;
  rows.push({
    id: 'epsilon',
    label: `ε at δ = ${formatValue(c.delta, 3)}`,
    value: workerValue(epsilonStage?.epsilon, epsProblem),
    labels: epsilonStage === undefined ? `guarantee · ${rel}` : labelsOf(epsilonStage.epsilon),
    explanation: `${c.sampler === 'poisson' ? 'The (ε, δ) guarantee of the whole run against the strongest attacker (PLD accountant, upper end of its numerical error).' : samplerExplanation(c)}${epsProblem === undefined ? '' : ` Not computed: ${epsProblem}`}`,
  });
  const poisson = epsilonStage?.poisson;
  if (c.sampler !== 'poisson' && poisson !== undefined) {
    rows.push({
      id: 'poissonEpsilon',
      label: 'ε of the Poisson accountant (q = B/N)',
      value: formatValue(poisson.epsilon),
      labels: `guarantee for Poisson batches only · ${rel}`,
      explanation: `${poisson.validForRun ? 'Valid for this run.' : 'Does NOT apply to your loop: it is what Opacus or dp_accounting would print.'} ${poisson.note}`,
    });
  }
  // Bayes security, its certified bound and the combined curves price Poisson batches: for another
  // sampler they are no guarantee of the loop (the page's note says so), and their labels agree
  const poissonOnly = c.sampler !== 'poisson';
  const forLoop = (n: LabelledNumber): string => labelsOf(poissonOnly && n.kind === 'guarantee' ? { ...n, kind: 'estimate' } : n);
  const pending = `${poissonOnly ? 'estimate' : 'guarantee'} · ${rel}`;
  const notForLoop = poissonOnly ? ` Computed for Poisson batches: not a guarantee for your ${c.sampler} loop.` : '';
  if (closedForm !== undefined) {
    rows.push({
      id: 'bayesSecurity',
      label: 'Bayes security β*',
      value: formatValue(closedForm.bayesSecurity.value),
      labels: labelsOf(closedForm.bayesSecurity),
      explanation: `1 − the best membership attacker's advantage (Cherubin et al. 2024, Cor. 7), without its approximation error; 1 is perfect. Attacker success at prior ½: ${formatValue(closedForm.attackSuccess.value)} (estimate).`,
    });
    rows.push({
      id: 'bayesCertified',
      label: 'Certified β* (β* − error)',
      value: formatValue(closedForm.bayesCertified.value),
      labels: forLoop(closedForm.bayesCertified),
      explanation: `The closed form minus its certified approximation error; 0 means the error term is vacuous here.${notForLoop}`,
    });
  }
  rows.push({
    id: 'combinedBayesSecurity',
    label: 'β* of Bayes security ∨ DP',
    value: workerValue(dpStage?.combinedBayesSecurity),
    labels: dpStage?.combinedBayesSecurity === undefined ? pending : labelsOf(dpStage.combinedBayesSecurity),
    explanation: `${dpStage?.combinedBayesSecurity?.kind === 'guarantee' ? 'The Bayes-security guarantee of this run' : 'Bayes security of the run'}: 1 − TV read off the combined curve (at least the certified β* and the DP curve's own β*).${notForLoop}${problem}`,
  });
  rows.push({
    id: 'tprAt01',
    label: 'TPR at 0.1 % FPR',
    value: workerValue(dpStage?.tprAt01),
    labels: dpStage === undefined ? pending : labelsOf(dpStage.tprAt01),
    explanation: 'Highest share of members any attack can flag while wrongly flagging 1 in 1000 non-members (DP curve).',
  });
  rows.push({
    id: 'tprAt1',
    label: 'TPR at 1 % FPR',
    value: workerValue(dpStage?.tprAt1),
    labels: dpStage === undefined ? pending : labelsOf(dpStage.tprAt1),
    explanation: 'The same at 1 non-member in 100 (DP curve).',
  });
  if (closedForm?.gmipMu !== undefined) {
    rows.push({ id: 'gmipMu', label: 'μ-GMIP', value: formatValue(closedForm.gmipMu.value), labels: labelsOf(closedForm.gmipMu), explanation: 'Gaussian membership-inference privacy of a typical record (Leemann et al. 2023): an estimate when it rests on the normal and CLT approximations, a guarantee when full batches let the exact DP μ bind.' });
  }
  rows.push({ id: 'steps', label: 'Steps T', value: String(c.steps), labels: '', explanation: `Sampling rate q = ${formatValue(c.samplingRate)}.` });
  return rows;
}

function placeFailure(failure: FieldFailure): void {
  computeErrors = { ...computeErrors, [failure.field]: failure.message };
  const { errors } = validateParams(params);
  showErrors(errors, computeErrors);
}

function startAnalysis(c: ResolvedConfig): void {
  const started = performance.now();
  const rtmFailed = (failure: FieldFailure): void => {
    placeFailure(failure);
    rtmStage = { view: undefined, note: `Relaxed threat model: not drawn. ${failure.message}` };
  };
  analysis
    .run({ kind: 'analyze', config: c, grid }, (reply) => {
      if (config !== c) return;
      if (reply.kind === 'dp') {
        dpStage = reply.stage;
        document.body.dataset.pldMs = (performance.now() - started).toFixed(1);
      } else if (reply.kind === 'rtm') {
        if (reply.stage !== undefined) rtmStage = reply.stage;
        else if (reply.failure !== undefined) rtmFailed(attributeFailure(params, c, 'The relaxed-threat-model analysis', reply.failure));
      }
      redraw();
    })
    .then((reply) => {
      if (config !== c) return;
      if (reply.kind === 'epsilon') {
        epsilonStage = reply.stage;
        document.body.dataset.epsilonMs = (performance.now() - started).toFixed(1);
        setState('fresh');
      } else if (reply.kind === 'error') {
        const failure = attributeFailure(params, c, reply.during === 'dp' ? 'The DP accounting' : 'The ε accounting', reply.failure);
        placeFailure(failure);
        if (reply.during === 'dp') {
          workerProblem = failure.message;
          setState('failed');
        } else {
          epsilonProblem = failure.message;
          setState('fresh');
        }
      }
      redraw();
    })
    .catch((error: unknown) => {
      if (error instanceof JobCancelledError || config !== c) return;
      const name = dpStage === undefined ? 'The DP accounting' : rtmStage === undefined ? 'The relaxed-threat-model analysis' : 'The ε accounting';
      const failure = attributeFailure(params, c, name, error instanceof JobTimeoutError ? { budgetMs: error.budgetMs } : { message: error instanceof Error ? error.message : String(error), parameter: undefined });
      if (dpStage === undefined) {
        placeFailure(failure);
        workerProblem = failure.message;
        setState('failed');
      } else {
        // the curves on screen stand; what did not finish is said where it is missing
        if (rtmStage === undefined) {
          rtmFailed(failure);
          epsilonProblem = 'the analysis was stopped before it reached ε (see the relaxed threat model).';
        } else {
          placeFailure(failure);
          epsilonProblem = failure.message;
        }
        setState('fresh');
      }
      redraw();
    });
}

function update(next: PlaygroundParams): void {
  params = next;
  const { config: resolved, errors } = validateParams(params);
  const state = results.dataset.state;
  if (resolved !== undefined && config !== undefined && JSON.stringify(resolved) === JSON.stringify(config) && state !== 'stale' && state !== 'invalid') {
    // only the axis scale or the calibration target changed: the results on screen still hold
    // (a calibration failure placed at the target is about the old target)
    computeErrors = Object.fromEntries(Object.entries(computeErrors).filter(([field]) => field !== 'targetValue'));
    showErrors(errors, computeErrors);
    window.history.replaceState(null, '', `?${paramsToQuery(params)}`);
    redraw();
    return;
  }
  computeErrors = {};
  showErrors(errors);
  if (resolved === undefined) {
    clearTimeout(pendingAnalysis);
    analysis.cancel();
    status.textContent = 'Fix the highlighted fields to update the results.';
    if (config !== undefined) setState('stale', 'Stale: the plot and numbers below are for the last valid configuration, not for the fields as they are now.');
    else setState('invalid', 'No results yet: fix the highlighted fields.');
    return;
  }
  config = resolved;
  window.history.replaceState(null, '', `?${paramsToQuery(params)}`);
  const started = performance.now();
  status.textContent = '';
  try {
    // the closed forms are DP-SGD's (Poisson sampling); a BandMF run shows none of them
    closedForm = resolved.mechanism === 'bandmf' ? undefined : computeClosedForm(resolved);
  } catch (error) {
    closedForm = undefined;
    const failure = attributeFailure(params, resolved, 'The closed-form analysis', { message: error instanceof Error ? error.message : String(error), parameter: (error as { parameter?: string }).parameter });
    placeFailure(failure);
  }
  dpStage = undefined;
  rtmStage = undefined;
  epsilonStage = undefined;
  workerProblem = undefined;
  epsilonProblem = undefined;
  setState('updating');
  redraw();
  // exposed for the benchmark (bench/page-updates.bench.ts): time to the closed-form redraw
  document.body.dataset.closedFormMs = (performance.now() - started).toFixed(2);
  // a burst of input events (a held arrow key on a slider) starts one analysis, not one per event
  clearTimeout(pendingAnalysis);
  analysis.cancel();
  pendingAnalysis = setTimeout(() => startAnalysis(resolved), 40);
}

document.getElementById('scoresFile')?.addEventListener('change', (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  const message = document.getElementById('scoresError') as HTMLElement;
  if (file === undefined) return;
  message.textContent = `Reading ${file.name}…`;
  void file.text().then((text) =>
    upload
      .run({ kind: 'empirical', text, fileName: file.name, grid })
      .then((reply) => {
        if (reply.kind === 'empirical') {
          uploadedFnr = reply.fnr;
          message.textContent = '';
        } else if (reply.kind === 'error') {
          uploadedFnr = undefined;
          message.textContent = reply.failure.message;
        }
        redraw();
      })
      .catch((error: unknown) => {
        if (error instanceof JobCancelledError) return;
        uploadedFnr = undefined;
        message.textContent = error instanceof JobTimeoutError ? `${file.name}: reading the scores did not finish within ${error.budgetMs / 1000} s and was stopped.` : error instanceof Error ? error.message : String(error);
        redraw();
      }),
  );
});

document.getElementById('calibrate')?.addEventListener('click', () => {
  const out = document.getElementById('calibrationResult') as HTMLElement;
  const c = config;
  if (c === undefined || results.dataset.state === 'stale') {
    out.textContent = 'Fix the highlighted fields first.';
    return;
  }
  if (c.mechanism === 'bandmf') {
    // a BandMF run is calibrated for a target ε only; β* and the TPR search are DP-SGD's
    const refusal = bandedTargetRefusal(params.targetKind);
    if (refusal !== undefined) {
      out.textContent = refusal;
      return;
    }
  }
  if (params.targetKind === 'bayesSecurity') {
    out.textContent = calibrateClosedForm(c, params.targetValue);
    return;
  }
  const target = params.targetKind;
  const value = params.targetValue;
  out.textContent = 'Calibrating…';
  calibration
    .run({ kind: 'calibrate', config: c, target, value })
    .then((reply) => {
      if (reply.kind === 'calibrated') {
        const run = c.mechanism === 'bandmf' ? `; BandMF run, ${reply.binds === 'amplified' ? 'amplified guarantee (RDP, balls-in-bins)' : 'PLD guarantee'}` : '';
        out.textContent = `Noise multiplier σ = ${formatValue(reply.noiseMultiplier, 5)} reaches ${target === 'epsilon' ? 'ε' : 'TPR at 1 % FPR'} = ${formatValue(reply.achieved)} (target ${formatValue(value)}; ${relationLabel(c.relation)}${run}).`;
      } else if (reply.kind === 'error') {
        const failure = attributeFailure(params, c, 'The calibration', reply.failure);
        out.textContent = failure.message;
        placeFailure(failure);
      }
    })
    .catch((error: unknown) => {
      if (error instanceof JobCancelledError) return;
      out.textContent = error instanceof JobTimeoutError ? `The calibration did not finish within ${error.budgetMs / 1000} s and was stopped.` : error instanceof Error ? error.message : String(error);
    });
});

writeControls(params);
onControlsChange(update);
update(params);
window.addEventListener('resize', redraw);
