#!/usr/bin/env node
// Growth exponents: CPU time per call against input size over ≥ 4 sizes, fitted as the slope of
// log(time) on log(size) (least squares), with the slope between neighbouring sizes. Prints a
// markdown table for docs/benchmarks.md.
//
//   node tools/bench-anchors/scaling.mjs [--only TEXT]
//
// Needs `pnpm build` (imports the packages' dist). Times are CPU times (process.cpuUsage) of the
// fastest of several calls, so the load of other processes on the machine inflates them less.
// Each workload runs in a process of its own, so its peak RSS (process.resourceUsage().maxRSS,
// over all its sizes: the largest size's) is its own.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const dist = (pkg) => import(new URL(`../../packages/${pkg}/dist/index.js`, import.meta.url).href);
const { PldAccountant, dpSgdEvent, perInstancePrivacy } = await dist('accountants');
const { steinkeEmpiricalEpsilon, fdpEmpiricalMu } = await dist('audit-one-run');
const { evaluateAttack, fitGradientDistribution, glirAttack, liraOffline, lossThresholdScores, shadowScoresFromMatrix } = await dist('attacks');
const { createRng } = await dist('special-functions');
const argument = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? '') : undefined;
};
const only = argument('--only') ?? '';

/** Fastest CPU seconds per call: repeats until 0.3 s of CPU or 7 calls (one warm-up first). */
function cpuSeconds(fn) {
  fn();
  let best = Infinity;
  let spent = 0;
  for (let k = 0; k < 7 && (k < 2 || spent < 0.3); k++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    const s = (c.user + c.system) / 1e6;
    spent += s;
    best = Math.min(best, s);
  }
  return best;
}

/** Calls `fn` enough times per measurement that one measurement takes ≥ ~5 ms. */
function batched(fn) {
  const single = cpuSeconds(fn);
  const n = Math.max(1, Math.ceil(0.005 / Math.max(single, 1e-7)));
  return cpuSeconds(() => {
    for (let i = 0; i < n; i++) fn();
  }) / n;
}

function slope(sizes, times) {
  const x = sizes.map(Math.log);
  const y = times.map(Math.log);
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < x.length; i++) {
    num += (x[i] - mx) * (y[i] - my);
    den += (x[i] - mx) ** 2;
  }
  return num / den;
}

function gaussianMatrix(rows, columns, seed) {
  const rng = createRng(seed);
  const data = new Float64Array(rows * columns);
  for (let k = 0; k < data.length; k++) data[k] = rng.normal();
  return { rows, columns, data };
}

