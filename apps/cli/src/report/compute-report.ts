/**
 * The report of a DP-SGD run (`dpbounds report`, and `dpbounds demo` through it): every bound and
 * audit the run file and the evidence allow, computed by the packages (@dpbounds/accountants,
 * attacks, audit-one-run, tradeoff-core), each number labelled with its kind and neighbouring
 * relation, each threat-specific curve combined with the DP guarantee of the same relation. No
 * math here.
 *
 * Two kinds of section (docs/your-run.md): the required ones (accounting, batch sampling) depend
 * only on the run file: a package error there is thrown (the CLI names the field). Every other
 * section depends on what the run is (one (q, σ) for all steps, Poisson batches) and on the
 * evidence given: when it cannot be computed it is absent from the report (never `null`) and
 * `unavailable` names the section, the reason and, where evidence is missing, the flag that
 * would provide it.
 */
import { analyzeBayesSecurity, analyzeGmip, analyzeRtmDpSgd, bayesSecurityAttributeInference, bayesSecurityMia, perInstancePrivacy, pldTradeOffCurve } from '@dpbounds/accountants';
import type { DpSgdPhase, PldAccountant } from '@dpbounds/accountants';
import type { DpAccountantResult } from '@dpbounds/accountants/advanced';
import { evaluateAttack } from '@dpbounds/attacks';
import { auditReleasedValues } from '../commands/audit-released.js';
import { perInstanceSummary } from '../commands/per-instance-summary.js';
import type { ReleasedValues } from '../commands/audit-released.js';
import { auditScores } from '@dpbounds/audit-one-run';
import { aiSensitivities } from '@dpbounds/sgd-instrumentation';
import type { CanaryScoresTrace } from '@dpbounds/sgd-instrumentation';
import { bayesSecurity, empiricalTradeOff, tprAtFpr } from '@dpbounds/tradeoff-core';
import type { NeighbouringRelation, ResultKind, TradeOffCurve } from '@dpbounds/tradeoff-core';
import { formatNumber } from '../format.js';
import { compareAuditWithSampler } from './audit-sampler-comparison.js';
import { auditCurve } from './audit-view.js';
import { rocPointsWithBoxes } from './empirical-points.js';
import type { AccountingRow, DemoReport, ReportCurve, ReportPoint } from './report-types.js';
import { dpGuaranteeCurve, threatWithDp } from './threat-view.js';
import type { ThreatCurveInput } from './threat-view.js';
import { accountRun, samplingSectionOf } from './run-accounting.js';
import type { ReportEvidence } from './report-evidence.js';
import { EVIDENCE_FLAGS } from './report-evidence.js';
import type { ReportRun } from './run-file.js';
import { samplerName } from './sampler-words.js';

export type { AccountingRow, DemoReport, ReportCurve, ReportPoint } from './report-types.js';

