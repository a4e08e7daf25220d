/**
 * The demo report: every bound and audit of one instrumented DP-SGD run, computed by the
 * packages (@dpbounds/accountants, attacks, audit-one-run, tradeoff-core) from the run's
 * traces, each number labelled with its kind and neighbouring relation, each threat-specific
 * curve combined with the DP guarantee of the same relation. No math here.
 *
 * Two kinds of section (docs/demo.md): the required ones (accounting, Bayes security, relaxed
 * threat model, β* over training) depend only on the run's q, σ, T, C and δ: a package error
 * there is thrown (the CLI names the flag). The optional ones (μ-GMIP, per-instance ε, attack,
 * audits) depend on instruments, the held-out split and measured statistics: a failure omits the
 * section from the report (the key is absent, never `null`) and adds an entry to `unavailable`
 * naming the section and the reason.
 */
import { analyzeBayesSecurity, analyzeGmip, analyzeRtmDpSgd, bayesSecurityAttributeInference, bayesSecurityMia, perInstancePrivacy, pldTradeOffCurve } from '@dpbounds/accountants';
import { dpAccountantEvaluation } from '@dpbounds/accountants/advanced';
import type { PldAccountant } from '@dpbounds/accountants';
import type { DpAccountantResult, DpQuery } from '@dpbounds/accountants/advanced';
import { evaluateAttack, lossThresholdScores } from '@dpbounds/attacks';
import { auditScores } from '@dpbounds/audit-one-run';
import { aiSensitivities, perInstanceTraceExclusions, perInstanceTraceRatios } from '@dpbounds/sgd-instrumentation';
import type { CanaryScoresTrace, Dataset } from '@dpbounds/sgd-instrumentation';
import { bayesSecurity, empiricalTradeOff, tprAtFpr } from '@dpbounds/tradeoff-core';
import type { NeighbouringRelation, ResultKind, TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { TrainOutcome } from '../commands/train-run.js';
import { formatNumber } from '../format.js';
import { compareAuditWithSampler } from './audit-sampler-comparison.js';
import { auditCurve } from './audit-view.js';
import { rocPointsWithBoxes } from './empirical-points.js';
import type { AccountingRow, DemoReport, ReportCurve, ReportPoint } from './report-types.js';
import { dpGuaranteeCurve, threatWithDp } from './threat-view.js';
import type { ThreatCurveInput } from './threat-view.js';
import { batchSamplingSection } from './sampler-section.js';
import { samplerName } from './sampler-words.js';

export type { AccountingRow, DemoReport, ReportCurve, ReportPoint } from './report-types.js';

/** Options of {@link computeReport}. */
export interface ReportOptions {
  readonly delta: number;
  readonly fprs: readonly number[];
  /** Integer Rényi orders for per-instance RDP. */
  readonly orders: readonly number[];
  readonly onProgress?: (fraction: number) => void;
  /** Called as each section starts, with its name in words (`accounting`, `Bayes security`, …), for a progress line. */
  readonly onSection?: (name: string) => void;
}

const RELATIONS: readonly NeighbouringRelation[] = ['add-remove', 'substitution'];

/** The Bayes-security relation names of @dpbounds/accountants. */
const BAYES_RELATION = { 'add-remove': 'addRemove', substitution: 'substitution' } as const;

/** A threat curve's kind as the report combines it: only a guarantee stays one. */
function threatKind(kind: ResultKind | undefined): 'guarantee' | 'estimate' {
  return kind === 'guarantee' ? 'guarantee' : 'estimate';
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? String(error)) : String(error);
}

