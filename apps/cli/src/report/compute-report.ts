/**
 * The demo report: every bound and audit of one instrumented DP-SGD run, computed by the
 * packages (@dpbounds/accountants, attacks, audit-one-run, tradeoff-core) from the run's
 * traces. Each section runs on its own: a package error becomes an entry of `unavailable`
 * (naming the section and the reason) instead of a missing report. No math here.
 */
import {
  analyzeBayesSecurity,
  analyzeGmip,
  analyzeRtm,
  bayesSecurityAttributeInference,
  bayesSecurityMia,
  dpSgdEvent,
  GdpAccountant,
  perInstancePrivacy,
  PldAccountant,
  pldTradeOffCurve,
  PrvAccountant,
  RdpAccountant,
} from '@dpbounds/accountants';
import { evaluateAttack, lossThresholdScores } from '@dpbounds/attacks';
import { auditScores } from '@dpbounds/audit-one-run';
import { aiSensitivities, perInstanceTraceRatios } from '@dpbounds/sgd-instrumentation';
import type { Dataset } from '@dpbounds/sgd-instrumentation';
import { empiricalTradeOff, epsilonDeltaTradeOff, gaussianTradeOff } from '@dpbounds/tradeoff-core';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { TrainOutcome } from '../commands/train-run.js';

/** A sampled trade-off curve: β = f(α) (FNR at FPR α). */
export interface ReportCurve {
  readonly id: string;
  readonly label: string;
  /** `guarantee` (an upper bound on any attack), `approximation`, or `empirical`. */
  readonly kind: 'guarantee' | 'approximation' | 'empirical';
  readonly threat: string;
  readonly alpha: readonly number[];
  readonly beta: readonly number[];
}

/** An empirical operating point (FPR, FNR) of an attack or audit. */
export interface ReportPoint {
  readonly id: string;
  readonly label: string;
  readonly fpr: number;
  readonly fnr: number;
}

/** The report (the content of report.json). */
export interface DemoReport {
  readonly format: 'dpbounds.report';
  readonly version: 1;
  readonly config: Record<string, unknown>;
  readonly utility: { readonly testAccuracy: number | null; readonly trainAccuracy: number; readonly testSize: number };
  readonly accounting: readonly Record<string, unknown>[];
  readonly bayesSecurity: Record<string, unknown> | null;
  readonly gmip: Record<string, unknown> | null;
  readonly rtm: Record<string, unknown> | null;
  readonly perInstance: Record<string, unknown> | null;
  readonly attack: Record<string, unknown> | null;
  readonly audit: Record<string, unknown> | null;
  /** The audit from the input-space canaries (black-box loss scores), when they ran. */
  readonly inputAudit: Record<string, unknown> | null;
  readonly overTraining: readonly { readonly step: number; readonly accuracy: number; readonly betaMia: number; readonly betaAi: number | null }[];
  readonly curves: readonly ReportCurve[];
  readonly points: readonly ReportPoint[];
  /** Sections that could not be computed, with the reason. */
  readonly unavailable: readonly { readonly section: string; readonly reason: string }[];
  readonly seconds: Record<string, number>;
}

/** Options of {@link computeReport}. */
export interface ReportOptions {
  readonly delta: number;
  readonly fprs: readonly number[];
  /** Integer Rényi orders for per-instance RDP. */
  readonly orders: readonly number[];
  readonly onProgress?: (fraction: number) => void;
}

const SAMPLE_POINTS = 160;

