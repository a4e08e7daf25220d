// dpbounds side of the anchors benchmark: the same line protocol as anchors.py (one JSON request
// per stdin line, one JSON answer per stdout line), run in its own process so that its peak RSS
// is this row's alone. Imports the built packages (`pnpm build` first).
//
//   {"task": "<name>", "params": {...}} -> {"seconds": wall, "cpuSeconds": cpu, "value": v}
//   {"task": "ref.<...>", "params": {...}} -> {"lower": L, "upper": U, "note": "..."} (untimed)
//   {"task": "rss"} -> {"maxRssBytes": n}
// CPU time is process.cpuUsage() (user + system, every thread of the process: V8's collector and
// compiler threads included), wall time performance.now().
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const lib = await import(new URL('../../packages/accountants/dist/index.js', import.meta.url).href);
const advanced = await import(new URL('../../packages/accountants/dist/advanced.js', import.meta.url).href);
const attacks = await import(new URL('../../packages/attacks/dist/index.js', import.meta.url).href);
const { PldAccountant, PrvAccountant, RdpAccountant, dpSgdEvent, calibrateNoiseMultiplier } = lib;
const { autoDiscretizationInterval } = advanced;
const { liraOffline, liraOnline, shadowScoresFromMatrix, evaluateAttack } = attacks;

const event = (p) => dpSgdEvent({ samplingRate: p.q, noiseMultiplier: p.sigma, steps: p.steps });
const pld = (h) => new PldAccountant(h === undefined ? {} : { valueDiscretizationInterval: h });
const calibrate = (accountant, tolerance) => (p) => calibrateNoiseMultiplier({ targetEpsilon: p.epsilon, delta: p.delta, samplingRate: p.q, steps: p.steps, accountant, ...(tolerance === undefined ? {} : { tolerance }) }).value;

/** The automatic PLD step of a configuration (what `new PldAccountant()` uses). */
const autoStep = (p) => autoDiscretizationInterval(pld().compose(event(p)).ledger, 'add-remove');

/**
 * Orders of the reference RDP value: 2 000 orders, log-spaced from 1 + 10⁻³ to 1 + 10⁵, joined
 * with the default grid; the RDP ε is the minimum of the conversion over them.
 */
const DENSE_ORDERS = (() => {
  const orders = new Set();
  for (let i = 0; i < 2000; i++) orders.add(1 + 10 ** (-3 + (8 * i) / 1999));
  for (const a of new RdpAccountant().orders) orders.add(a);
  return [...orders].sort((a, b) => a - b);
})();
const denseRdp = () => new RdpAccountant({ orders: DENSE_ORDERS });

/** The PLD ε bracket at a grid REF_DIVISOR times finer than our automatic step. */
const REF_DIVISOR = 4;
function pldBracket(p) {
  const h = autoStep(p) / REF_DIVISOR;
  const b = pld(h).compose(event(p)).getEpsilonBounds(p.delta);
  return { lower: b.lower, upper: b.upper, step: h, method: b.method };
}

/**
 * σ bracket of the smallest noise meeting (ε, δ): `upper` = the σ calibrated on the fine-grid PLD
 * upper bound (certified), `lower` = a σ at which the fine-grid lower bound on ε is still ≥ the
 * target (so the true ε there is ≥ the target: no smaller σ meets it), found by stepping down from
 * `upper` by factors 10⁻⁵, 10⁻⁴, … and bisecting that step 8 times.
 */
function pldSigmaBracket(k) {
  const guess = calibrateNoiseMultiplier({ targetEpsilon: k.epsilon, delta: k.delta, samplingRate: k.q, steps: k.steps, accountant: 'pld' }).value;
  const h = autoStep({ ...k, sigma: guess }) / REF_DIVISOR;
  const acc = () => pld(h);
  const upper = calibrate(acc, 1e-7)(k);
  const lowerEps = (s) => pld(h).compose(event({ ...k, sigma: s })).getEpsilonBounds(k.delta).lower;
  let hi = upper;
  let lo;
  for (let w = 1e-5; w < 0.5; w *= 10) {
    const s = upper * (1 - w);
    if (lowerEps(s) >= k.epsilon) {
      lo = s;
      break;
    }
    hi = s;
  }
  if (lo === undefined) return { lower: 0, upper, step: h };
  for (let i = 0; i < 8; i++) {
    const mid = (lo + hi) / 2;
    if (lowerEps(mid) >= k.epsilon) lo = mid;
    else hi = mid;
  }
  return { lower: lo, upper, step: h };
}