/** Options of {@link computeReport}. */
export interface ReportOptions {
  readonly fprs: readonly number[];
  /** Integer Rényi orders for per-instance RDP. */
  readonly orders: readonly number[];
  readonly onProgress?: (fraction: number) => void;
  /** Called as each section starts, with its name in words (`accounting`, `Bayes security`, …), for a progress line. */
  readonly onSection?: (name: string) => void;
  /** Sections already known to be unavailable (the demo's skipped instruments), listed first. */
  readonly unavailable?: readonly { readonly section: string; readonly reason: string }[];
  /** Seconds already spent (the demo's training), listed first. */
  readonly seconds?: Readonly<Record<string, number>>;
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

/** Why a section needs one (q, σ) for every step, for a run priced as a schedule or a banded matrix mechanism. */
function scheduleReason(run: ReportRun): string {
  if (run.banded !== undefined) return 'its closed form is for DP-SGD (Poisson-subsampled Gaussian steps); this run is a banded matrix mechanism (DP-FTRL / BandMF), priced in the accounting section';
  return `its closed form is for one sampling rate and noise multiplier over all steps; this run's history has ${run.phases.length} phases (the accounting section prices the schedule)`;
}

/** "not available: give --flag FILE" for a section whose evidence is missing. */
function missing(flag: keyof typeof EVIDENCE_FLAGS, what: string): string {
  return `not available: no evidence given (${what}; give --${flag} FILE)`;
}

/**
 * Computes every section the run file and the evidence allow.
 *
 * @example const report = computeReport(run, { attack }, { fprs: [0.001, 0.01, 0.1], orders: [2, 4, 8, 16, 32] });
 */
export function computeReport(run: ReportRun, evidence: ReportEvidence, options: ReportOptions): DemoReport {
  const unavailable: { section: string; reason: string }[] = [...(options.unavailable ?? [])];
  const seconds: Record<string, number> = { ...(options.seconds ?? {}) };
  const curves: ReportCurve[] = [];
  const points: ReportPoint[] = [];
  const single = run.phases.length === 1 ? (run.phases[0] as DpSgdPhase) : undefined;
  const q = single?.samplingRate ?? Number.NaN;
  const sigma = single?.noiseMultiplier ?? Number.NaN;
  const T = run.steps;
  const C = run.clipNorm;
  const delta = run.delta;
  const fprs = [...options.fprs];
  const sections = 10;
  let done = 0;
  /** A required section: a failure is the user's input (thrown, the CLI names the field). */
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
      // a reason the caller already knows (the demo: no held-out split) is not repeated
      if (!unavailable.some((u) => u.section === name)) unavailable.push({ section: name, reason: firstLine(error) });
      return undefined;
    }
  };
  /** Refuses a section that needs one (q, σ) when the run is a schedule. */
  const needSinglePhase = (): void => {
    if (single === undefined) throw new Error(scheduleReason(run));
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
  // The numbers are the `dpbounds dp` rows of the same run (one implementation).
  const num = (value: unknown): number => value as number;
  const accounting = required('accounting', () => {
    const rows: AccountingRow[] = [];
    const pldRows = new Map<NeighbouringRelation, DpAccountantResult>();
    for (const neighbouring of RELATIONS) {
      const pld = accountRun('pld', run, neighbouring);
      pldRows.set(neighbouring, pld.result);
      rows.push(
        pld.curveUnamplified === true
          ? { accountant: 'pld', kind: 'guarantee', neighbouring, delta, epsilon: num(pld.result.epsilon), note: `random allocation credited (${String(pld.result.method)})` }
          : { accountant: 'pld', kind: 'guarantee', neighbouring, delta, epsilon: num(pld.result.epsilon), epsilonLower: num(pld.result.epsilonLower), note: 'pessimistic discretisation; the exact ε is in [epsilonLower, epsilon]' },
      );
      dp.set(neighbouring, pldTradeOffCurve(pld.accountant as PldAccountant));
      // a balls-in-bins BandMF run's ε credits its random allocation; its curve is the unamplified PLD's (still a guarantee, looser)
      const label = pld.curveUnamplified === true
        ? `DP guarantee (PLD, without the random-allocation amplification: ε = ${num(pld.result.epsilonUnamplified).toFixed(3)}; the amplified ε = ${num(pld.result.epsilon).toFixed(3)} at δ = ${formatNumber(delta, 3)})`
        : `DP guarantee (PLD), ε = ${num(pld.result.epsilon).toFixed(3)} at δ = ${formatNumber(delta, 3)}`;
      curves.push(dpGuaranteeCurve(neighbouring, dp.get(neighbouring) as TradeOffCurve, label));
    }
    const rdp = accountRun('rdp', run, 'add-remove').result;
    rows.push({ accountant: 'rdp', kind: 'guarantee', neighbouring: 'add-remove', delta, epsilon: num(rdp.epsilon), order: num(rdp.order), note: 'RDP conversion, looser than PLD by construction' });
    try {
      // the PRV accountant's default ε error (the report's PRV row predates the dp command's relative budget)
      const prv = accountRun('prv', run, 'add-remove').result;
      rows.push({ accountant: 'prv', kind: 'guarantee', neighbouring: 'add-remove', delta, epsilon: num(prv.epsilon), epsilonLower: num(prv.epsilonLower), epsilonEstimate: num(prv.epsilonEstimate), note: 'the exact ε is in [epsilonLower, epsilon]' });
    } catch (error) {
      unavailable.push({ section: 'accounting.prv', reason: firstLine(error) });
    }
    const pldAddRemove = pldRows.get('add-remove');
    const gdp = accountRun('gdp', run, 'add-remove', pldAddRemove).result;
    const gdpEpsilon = num(gdp.epsilonEstimate);
    const gdpMu = num(gdp.mu);
    // an estimate beside the guarantees: when the CLT μ is ∞ (σ near 0) there is no number to show
    if (Number.isFinite(gdpEpsilon) && Number.isFinite(gdpMu)) {
      const note = run.banded === undefined ? 'central limit theorem for Poisson sampling (Bu et al. 2020): not a bound' : 'μ-GDP of the Gaussian releases (Dong, Roth, Su 2022): an estimate beside the PLD guarantee, not a bound';
      rows.push({ accountant: 'gdp', kind: 'estimate', neighbouring: 'add-remove', delta, epsilon: gdpEpsilon, mu: gdpMu, note });
    } else {
      unavailable.push({ section: 'accounting.gdp', reason: `the CLT μ-GDP of this run is not finite` });
    }
    return rows;
  });
  // the ε of the sampler that ran, beside the Poisson ε the other sections use
  const pldEpsilon = (neighbouring: NeighbouringRelation): number => accounting.find((r) => r.accountant === 'pld' && r.neighbouring === neighbouring)?.epsilon as number;
  const batchSampling = required('batch sampling', () => samplingSectionOf(run, pldEpsilon));

  // 2. Bayes security against membership (both relations) and attribute inference (substitution).
  const ai = evidence.aiSensitivity;
  const bayesSecurityReport = optional('bayesSecurity', () => {
    needSinglePhase();
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
    if (ai === undefined) unavailable.push({ section: 'bayesSecurity.attribute', reason: missing('sensitivity-trace', 'the attribute sensitivities R_t recorded in training') });
    else {
      const attribute = optional('bayesSecurity.attribute', () => {
        const clip = C ?? ai.clip;
        if (Math.abs(ai.samplingRate - q) > 1e-9 * q || Math.abs(ai.noiseMultiplier - sigma) > 1e-9 * sigma) {
          throw new Error(`the sensitivity trace was recorded at q = ${ai.samplingRate}, σ = ${ai.noiseMultiplier}; the run file says q = ${q}, σ = ${sigma}`);
        }
        const sens = aiSensitivities(ai);
        const attr = analyzeBayesSecurity({ threat: 'ai', samplingRate: q, noiseMultiplier: sigma, clip, sensitivities: sens }, { fprs });
        // Changing one record's attribute is a substitution of that record: the DP reference is the substitution PLD curve.
        const aiKind = threatKind(attr.kinds['certifiedCurve']);
        const combined = addThreat({ id: `bayes-ai-${attr.neighbouring}`, label: `Bayes security, attribute (${ai.attribute}): certified β* ≥ ${attr.certifiedLowerBound.toFixed(3)}`, kind: aiKind, neighbouring: attr.neighbouring, threat: `attribute inference (${ai.attribute}), attacker knows the rest of the record`, curve: attr.certifiedCurve });
        const approx = ai.approximate !== undefined ? bayesSecurityAttributeInference({ samplingRate: q, noiseMultiplier: sigma, clip, sensitivities: ai.approximate }) : null;
        return {
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
          twoClip: 2 * clip,
          warning: attr.warning ?? null,
          estimate: { kind: attr.kinds['bayesSecurity'] ?? 'estimate', neighbouring: attr.neighbouring, bayesSecurity: attr.bayesSecurity, bayesSecurityCentroid: approx?.bayesSecurity ?? null },
          combinedWithDp: combinedSummary(combined, attr.neighbouring, aiKind),
        };
      });
      if (attribute !== undefined) out['attribute'] = attribute;
    }
    return out;
  });

  // 3. μ-GMIP (Leemann et al.). The membership game (member vs fresh draw, dataset size fixed) is
  // a substitution game; its μ comes from normal approximations and CLTs (Cor. 5.1, Lemma 5.1),
  // so an estimate. A random target from the data distribution has E[K] = d (the authors'
  // calculator sets K = d): that is the GMIP curve. With the trainer's gradient statistics the
  // median and the worst measured targets are reported beside it.
  const stats = evidence.gradientStats;
  const gmip = optional('gmip', () => {
    needSinglePhase();
    const last = stats?.checkpoints[stats.checkpoints.length - 1];
    if (stats !== undefined && last === undefined) throw new Error('no gradient-stats checkpoint');
    const d = last?.coordinates.length ?? run.parameters;
    const batch = stats?.expectedBatchSize ?? run.batchSize;
    const datasetSize = stats?.datasetSize ?? run.datasetSize;
    const clip = stats?.clip ?? C;
    if (d === undefined || batch === undefined || datasetSize === undefined || clip === undefined) {
      const lacking = [d === undefined ? 'parameters' : '', batch === undefined ? 'batchSize' : '', datasetSize === undefined ? 'datasetSize' : '', clip === undefined ? 'clipNorm' : ''].filter((x) => x !== '');
      throw new Error(`not available: the run file lacks ${lacking.join(', ')} (μ-GMIP needs the batch size, dataset size, parameter count and clip norm; or give --gradient-stats FILE from dpbounds train)`);
    }
    const n = Math.max(2, Math.round(batch));
    const config = { batchSize: n, datasetSize, steps: T, params: d, noiseStd: (sigma * clip) / n, clip };
    const typical = analyzeGmip({ ...config, susceptibility: d }, fprs);
    const median = last === undefined ? undefined : analyzeGmip({ ...config, susceptibility: last.medianSusceptibility }, fprs);
    const worst = last === undefined ? undefined : analyzeGmip({ ...config, susceptibility: last.maxSusceptibility }, fprs);
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
      ...(last === undefined
        ? { measuredTargets: `not available: ${missing('gradient-stats', 'gradient statistics of measured targets').slice('not available: '.length)}` }
        : {
            medianSusceptibility: last.medianSusceptibility,
            muMedianTarget: median?.mu,
            meanSusceptibility: last.meanSusceptibility,
            maxSusceptibility: last.maxSusceptibility,
            muWorstTarget: worst?.mu,
          }),
      tprAtFpr: typical.tprAtFpr.map((p) => ({ fpr: p.fpr, tpr: p.tpr })),
      noiseStd: config.noiseStd,
      combinedWithDp: combinedSummary(combined, neighbouring, kind),
    };
  });

  // 4. Relaxed threat model (GLRT attacker who lacks the alternative record) of the run as trained
  // (Poisson-subsampled, composed over T steps; Kaissis et al. 2023), for both relations, against
  // the pooled attacker (the stronger one), in d = 1: the worst case over targets, since a target
  // whose clipped gradient lies in one coordinate (a Dirac canary) leaves the attacker only a
  // sign to guess. d = P (direction unknown among all parameters) would be optimistic for such targets.
  const rtm = optional('rtm', () => {
    needSinglePhase();
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
  const pi = evidence.perInstance;
  const perInstance = optional('perInstance', () => {
    if (pi === undefined) throw new Error(missing('per-instance-trace', 'per-example gradient norms of the targets at checkpoints'));
    const h = pi.header;
    if (single !== undefined && (Math.abs(h.samplingRate - q) > 1e-9 * q || Math.abs(h.noiseMultiplier - sigma) > 1e-9 * sigma || h.steps !== T)) {
      throw new Error(`the per-instance trace was recorded for q = ${h.samplingRate}, σ = ${h.noiseMultiplier}, T = ${h.steps}; the run file says q = ${q}, σ = ${sigma}, T = ${T}`);
    }
    const privacy = perInstancePrivacy({
      orders: [...options.orders],
      delta,
      samplingRate: h.samplingRate,
      noiseMultiplier: h.noiseMultiplier,
      steps: h.steps,
      checkpointSteps: h.checkpointSteps,
      recordCount: h.records.length,
      ratios: pi.ratios,
      excludedRecords: pi.excludedRecords,
    });
    // each record's ε is the smallest of its per-instance ε, the RDP ε and the run's PLD guarantee
    // (all bound the same record's loss), so none is reported above a guarantee of the run
    const pld = accounting.find((r) => r.accountant === 'pld' && r.neighbouring === 'add-remove');
    const dpGuarantee = single === undefined || pld === undefined
      ? { unavailable: 'no one-phase PLD guarantee of this run' }
      : { accountant: 'pld' as const, kind: 'guarantee' as const, neighbouring: 'add-remove' as const, delta, epsilon: pld.epsilon, epsilonLower: pld.epsilonLower ?? pld.epsilon, samplingRate: q, noiseMultiplier: sigma, steps: T };
    const summary = perInstanceSummary(privacy, { dp: dpGuarantee, delta });
    const records = h.records.map((r, i) => {
      const s = summary.records[i];
      return { id: r.id, label: r.label ?? null, epsilon: s?.epsilon ?? null, bound: s?.bound ?? null, epsilonKind: s?.epsilonKind ?? null, guaranteeAccountant: s?.guaranteeAccountant ?? null, perInstanceEpsilon: privacy.records[i]?.perInstanceEpsilon ?? null };
    });
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
      dpGuarantee: summary.json.dpGuarantee,
      comparison: { ...summary.json.comparison, neighbouring: 'add-remove' },
    };
  });

  // 6. A membership-inference attack: the given scores with membership (a threshold on the score,
  // or LiRA with shadow models).
  const given = evidence.attack;
  const attack = optional('attack', () => {
    if (given === undefined) throw new Error(missing('targets', 'attack scores with membership'));
    const members = Array.from(given.members);
    const m = members.filter((x) => x === 1).length;
    const evaluation = evaluateAttack(Array.from(given.scores), members, { fprs });
    const name = given.method === 'loss' ? 'threshold attack' : `${given.method} attack`;
    points.push(...rocPointsWithBoxes(evaluation.empirical, 'attack-loss', `${name}, ROC points with 95 % Clopper–Pearson boxes [empirical, add/remove]`, 'add-remove', 20));
    return {
      kind: 'empirical',
      neighbouring: 'add-remove',
      method: given.method,
      scores: given.description,
      members: m,
      nonMembers: members.length - m,
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
  /**
   * The white-box audit from released values: dpbounds scores the canaries at the noise scale it
   * measures in the released values (not the claimed σ), audits them with Bonferroni-corrected
   * guess counts (a lower bound at its confidence, as the other audits here) and holds the result
   * against the claimed run's guarantee, so an implementation that adds less noise than it
   * claims is caught.
   */
  const releasedAuditSection = (values: ReleasedValues): Record<string, unknown> => {
    needSinglePhase();
    const names = { clipNorm: 'clipNorm (run file)', delta: 'delta (run file)', steps: 'steps (run file)' };
    const r = auditReleasedValues(values, { samplingRate: q, noiseMultiplier: sigma, steps: T, delta, ...(C === undefined ? {} : { clipNorm: C }) }, { bonferroni: true, names });
    const trace: CanaryScoresTrace = {
      format: 'dpbounds.canary-scores',
      version: 1,
      kind: 'dirac',
      scoring: `${r.json.score} score: ${r.json.scoreAssumes}`,
      canaries: values.canaries,
      scores: Array.from(r.scores, (score, id) => ({ id, score, member: values.bits[id] === 1 ? 1 : 0 })),
    };
    const section = auditSection(trace, 'Dirac canaries (released values)', true);
    return {
      ...section,
      releasedValues: {
        score: r.json.score,
        scoreAssumes: r.json.scoreAssumes,
        claimedNoiseMultiplier: r.json.claimedNoiseMultiplier,
        measuredNoiseMultiplier: r.json.measuredNoiseMultiplier,
        measuredNoiseScale: r.json.measuredNoiseScale,
        guarantee: r.json.guarantee,
        auditExceedsGuarantee: r.json.auditExceedsGuarantee,
        verdict: r.json.verdict,
        canaryAssumption: r.json.canaryAssumption,
      },
    };
  };
  const released = evidence.released;
  const canaries: CanaryScoresTrace | undefined = evidence.canaryScores;
  const audit = optional('audit', () => {
    if (released !== undefined) return releasedAuditSection(released);
    if (canaries === undefined) throw new Error(`${missing('canary-scores', 'scores of Dirac gradient canaries with their 0/1 insertion bits').slice(0, -1)}, or --released FILE --canary-bits FILE for dpbounds to score them)`);
    return auditSection(canaries, 'Dirac canaries', true);
  });
  const inputCanaries = evidence.inputCanaryScores;
  const inputAudit = inputCanaries === undefined ? null : optional('inputAudit', () => auditSection(inputCanaries, 'input canaries', false));

  // 8. β* (membership vs attribute) against held-out accuracy over training: closed-form estimates.
  const evaluationTrace = evidence.evaluation;
  const overTraining = optional('overTraining', () => {
    if (evaluationTrace === undefined) throw new Error(missing('evaluation', 'held-out accuracy at checkpoints of training'));
    needSinglePhase();
    const sens = ai !== undefined ? aiSensitivities(ai) : undefined;
    const clip = C ?? ai?.clip ?? 1;
    return {
      kind: 'estimate',
      neighbouring: 'substitution',
      note: 'closed-form β* (Cherubin et al.) after t steps, without the approximation error; accuracy is measured',
      points: evaluationTrace.points
        .filter((p) => p.step >= 1)
        .map((p) => ({
          step: p.step,
          accuracy: p.accuracy,
          betaMia: bayesSecurityMia({ samplingRate: q, noiseMultiplier: sigma, steps: p.step }).bayesSecurity,
          betaAi: sens !== undefined ? bayesSecurityAttributeInference({ samplingRate: q, noiseMultiplier: sigma, clip, sensitivities: sens.slice(0, p.step) }).bayesSecurity : null,
        })),
    };
  });

  const lastEvaluation = evaluationTrace?.points[evaluationTrace.points.length - 1];
  const utility = {
    testAccuracy: run.utility?.testAccuracy ?? lastEvaluation?.accuracy ?? null,
    trainAccuracy: run.utility?.trainAccuracy ?? null,
    testSize: run.utility?.testSize ?? evaluationTrace?.size ?? null,
  };
  return {
    format: 'dpbounds.report',
    version: 2,
    config: configOf(run, { sensitiveAttribute: ai?.attribute ?? null, canaries: canaries?.canaries ?? 0, inputCanaries: inputCanaries?.canaries ?? 0 }),
    utility,
    accounting,
    batchSampling,
    ...(bayesSecurityReport === undefined ? {} : { bayesSecurity: bayesSecurityReport }),
    gmip,
    ...(rtm === undefined ? {} : { rtm }),
    perInstance,
    attack,
    audit,
    inputAudit,
    ...(overTraining === undefined ? {} : { overTraining }),
    views: RELATIONS.filter((r) => dp.has(r)),
    curves,
    points,
    unavailable,
    seconds,
  } as DemoReport;
}

/** The report's `config`: the run file's fields with the names report.json has always used, then its free description. */
function configOf(run: ReportRun, extra: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const single = run.phases.length === 1 ? run.phases[0] : undefined;
  return {
    ...(run.name === undefined ? {} : { name: run.name }),
    ...(run.framework === undefined ? {} : { framework: run.framework }),
    ...run.description,
    trainingRecords: run.description['trainingRecords'] ?? run.datasetSize ?? null,
    parameters: run.parameters ?? null,
    mechanism: run.mechanism,
    steps: run.steps,
    expectedBatchSize: run.batchSize ?? null,
    samplingRate: single?.samplingRate ?? null,
    noiseMultiplier: single?.noiseMultiplier ?? null,
    ...(run.phases.length > 1 ? { history: run.phases } : {}),
    clip: run.clipNorm ?? null,
    sampling: run.sampling?.sampler ?? (run.mechanism === 'dp-sgd' ? 'poisson' : null),
    delta: run.delta,
    neighbouring: run.neighbouring,
    ...extra,
  };
}