function sampleCurve(curve: TradeOffCurve): { alpha: number[]; beta: number[] } {
  // Log-spaced low-FPR points plus a uniform grid, so both the tail and the bulk are drawn.
  const alphas = new Set<number>([0, 1]);
  for (let i = 0; i <= 40; i++) alphas.add(10 ** (-6 + (6 * i) / 40));
  for (let i = 1; i < SAMPLE_POINTS - 40; i++) alphas.add(i / (SAMPLE_POINTS - 40));
  const alpha = [...alphas].filter((a) => a >= 0 && a <= 1).sort((a, b) => a - b);
  const beta = alpha.map((a) => Math.min(1, Math.max(0, curve.evaluate(a))));
  return { alpha, beta };
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * Computes every section from a training outcome.
 *
 * @example const report = computeReport(outcome, { delta: 1e-5, fprs: [0.001, 0.01, 0.1], orders: [2, 4, 8, 16, 32] });
 */
export function computeReport(outcome: TrainOutcome, options: ReportOptions): DemoReport {
  const unavailable: { section: string; reason: string }[] = outcome.skipped.map((s) => ({ section: `instrument ${s.instrument}`, reason: s.reason }));
  const seconds: Record<string, number> = { training: outcome.seconds };
  const curves: ReportCurve[] = [];
  const points: ReportPoint[] = [];
  const { result, setup } = outcome;
  const q = result.samplingRate;
  const sigma = result.noiseMultiplier;
  const T = result.steps;
  const C = result.clip;
  const delta = options.delta;
  const sections = 9;
  let done = 0;
  const section = <R>(name: string, fn: () => R): R | null => {
    const started = Date.now();
    try {
      return fn();
    } catch (error) {
      unavailable.push({ section: name, reason: error instanceof Error ? error.message.split('\n')[0] ?? String(error) : String(error) });
      return null;
    } finally {
      seconds[name] = (Date.now() - started) / 1000;
      done++;
      options.onProgress?.(done / sections);
    }
  };
  const addCurve = (id: string, label: string, kind: ReportCurve['kind'], threat: string, curve: TradeOffCurve): void => {
    const s = sampleCurve(curve);
    curves.push({ id, label, kind, threat, alpha: s.alpha, beta: s.beta });
  };

  // 1. Classic (ε, δ) accounting with every accountant (add/remove).
  const accounting =
    section('accounting', () => {
      const event = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps: T });
      const pld = new PldAccountant({ neighbouring: 'add-remove' }).compose(event);
      const pb = pld.getEpsilonBounds(delta);
      const rows: Record<string, unknown>[] = [{ accountant: 'pld', epsilon: pb.upper, epsilonLower: pb.lower, delta, guarantee: true }];
      addCurve('dp', `DP guarantee (PLD), ε = ${pb.upper.toFixed(2)} at δ = ${delta}`, 'guarantee', 'membership (add/remove), worst case', pldTradeOffCurve(pld));
      const rdp = new RdpAccountant({ neighbouring: 'add-remove' }).compose(event).getEpsilonAndOrder(delta);
      rows.push({ accountant: 'rdp', epsilon: rdp.epsilon, delta, order: rdp.order, guarantee: true });
      try {
        const prv = new PrvAccountant().compose(event).getEpsilonBounds(delta);
        rows.push({ accountant: 'prv', epsilon: prv.upper, epsilonLower: prv.lower, epsilonEstimate: prv.estimate, delta, guarantee: true });
      } catch (error) {
        unavailable.push({ section: 'accounting.prv', reason: (error as Error).message });
      }
      const gdp = new GdpAccountant({ neighbouring: 'add-remove' }).compose(event);
      rows.push({ accountant: 'gdp', epsilon: pb.upper, epsilonEstimate: gdp.getEpsilon(delta), mu: gdp.mu(), delta, guarantee: false, note: 'CLT approximation; epsilon column repeats the PLD guarantee' });
      addCurve('gdp', `GDP CLT approximation, μ = ${gdp.mu().toFixed(3)}`, 'approximation', 'membership (add/remove), worst case', gaussianTradeOff(gdp.mu()));
      return rows;
    }) ?? [];

  // 2. Bayes security against membership and attribute inference (Cherubin et al.).
  const ai = outcome.aiSensitivity;
  const bayesSecurity = section('bayesSecurity', () => {
    const mia = analyzeBayesSecurity({ threat: 'mia', samplingRate: q, noiseMultiplier: sigma, steps: T }, { fprs: [...options.fprs] });
    addCurve('bayes-mia', `Bayes security, membership: β* = ${mia.bayesSecurity.toFixed(3)}`, 'guarantee', 'membership (substitution)', mia.curve);
    const out: Record<string, unknown> = {
      membership: { bayesSecurity: mia.bayesSecurity, certifiedLowerBound: mia.certifiedLowerBound, approximationError: mia.approximationError, advantage: mia.advantage, attackSuccess: mia.attackSuccess, tprAtFpr: mia.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr })) },
    };
    if (ai !== undefined) {
      const sens = aiSensitivities(ai);
      const attr = analyzeBayesSecurity({ threat: 'ai', samplingRate: q, noiseMultiplier: sigma, clip: C, sensitivities: sens }, { fprs: [...options.fprs] });
      addCurve('bayes-ai', `Bayes security, attribute (${ai.attribute}): β* = ${attr.bayesSecurity.toFixed(3)}`, 'guarantee', `attribute inference (${ai.attribute})`, attr.curve);
      const approx = ai.approximate !== undefined ? bayesSecurityAttributeInference({ samplingRate: q, noiseMultiplier: sigma, clip: C, sensitivities: ai.approximate }).bayesSecurity : null;
      out['attribute'] = {
        attribute: ai.attribute,
        values: ai.values?.length ?? null,
        method: ai.full !== undefined ? 'full' : 'approximate',
        bayesSecurity: attr.bayesSecurity,
        bayesSecurityApproximate: approx,
        certifiedLowerBound: attr.certifiedLowerBound,
        approximationError: attr.approximationError,
        sensitivityNorm: attr.sensitivityNorm ?? null,
        meanSensitivity: sens.reduce((s, r) => s + r, 0) / sens.length,
        maxSensitivity: Math.max(...sens),
        twoClip: 2 * C,
        warning: attr.warning ?? null,
      };
    }
    return out;
  });

  // 3. μ-GMIP from the gradient statistics (susceptibility K measured at the last checkpoint).
  const stats = outcome.gradientStats;
  const gmip = section('gmip', () => {
    if (stats === undefined) throw new Error('the gradient-stats instrument did not run');
    const last = stats.checkpoints[stats.checkpoints.length - 1];
    if (last === undefined) throw new Error('no gradient-stats checkpoint');
    const d = last.coordinates.length;
    const n = Math.max(2, Math.round(stats.expectedBatchSize));
    const config = { batchSize: n, datasetSize: stats.datasetSize, steps: stats.steps, params: d, noiseStd: (stats.noiseMultiplier * stats.clip) / n, clip: stats.clip };
    // A random target from the data distribution has E[K] = d (the authors' calculator sets K = d):
    // that is the GMIP curve. The median and the worst measured targets are reported beside it
    // (K is heavy-tailed: most records of a trained model have tiny gradients, a few large ones).
    const typical = analyzeGmip({ ...config, susceptibility: d }, [...options.fprs]);
    const median = analyzeGmip({ ...config, susceptibility: last.medianSusceptibility }, [...options.fprs]);
    const worst = analyzeGmip({ ...config, susceptibility: last.maxSusceptibility }, [...options.fprs]);
    addCurve('gmip', `μ-GMIP (d = ${d}, K = d: random target): μ = ${typical.mu.toFixed(3)}`, 'guarantee', 'membership (GMIP game, random target)', typical.curve);
    return {
      mu: typical.mu,
      perStepMu: typical.perStepMu,
      gdpMu: typical.gdpMu,
      params: d,
      susceptibility: d,
      medianSusceptibility: last.medianSusceptibility,
      muMedianTarget: median.mu,
      meanSusceptibility: last.meanSusceptibility,
      maxSusceptibility: last.maxSusceptibility,
      muWorstTarget: worst.mu,
      tprAtFpr: typical.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr })),
      noiseStd: config.noiseStd,
    };
  });

  // 4. Relaxed threat model (GLRT attacker who lacks the alternative record): T Gaussian releases
  // with the record in every step (no subsampling credit) of dimension d ≤ P. The GLRT's power
  // falls as d grows at fixed noncentrality, so any d ≤ P is conservative; d is capped so that
  // d·T stays within the noncentral χ² range of @dpbounds/special-functions (1e5).
  const rtm = section('rtm', () => {
    const dims = Math.max(1, Math.min(outcome.model.parameterCount, Math.floor(1e5 / T)));
    const analysis = analyzeRtm({ mechanism: 'gaussian', sensitivity: 1, scale: sigma, dims, compositions: T }, [...options.fprs]);
    addCurve('rtm', `Relaxed threat model (GLRT attacker; d = ${dims}, no subsampling credit)`, 'guarantee', 'membership, attacker lacks the alternative record', analysis.symmetrized);
    return { mu: analysis.mu, dims, parameters: outcome.model.parameterCount, compositions: T, points: analysis.points };
  });

  // 5. Per-instance ε (Thudi et al.) for the recorded targets.
  const pi = outcome.perInstance;
  const perInstance = section('perInstance', () => {
    if (pi === undefined) throw new Error('the per-instance instrument did not run');
    const privacy = perInstancePrivacy({
      orders: [...options.orders],
      delta,
      samplingRate: pi.samplingRate,
      noiseMultiplier: pi.noiseMultiplier,
      steps: pi.steps,
      checkpointSteps: pi.checkpointSteps,
      recordCount: pi.records.length,
      ratios: perInstanceTraceRatios(pi),
    });
    const records = pi.records.map((r, i) => ({ id: r.id, label: r.label ?? null, epsilon: privacy.records[i]?.epsilon ?? null }));
    const byLabel = (label: string): number | null => {
      const e = records.filter((r) => r.label === label && r.epsilon !== null).map((r) => r.epsilon as number);
      return e.length > 0 ? e.reduce((s, v) => s + v, 0) / e.length : null;
    };
    return { records, dataIndependentEpsilon: privacy.dataIndependent.epsilon, runs: privacy.runs, lambda: privacy.lambda, meanTypical: byLabel('typical'), meanOutlier: byLabel('outlier'), meanRandom: byLabel('random') };
  });

  // 6. A loss-threshold membership-inference attack on training members vs held-out records.
  const attack = section('attack', () => {
    const test = setup.data.test;
    if (test.size === 0) throw new Error('no held-out split');
    const members = setup.data.train;
    const m = Math.min(members.size, test.size, 2000);
    const losses = (data: Dataset, count: number): number[] => {
      const out: number[] = [];
      const d = data.featureCount;
      const grad = new Float64Array(outcome.model.parameterCount);
      for (let i = 0; i < count; i++) out.push(outcome.model.lossAndGradient(result.parameters, data.features.subarray(i * d, (i + 1) * d), data.labels[i] as number, grad));
      return out;
    };
    const scores = lossThresholdScores([...losses(members, m), ...losses(test, m)]).scores;
    const labels = [...Array.from({ length: m }, () => 1), ...Array.from({ length: m }, () => 0)];
    const evaluation = evaluateAttack(scores, labels, { fprs: [...options.fprs] });
    const roc = evaluation.empirical.roc;
    const stride = Math.max(1, Math.floor(roc.fpr.length / 40));
    for (let i = 0; i < roc.fpr.length; i += stride) points.push({ id: 'attack-loss', label: 'loss-threshold attack (empirical ROC)', fpr: roc.fpr[i] as number, fnr: 1 - (roc.tpr[i] as number) });
    return { method: 'loss', targets: 2 * m, auc: evaluation.auc, tprAtFpr: evaluation.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr, tprLower: p.tprLower, tprUpper: p.tprUpper })) };
  });

  // 7. One-run audit from the Dirac canaries' white-box scores.
  const canaries = outcome.canaryScores;
  const audit = section('audit', () => {
    if (canaries === undefined) throw new Error('the canaries instrument did not run');
    const scores = canaries.scores.map((s) => s.score);
    const members = canaries.scores.map((s) => s.member);
    // Bonferroni over the guess configurations tried, so the reported ε is a valid 95% lower bound.
    const resultAudit = auditScores({ scores, members }, { delta, confidence: 0.95, bonferroni: true });
    const memberScores = canaries.scores.filter((s) => s.member === 1).map((s) => s.score);
    const nonMemberScores = canaries.scores.filter((s) => s.member === 0).map((s) => s.score);
    const roc = empiricalTradeOff(memberScores, nonMemberScores).roc;
    const stride = Math.max(1, Math.floor(roc.fpr.length / 40));
    for (let i = 0; i < roc.fpr.length; i += stride) points.push({ id: 'canaries', label: 'Dirac canaries (white-box scores, empirical ROC)', fpr: roc.fpr[i] as number, fnr: 1 - (roc.tpr[i] as number) });
    if (resultAudit.empiricalEpsilon > 0 && Number.isFinite(resultAudit.empiricalEpsilon)) {
      addCurve('audit', `One-run audit lower bound: ε ≥ ${resultAudit.empiricalEpsilon.toFixed(3)}`, 'empirical', 'membership (canaries)', epsilonDeltaTradeOff(resultAudit.empiricalEpsilon, delta));
    }
    return {
      method: resultAudit.method,
      empiricalEpsilon: resultAudit.empiricalEpsilon,
      empiricalMu: resultAudit.empiricalMu ?? null,
      delta: resultAudit.delta,
      confidence: resultAudit.confidence,
      canaries: resultAudit.canaries,
      guesses: resultAudit.guesses,
      correct: resultAudit.correct,
      scoring: canaries.scoring,
      bonferroni: resultAudit.bonferroni,
      configurationsTried: resultAudit.configurationsTried,
    };
  });

  // 7b. One-run audit from the input-space canaries (black-box: loss of the final model).
  const inputCanaries = outcome.inputCanaryScores;
  const inputAudit =
    inputCanaries === undefined
      ? null
      : section('inputAudit', () => {
          const r = auditScores({ scores: inputCanaries.scores.map((s) => s.score), members: inputCanaries.scores.map((s) => s.member) }, { delta, confidence: 0.95, bonferroni: true });
          return { method: r.method, empiricalEpsilon: r.empiricalEpsilon, empiricalMu: r.empiricalMu ?? null, delta: r.delta, confidence: r.confidence, canaries: r.canaries, guesses: r.guesses, correct: r.correct, scoring: inputCanaries.scoring, bonferroni: r.bonferroni };
        });

  // 8. β* (membership vs attribute) against held-out accuracy over training.
  const overTraining =
    section('overTraining', () => {
      const sens = ai !== undefined ? aiSensitivities(ai) : undefined;
      return outcome.evaluation.points
        .filter((p) => p.step >= 1)
        .map((p) => ({
          step: p.step,
          accuracy: p.accuracy,
          betaMia: bayesSecurityMia({ samplingRate: q, noiseMultiplier: sigma, steps: p.step }).bayesSecurity,
          betaAi: sens !== undefined ? bayesSecurityAttributeInference({ samplingRate: q, noiseMultiplier: sigma, clip: C, sensitivities: sens.slice(0, p.step) }).bayesSecurity : null,
        }));
    }) ?? [];

  const testAccuracy = outcome.testAccuracy;
  return {
    format: 'dpbounds.report',
    version: 1,
    config: {
      dataset: setup.datasetName,
      trainingRecords: outcome.trainData.size,
      model: setup.model,
      hiddenUnits: setup.model === 'mlp' ? setup.hiddenUnits : null,
      parameters: outcome.model.parameterCount,
      epochs: setup.epochs,
      steps: T,
      expectedBatchSize: setup.batchSize,
      samplingRate: q,
      noiseMultiplier: sigma,
      clip: C,
      learningRate: setup.learningRate,
      seed: setup.seed,
      sampling: result.sampling,
      delta,
      sensitiveAttribute: ai?.attribute ?? null,
      canaries: canaries?.canaries ?? 0,
      inputCanaries: inputCanaries?.canaries ?? 0,
    },
    utility: { testAccuracy: testAccuracy ?? null, trainAccuracy: outcome.trainAccuracy, testSize: setup.data.test.size },
    accounting,
    bayesSecurity,
    gmip,
    rtm,
    perInstance,
    attack,
    audit,
    inputAudit,
    overTraining,
    curves,
    points: points.filter((p) => finite(p.fpr) !== null && finite(p.fnr) !== null),
    unavailable,
    seconds,
  };
}