/** Deterministic normal draws (mulberry32 + Box–Muller): the LiRA rows' synthetic scores. */
function normals(seed) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * LiRA data: `targets` targets, `shadows` shadow models and one attacked model, each target in a
 * random half of the models; score of target t in model m = c_t + s_t·(z + μ·in), with per-target
 * centre c_t ~ N(0, 1), scale s_t = e^{N(0, 0.3²)}, μ = `gap`. Kept in memory for ours in its
 * layout (targets × shadows matrix and mask, the attacked model's scores and membership) and
 * written for the Python worker in the paper's layout (models × targets, float64 / uint8).
 */
let lira;
function liraPrepare(p) {
  const { targets, shadows, gap, seed, dir } = p;
  const models = shadows + 1;
  const z = normals(seed);
  const u = normals(seed + 1);
  const byModel = new Float64Array(models * targets);
  const keepByModel = new Uint8Array(models * targets);
  const matrix = new Float64Array(targets * shadows);
  const mask = new Uint8Array(targets * shadows);
  const targetScores = new Float64Array(targets);
  const members = new Uint8Array(targets);
  for (let t = 0; t < targets; t++) {
    const centre = u();
    const scale = Math.exp(0.3 * u());
    for (let m = 0; m < models; m++) {
      const isIn = z() > 0 ? 1 : 0;
      const s = centre + scale * (z() + gap * isIn);
      byModel[m * targets + t] = s;
      keepByModel[m * targets + t] = isIn;
      if (m < shadows) {
        matrix[t * shadows + m] = s;
        mask[t * shadows + m] = isIn;
      } else {
        targetScores[t] = s;
        members[t] = isIn;
      }
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'scores.f64'), byModel);
  writeFileSync(join(dir, 'keep.u8'), keepByModel);
  lira = { matrix: { rows: targets, columns: shadows, data: matrix }, mask, targetScores, members };
  return { models, targets };
}

/** Each task returns the number it is compared on (ε, σ, or the attack's AUC). */
const TASKS = {
  'pld.eps': (p) => pld(p.h).compose(event(p)).getEpsilon(p.delta),
  'rdp.eps': (p) => new RdpAccountant().compose(event(p)).getEpsilon(p.delta),
  'prv.eps': (p) => new PrvAccountant(p.epsError === undefined ? {} : { epsError: p.epsError }).compose(event(p)).getEpsilon(p.delta),
  'pld.calibrate': calibrate('pld'),
  'prv.calibrate': calibrate('prv'),
  'prv.calibrate.epsError0.01': calibrate(() => new PrvAccountant({ epsError: 0.01 })),
  'rdp.calibrate': calibrate('rdp'),
  // LiRA: the scores of every target (building the shadow layout and validation included); the
  // AUC of those scores against the attacked model's membership is computed after the clock
  'lira.online': () => liraOnline(lira.targetScores, shadowScoresFromMatrix(lira.matrix, lira.mask)).scores,
  'lira.offline': () => liraOffline(lira.targetScores, shadowScoresFromMatrix(lira.matrix, lira.mask), { alternative: 'two-sided' }).scores,
};
const SCORES_TO_VALUE = (task, out) => (task.startsWith('lira.') ? evaluateAttack(out, lira.members).auc : out);

/** Reference tasks (untimed): a bracket [lower, upper] around the quantity the row compares. */
const REFERENCES = {
  'ref.pld.eps': (p) => {
    const b = pldBracket(p);
    const coarsened = b.method === 'pld' ? '' : ` (${b.method}: the grid was coarsened to fit maxGridPoints)`;
    return { lower: b.lower, upper: b.upper, note: `dpbounds PLD bounds at h=${b.step.toPrecision(3)}${coarsened}` };
  },
  'ref.rdp.eps': (p) => {
    const v = denseRdp().compose(event(p)).getEpsilon(p.delta);
    return { lower: v, upper: v, note: `RDP, min over ${DENSE_ORDERS.length} orders` };
  },
  'ref.pld.sigma': (k) => {
    const b = pldSigmaBracket(k);
    return { lower: b.lower, upper: b.upper, note: `σ from dpbounds PLD bounds at h=${b.step.toPrecision(3)}` };
  },
  'ref.rdp.sigma': (k) => {
    const v = calibrate(denseRdp, 1e-7)(k);
    return { lower: v, upper: v, note: `σ of RDP, min over ${DENSE_ORDERS.length} orders` };
  },
  'ref.pld.certify': (p) => {
    // the fine-grid PLD ε bracket at a given σ (used to certify each side's calibrated σ)
    const b = pldBracket(p);
    return { lower: b.lower, upper: b.upper };
  },
  'lira.prepare': liraPrepare,
  'auto.step': (p) => ({ value: autoStep(p) }),
};

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const req = JSON.parse(line);
  let answer;
  try {
    if (req.task === 'rss') answer = { maxRssBytes: process.resourceUsage().maxRSS * 1024 };
    else if (req.task in REFERENCES) answer = REFERENCES[req.task](req.params ?? {});
    else if (!(req.task in TASKS)) answer = { skip: `unknown task ${req.task}` };
    else {
      const c0 = cpu();
      const t0 = performance.now();
      const out = TASKS[req.task](req.params ?? {});
      const seconds = (performance.now() - t0) / 1000;
      const cpuSeconds = cpu() - c0;
      answer = { seconds, cpuSeconds, value: SCORES_TO_VALUE(req.task, out) };
    }
  } catch (error) {
    answer = { skip: `${error?.name}: ${error?.message}` };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