const CASES = [
  {
    name: 'PLD ε (default grid), q = 0.004, σ = 1.1, δ = 1e-5, in T',
    sizes: [1e3, 1e4, 1e5, 1e6],
    run: (T) => cpuSeconds(() => new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: T })).getEpsilon(1e-5)),
    expected: 'window ∝ √T bins, FFT O(√T log T): ≈ 0.5',
  },
  {
    name: 'Steinke empirical ε, r = 10³ guesses, 95.8 % correct, in m (canaries)',
    sizes: [1e4, 1e5, 1e6, 1e7],
    run: (m) => batched(() => steinkeEmpiricalEpsilon({ canaries: m, guesses: 1000, correct: 958 }, { delta: 1e-5 })),
    expected: 'O(r) terms, m enters only through δ terms: ≈ 0',
  },
  {
    name: 'Steinke empirical ε, m = 10⁷, 65 % correct, in r (guesses)',
    sizes: [1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6],
    run: (r) => batched(() => steinkeEmpiricalEpsilon({ canaries: 1e7, guesses: r, correct: Math.round(0.65 * r) }, { delta: 1e-5 })),
    value: (r) => steinkeEmpiricalEpsilon({ canaries: 1e7, guesses: r, correct: Math.round(0.65 * r) }, { delta: 1e-5 }).epsilon,
    expected: 'not one regime: ε = 0 (one p-value) up to r = 2·10⁴, where the δ term 2mδ = 200 outweighs the evidence; ε > 0 (a boundary search: ~45 p-values of O(√r) each) from 5·10⁴',
  },
  {
    name: 'Steinke empirical ε, m = 10⁶, 90 % correct, in r (guesses): ε > 0 at every size',
    sizes: [1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6],
    run: (r) => batched(() => steinkeEmpiricalEpsilon({ canaries: 1e6, guesses: r, correct: Math.round(0.9 * r) }, { delta: 1e-5 })),
    value: (r) => steinkeEmpiricalEpsilon({ canaries: 1e6, guesses: r, correct: Math.round(0.9 * r) }, { delta: 1e-5 }).epsilon,
    expected: 'between 0.5 and 1: 42–44 p-values at every r (bracket, then bisection to 10⁻¹²), each a binomial tail (O(√r) terms) and a walk over the δ term\'s binomial terms that stops at a geometric bound: 5√r steps per p-value up to r = 10⁵, 14√r at 10⁶ (the bound tightens slowly when the ratio of terms is close to 1)',
  },
  {
    name: 'f-DP empirical μ, r = 10³, 95.8 % correct, in m (canaries)',
    sizes: [1e4, 1e5, 1e6, 1e7],
    run: (m) => batched(() => fdpEmpiricalMu({ canaries: m, guesses: 1000, correct: 958 })),
    expected: '≈ 0 (the recursion stops when r + h passes the capacity)',
  },
  {
    name: 'f-DP empirical μ, m = 10⁷, 69.1 % correct, in r (guesses)',
    sizes: [1e3, 1e4, 1e5, 1e6],
    run: (r) => batched(() => fdpEmpiricalMu({ canaries: 1e7, guesses: r, correct: Math.round(0.691461 * r) })),
    expected: '≤ 1',
  },
  {
    name: 'LiRA offline, 64 shadow scores per target, in n (targets)',
    sizes: [1e4, 3e4, 1e5, 3e5],
    prepare: (n) => {
      const shadows = gaussianMatrix(n, 64, 1);
      const rng = createRng(2);
      const keep = Uint8Array.from({ length: n * 64 }, () => (rng.uniform() < 0.5 ? 1 : 0));
      return { shadows, keep, targets: gaussianMatrix(n, 1, 3).data };
    },
    run: (n, p) => cpuSeconds(() => liraOffline(p.targets, shadowScoresFromMatrix(p.shadows, p.keep))),
    expected: '≈ 1 (linear in the scores)',
  },
  {
    name: 'loss attack: scores from losses, then ROC, AUC and TPR@FPR (evaluateAttack), in n (targets, half members)',
    sizes: [1e4, 1e5, 1e6, 1e7],
    prepare: (n) => {
      const rng = createRng(7);
      const members = Uint8Array.from({ length: n }, (_, i) => i % 2);
      const losses = Float64Array.from({ length: n }, (_, i) => rng.normal() + (i % 2 === 1 ? -0.3 : 0));
      return { members, losses };
    },
    run: (n, p) => cpuSeconds(() => evaluateAttack(lossThresholdScores(p.losses).scores, p.members, { fprs: [0.001, 0.01, 0.1] })),
    expected: '≈ 1 (n log n: the ROC sorts the scores)',
  },
  {
    name: 'GLiR scoring, d = 100 (fit on B = 500 once), in n (targets)',
    sizes: [1e3, 3e3, 1e4, 3e4],
    prepare: (n) => {
      const d = 100;
      const distribution = fitGradientDistribution(gaussianMatrix(500, d, 8));
      const update = gaussianMatrix(1, d, 9);
      for (let j = 0; j < d; j++) update.data[j] /= 16;
      return { distribution, update, gradients: gaussianMatrix(n, d, 10) };
    },
    run: (n, p) => cpuSeconds(() => glirAttack({ updates: p.update, targetGradients: p.gradients, batchSize: 256, distribution: p.distribution })),
    expected: '≈ 1 (whitening d²/2 and one noncentral-χ² log-CDF per target)',
  },
  {
    name: 'per-instance ε (Thm 3.2 + Hölder over 2 runs, α = 8), in records × steps',
    sizes: [[1000, 100], [2000, 250], [4000, 500], [8000, 1000]],
    size: ([records, steps]) => records * steps,
    prepare: ([records, steps]) => {
      const rng = createRng(6);
      const ratios = Array.from({ length: 2 }, () => Array.from({ length: steps }, () => {
        const row = new Float32Array(records);
        for (let i = 0; i < records; i++) row[i] = i % 50 === 0 ? 1 : Math.min(1, rng.uniform() * 0.6);
        return row;
      }));
      return { ratios, checkpointSteps: Array.from({ length: steps }, (_, t) => t) };
    },
    run: ([records, steps], p) => cpuSeconds(() => perInstancePrivacy({ orders: [8], delta: 1e-5, samplingRate: 256 / 32561, noiseMultiplier: 1, steps, checkpointSteps: p.checkpointSteps, recordCount: records, ratios: p.ratios })),
    expected: '≈ 1 (one evaluation per record, step and run)',
  },
].filter((c) => c.name.includes(only));

const fmt = (t) => (t >= 1 ? `${t.toFixed(2)} s` : t >= 1e-3 ? `${(t * 1e3).toFixed(1)} ms` : `${(t * 1e6).toFixed(1)} µs`);

const caseIndex = argument('--case');
if (caseIndex !== undefined) {
  // child: one workload, all its sizes; prints JSON
  const c = CASES[Number(caseIndex)];
  const sizes = [];
  const times = [];
  const values = [];
  for (const size of c.sizes) {
    const prepared = c.prepare === undefined ? undefined : c.prepare(size);
    times.push(c.run(size, prepared));
    sizes.push(c.size === undefined ? size : c.size(size));
    if (c.value !== undefined) values.push(c.value(size));
  }
  process.stdout.write(`${JSON.stringify({ sizes, times, values, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
  process.exit(0);
}

const out = (s) => process.stdout.write(`${s}\n`);
out(`Scaling: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; CPU time of the fastest call; each workload in its own process`);
out('');
out('| workload | sizes | CPU time per call | fitted exponent | slopes between neighbouring sizes | peak RSS | expected |');
out('|---|---|---|---|---|---|---|');
const self = fileURLToPath(import.meta.url);
for (const c of CASES) {
  const child = spawnSync(process.execPath, [self, '--only', only, '--case', String(CASES.indexOf(c))], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`${c.name}: ${child.stderr}`);
  const { sizes, times, values, maxRssBytes } = JSON.parse(child.stdout.trim().split('\n').at(-1));
  const local = sizes.slice(1).map((s, i) => slope([sizes[i], s], [times[i], times[i + 1]]).toFixed(2));
  const eps = values.length > 0 ? ` (ε: ${values.map((v) => v.toFixed(2)).join(', ')})` : '';
  out(`| ${c.name} | ${sizes.map((s) => s.toExponential(0)).join(', ')} | ${times.map(fmt).join(', ')} | ${slope(sizes, times).toFixed(2)} | ${local.join(', ')} | ${Math.round(maxRssBytes / 2 ** 20)} MB | ${c.expected}${eps} |`);
}
out('');
out(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