/** The report's sections as a progress line names them. */
const SECTION_WORDS: Readonly<Record<string, string>> = {
  accounting: '(ε, δ) with every accountant',
  'batch sampling': 'ε of the batch sampler that ran',
  bayesSecurity: 'Bayes security',
  gmip: 'μ-GMIP',
  rtm: 'relaxed threat model',
  perInstance: 'per-instance ε',
  attack: 'loss attack',
  audit: 'one-run audit (Dirac canaries)',
  inputAudit: 'one-run audit (input canaries)',
  overTraining: 'ε over training',
};

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
  const fprs = [...options.fprs];
  const sections = 10;
  let done = 0;
  /** A required section: a failure is the user's input (thrown, the CLI names the flag). */
  const required = <R>(name: string, fn: () => R): R => {
    const started = Date.now();
    options.onSection?.(SECTION_WORDS[name] ?? name);
    try {
      return fn();
    } finally {
      seconds[name] = (Date.now() - started) / 1000;
      done++;
      options.onProgress?.(done / sections);
    }
  };
  /** An optional section: a failure omits it (undefined: absent from report.json) with the reason in `unavailable`. */
  const optional = <R>(name: string, fn: () => R): R | undefined => {
    try {
      return required(name, fn);
    } catch (error) {
      unavailable.push({ section: name, reason: firstLine(error) });
      return undefined;
    }
  };
  const dp = new Map<NeighbouringRelation, TradeOffCurve>();
  /** Adds the analysis' own curve and its combination with DP; returns the combined curve. */
  const addThreat = (input: ThreatCurveInput): TradeOffCurve | null => {
    const reference = dp.get(input.neighbouring);
    if (reference === undefined) {
      unavailable.push({ section: `curve ${input.id}`, reason: `no DP guarantee for ${input.neighbouring} to combine with` });
      return null;
    }
    const view = threatWithDp(input, reference);
    curves.push(view.own, view.combined);
    return view.curve;
  };
  /** β* and TPR at the report's FPRs read off a combined curve (of the combined curve's kind and relation). */
  const combinedSummary = (curve: TradeOffCurve | null, neighbouring: NeighbouringRelation, kind: 'guarantee' | 'estimate' = 'guarantee'): Record<string, unknown> | null =>
    curve === null ? null : { kind, neighbouring, bayesSecurity: bayesSecurity(curve), tprAtFpr: tprAtFpr(curve, fprs).map((p) => ({ fpr: p.fpr, tpr: p.tpr })) };

  // 1. The DP guarantee for both relations (PLD; the reference of every view), and ε by every accountant.
  // The numbers are the `dpbounds dp` / `dpbounds sweep` rows of the same run (one implementation).
  const query = (neighbouring: NeighbouringRelation): DpQuery => ({ samplingRate: q, noiseMultiplier: sigma, steps: T, neighbouring, delta });
  const num = (value: unknown): number => value as number;
  // the ε of the sampler that ran, beside the Poisson ε the other sections use
  const batchSampling = required('batch sampling', () => batchSamplingSection(result.sampler, sigma, T, delta));
  const accounting = required('accounting', () => {
      const rows: AccountingRow[] = [];
      const pldRows = new Map<NeighbouringRelation, DpAccountantResult>();
      for (const neighbouring of RELATIONS) {
        const pld = dpAccountantEvaluation('pld', query(neighbouring));
        pldRows.set(neighbouring, pld.result);
        rows.push({ accountant: 'pld', kind: 'guarantee', neighbouring, delta, epsilon: num(pld.result.epsilon), epsilonLower: num(pld.result.epsilonLower), note: 'pessimistic discretisation; the exact ε is in [epsilonLower, epsilon]' });
        dp.set(neighbouring, pldTradeOffCurve(pld.accountant as PldAccountant));
        curves.push(dpGuaranteeCurve(neighbouring, dp.get(neighbouring) as TradeOffCurve, `DP guarantee (PLD), ε = ${num(pld.result.epsilon).toFixed(3)} at δ = ${formatNumber(delta, 3)}`));
      }
      const rdp = dpAccountantEvaluation('rdp', query('add-remove')).result;
      rows.push({ accountant: 'rdp', kind: 'guarantee', neighbouring: 'add-remove', delta, epsilon: num(rdp.epsilon), order: num(rdp.order), note: 'RDP conversion, looser than PLD by construction' });
      try {
        // the PRV accountant's default ε error (the report's PRV row predates the dp command's relative budget)
        const prv = dpAccountantEvaluation('prv', query('add-remove'), { prv: {} }).result;
        rows.push({ accountant: 'prv', kind: 'guarantee', neighbouring: 'add-remove', delta, epsilon: num(prv.epsilon), epsilonLower: num(prv.epsilonLower), epsilonEstimate: num(prv.epsilonEstimate), note: 'the exact ε is in [epsilonLower, epsilon]' });
      } catch (error) {
        unavailable.push({ section: 'accounting.prv', reason: firstLine(error) });
      }
      const pldAddRemove = pldRows.get('add-remove');
      const gdp = dpAccountantEvaluation('gdp', query('add-remove'), pldAddRemove === undefined ? {} : { pldResult: pldAddRemove }).result;
      const gdpEpsilon = num(gdp.epsilonEstimate);
      const gdpMu = num(gdp.mu);
      // an estimate beside the guarantees: when the CLT μ is ∞ (σ near 0) there is no number to show
      if (Number.isFinite(gdpEpsilon) && Number.isFinite(gdpMu)) {
        rows.push({ accountant: 'gdp', kind: 'estimate', neighbouring: 'add-remove', delta, epsilon: gdpEpsilon, mu: gdpMu, note: 'central limit theorem for Poisson sampling (Bu et al. 2020): not a bound' });
      } else {
        unavailable.push({ section: 'accounting.gdp', reason: `the CLT μ-GDP of this run is not finite (σ = ${sigma})` });
      }
      return rows;
    });

  // 2. Bayes security against membership (both relations) and attribute inference (substitution).
  const ai = outcome.aiSensitivity;
  const bayesSecurityReport = required('bayesSecurity', () => {
    const membership: Record<string, unknown> = {};
    for (const neighbouring of RELATIONS) {
      const mia = analyzeBayesSecurity({ threat: 'mia', samplingRate: q, noiseMultiplier: sigma, steps: T, relation: BAYES_RELATION[neighbouring] }, { fprs });
      if (mia.neighbouring !== neighbouring) throw new Error(`Bayes security for ${neighbouring} came back for ${mia.neighbouring}`);
      const kind = threatKind(mia.kinds['certifiedCurve']);
      const combined = addThreat({ id: `bayes-mia-${neighbouring}`, label: `Bayes security, membership: certified β* ≥ ${mia.certifiedLowerBound.toFixed(3)}`, kind, neighbouring, threat: 'membership game of Cherubin et al. (uniform prior)', curve: mia.certifiedCurve });
      membership[neighbouring] = {
        kind,
        neighbouring,
        certifiedBayesSecurity: mia.certifiedLowerBound,
        approximationError: mia.approximationError,
        tprAtFpr: mia.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tprCertified })),
        estimate: { kind: mia.kinds['bayesSecurity'] ?? 'estimate', neighbouring, bayesSecurity: mia.bayesSecurity, advantage: mia.advantage, attackSuccess: mia.attackSuccess, tprAtFpr: mia.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr })) },
        combinedWithDp: combinedSummary(combined, neighbouring, kind),
      };
    }
    const out: Record<string, unknown> = { membership };
    if (ai !== undefined) {
      const sens = aiSensitivities(ai);
      const attr = analyzeBayesSecurity({ threat: 'ai', samplingRate: q, noiseMultiplier: sigma, clip: C, sensitivities: sens }, { fprs });
      // Changing one record's attribute is a substitution of that record: the DP reference is the substitution PLD curve.
      const aiKind = threatKind(attr.kinds['certifiedCurve']);
      const combined = addThreat({ id: `bayes-ai-${attr.neighbouring}`, label: `Bayes security, attribute (${ai.attribute}): certified β* ≥ ${attr.certifiedLowerBound.toFixed(3)}`, kind: aiKind, neighbouring: attr.neighbouring, threat: `attribute inference (${ai.attribute}), attacker knows the rest of the record`, curve: attr.certifiedCurve });
      const approx = ai.approximate !== undefined ? bayesSecurityAttributeInference({ samplingRate: q, noiseMultiplier: sigma, clip: C, sensitivities: ai.approximate }) : null;
      out['attribute'] = {
        kind: aiKind,
        neighbouring: attr.neighbouring,
        attribute: ai.attribute,
        values: ai.values?.length ?? null,
        method: ai.full !== undefined ? 'full' : 'approximate',
        certifiedBayesSecurity: attr.certifiedLowerBound,
        approximationError: attr.approximationError,
        sensitivityNorm: attr.sensitivityNorm ?? null,
        meanSensitivity: sens.reduce((s, r) => s + r, 0) / sens.length,
        maxSensitivity: Math.max(...sens),
        twoClip: 2 * C,
        warning: attr.warning ?? null,
        estimate: { kind: attr.kinds['bayesSecurity'] ?? 'estimate', neighbouring: attr.neighbouring, bayesSecurity: attr.bayesSecurity, bayesSecurityCentroid: approx?.bayesSecurity ?? null },
        combinedWithDp: combinedSummary(combined, attr.neighbouring, aiKind),
      };
    }
    return out;
  });

  // 3. μ-GMIP from the gradient statistics (susceptibility K measured at the last checkpoint). The
  // membership game of Leemann et al. (member vs fresh draw, dataset size fixed) is a substitution
  // game; its μ comes from normal approximations and CLTs (Cor. 5.1, Lemma 5.1), so an estimate.
  const stats = outcome.gradientStats;
  const gmip = optional('gmip', () => {
    if (stats === undefined) throw new Error('the gradient-stats instrument did not run');
    const last = stats.checkpoints[stats.checkpoints.length - 1];
    if (last === undefined) throw new Error('no gradient-stats checkpoint');
    const d = last.coordinates.length;
    const n = Math.max(2, Math.round(stats.expectedBatchSize));
    const config = { batchSize: n, datasetSize: stats.datasetSize, steps: stats.steps, params: d, noiseStd: (stats.noiseMultiplier * stats.clip) / n, clip: stats.clip };
    // A random target from the data distribution has E[K] = d (the authors' calculator sets K = d):
    // that is the GMIP curve. The median and the worst measured targets are reported beside it.
    const typical = analyzeGmip({ ...config, susceptibility: d }, fprs);
    const median = analyzeGmip({ ...config, susceptibility: last.medianSusceptibility }, fprs);
    const worst = analyzeGmip({ ...config, susceptibility: last.maxSusceptibility }, fprs);
    const kind = threatKind(typical.kinds['curve']);
    const neighbouring = typical.neighbouring;
    const combined = addThreat({ id: `gmip-${neighbouring}`, label: `μ-GMIP (random target, d = ${d}), μ = ${typical.mu.toFixed(3)}`, kind, neighbouring, threat: 'membership of a random target (GMIP game), attacker sees every update', curve: typical.curve });
    return {
      kind,
      neighbouring,
      mu: typical.mu,
      perStepMu: typical.perStepMu,
      // absent when the run has no finite DP μ in the paper's model (no noise to speak of)
      paperDpMu: Number.isFinite(typical.gdpMu)
        ? {
            kind: typical.kinds['gdpMu'] ?? 'estimate',
            neighbouring,
            mu: typical.gdpMu,
            note: "the DP μ of the same run in the paper's model (uniform batches, replace-one sensitivity 2C/n; Leemann et al. Cor. F.1), not the PLD guarantee of the run",
          }
        : undefined,
      params: d,
      susceptibility: d,
      medianSusceptibility: last.medianSusceptibility,
      muMedianTarget: median.mu,
      meanSusceptibility: last.meanSusceptibility,
      maxSusceptibility: last.maxSusceptibility,
      muWorstTarget: worst.mu,
      tprAtFpr: typical.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr })),
      noiseStd: config.noiseStd,
      combinedWithDp: combinedSummary(combined, neighbouring, kind),
    };
  });

  // 4. Relaxed threat model (GLRT attacker who lacks the alternative record) of the run as trained
  // (Poisson-subsampled, composed over T steps; Kaissis et al. 2023), for both relations, against
  // the pooled attacker (the stronger one), in d = 1: the worst case over targets, since a target
  // whose clipped gradient lies in one coordinate (a Dirac canary, as this demo inserts) leaves
  // the attacker only a sign to guess. d = P (direction unknown among all parameters) would be
  // optimistic for such targets.
  const rtm = required('rtm', () => {
    const out: Record<string, unknown> = {};
    for (const neighbouring of RELATIONS) {
      const analysis = analyzeRtmDpSgd({ samplingRate: q, noiseMultiplier: sigma, steps: T, dims: 1, neighbouring });
      const kind = threatKind(analysis.kind);
      const combined = addThreat({ id: `rtm-${neighbouring}`, label: `Relaxed threat model (${analysis.attacker} GLRT attacker, d = ${analysis.dims}: worst-case target)`, kind, neighbouring: analysis.neighbouring, threat: 'membership; the attacker lacks the alternative record (GLRT)', curve: analysis.threatCurve });
      out[neighbouring] = {
        kind,
        neighbouring: analysis.neighbouring,
        attacker: analysis.attacker,
        perStepMu: analysis.perStepMu,
        dims: analysis.dims,
        dimsRequested: analysis.dimsRequested,
        steps: T,
        notes: analysis.notes,
        points: fprs.map((fpr) => ({ fpr, fnr: analysis.threatCurve.evaluate(fpr) })),
        combinedWithDp: combinedSummary(combined, analysis.neighbouring, kind),
      };
    }
    return out;
  });

  // 5. Per-instance ε (Thudi et al.) for the recorded targets: estimates over finitely many runs.
  const pi = outcome.perInstance;
  const perInstance = optional('perInstance', () => {
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
      excludedRecords: perInstanceTraceExclusions(pi),
    });
    const records = pi.records.map((r, i) => ({ id: r.id, label: r.label ?? null, epsilon: privacy.records[i]?.epsilon ?? null }));
    // undefined (absent from report.json) when no target of the group was recorded (few --per-instance-targets)
    const byLabel = (label: string): number | undefined => {
      const e = records.filter((r) => r.label === label && r.epsilon !== null).map((r) => r.epsilon as number);
      return e.length > 0 ? e.reduce((s, v) => s + v, 0) / e.length : undefined;
    };
    return {
      kind: 'estimate',
      neighbouring: 'add-remove',
      delta,
      records,
      runs: privacy.runs,
      lambda: privacy.lambda,
      meanTypical: byLabel('typical'),
      meanOutlier: byLabel('outlier'),
      meanRandom: byLabel('random'),
      dataIndependent: { kind: 'guarantee', neighbouring: 'add-remove', epsilon: privacy.dataIndependent.epsilon, note: 'RDP at the same orders' },
    };
  });

  // 6. A loss-threshold membership-inference attack on training members vs held-out records.
  const attack = optional('attack', () => {
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
    const evaluation = evaluateAttack(scores, labels, { fprs });
    points.push(...rocPointsWithBoxes(evaluation.empirical, 'attack-loss', 'loss-threshold attack, ROC points with 95 % Clopper–Pearson boxes [empirical, add/remove]', 'add-remove', 20));
    return {
      kind: 'empirical',
      neighbouring: 'add-remove',
      method: 'loss',
      members: m,
      nonMembers: m,
      confidence: evaluation.confidence,
      auc: evaluation.auc,
      tprAtFpr: evaluation.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr, tprLower: p.tprLower, tprUpper: p.tprUpper })),
    };
  });

  // 7. One-run audits: a lower bound on ε (and μ), with its confidence; the canaries' ROC points.
  // Each audit is held against the ε of the sampler that ran (its canaries joined batches as its
  // records do), not only against the Poisson curve drawn on the plot.
  const auditSection = (scored: CanaryScoresTrace, name: string, withPoints: boolean): Record<string, unknown> => {
    const r = auditScores({ scores: scored.scores.map((s) => s.score), members: scored.scores.map((s) => s.member) }, { delta, confidence: 0.95, bonferroni: true });
    if (withPoints) {
      const inScores = scored.scores.filter((s) => s.member === 1).map((s) => s.score);
      const outScores = scored.scores.filter((s) => s.member === 0).map((s) => s.score);
      points.push(...rocPointsWithBoxes(empiricalTradeOff(inScores, outScores), `canaries-${name}`, `${name}: canary scores, ROC points with 95 % Clopper–Pearson boxes [empirical, add/remove]`, 'add-remove', 20));
    }
    const reference = dp.get('add-remove');
    const mu = r.empiricalMu ?? 0;
    const samplerComparison = compareAuditWithSampler(r.empiricalEpsilon, batchSampling);
    const held = samplerComparison.guarantee === null ? undefined : `held against ε ≤ ${formatNumber(samplerComparison.guarantee.epsilon, 4)} of ${samplerName(batchSampling.sampling)} (guarantee)`;
    const decision =
      reference === undefined
        ? { drawn: false as const, reason: 'no DP guarantee to compare with' }
        : auditCurve(mu, reference, 'add-remove', name, r.confidence, { ...(held === undefined ? {} : { heldAgainst: held }), ...(batchSampling.poissonValidForRun ? {} : { reference: 'the Poisson DP curve drawn (not a guarantee for this run)' }) });
    if (decision.drawn) curves.push(decision.curve);
    return {
      kind: 'lower-bound',
      neighbouring: 'add-remove',
      method: r.method,
      family: r.family,
      empiricalEpsilon: r.empiricalEpsilon,
      empiricalMu: r.empiricalMu ?? null,
      delta: r.delta,
      confidence: r.confidence,
      canaries: r.canaries,
      guesses: r.guesses,
      correct: r.correct,
      scoring: scored.scoring,
      // the sampler the canaries followed: the run's (traces written before it was recorded lack it)
      sampling: scored.sampling?.sampler ?? batchSampling.sampling,
      canaryParticipation: scored.sampling?.participation ?? null,
      bonferroni: r.bonferroni,
      configurationsTried: r.configurationsTried,
      samplerComparison,
      muCurve: decision.drawn ? 'drawn' : decision.reason,
    };
  };
  const canaries = outcome.canaryScores;
  const audit = optional('audit', () => {
    if (canaries === undefined) throw new Error('the canaries instrument did not run');
    return auditSection(canaries, 'Dirac canaries', true);
  });
  const inputCanaries = outcome.inputCanaryScores;
  const inputAudit = inputCanaries === undefined ? null : optional('inputAudit', () => auditSection(inputCanaries, 'input canaries', false));

  // 8. β* (membership vs attribute) against held-out accuracy over training: closed-form estimates.
  const overTraining = required('overTraining', () => {
    const sens = ai !== undefined ? aiSensitivities(ai) : undefined;
    return {
      kind: 'estimate',
      neighbouring: 'substitution',
      note: 'closed-form β* (Cherubin et al.) after t steps, without the approximation error; accuracy is measured',
      points: outcome.evaluation.points
        .filter((p) => p.step >= 1)
        .map((p) => ({
          step: p.step,
          accuracy: p.accuracy,
          betaMia: bayesSecurityMia({ samplingRate: q, noiseMultiplier: sigma, steps: p.step }).bayesSecurity,
          betaAi: sens !== undefined ? bayesSecurityAttributeInference({ samplingRate: q, noiseMultiplier: sigma, clip: C, sensitivities: sens.slice(0, p.step) }).bayesSecurity : null,
        })),
    };
  });

  const testAccuracy = outcome.testAccuracy;
  return {
    format: 'dpbounds.report',
    version: 2,
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
    batchSampling,
    bayesSecurity: bayesSecurityReport,
    gmip,
    rtm,
    perInstance,
    attack,
    audit,
    inputAudit,
    overTraining,
    views: RELATIONS.filter((r) => dp.has(r)),
    curves,
    points,
    unavailable,
    seconds,
  };
}
