#!/usr/bin/env node
// Growth exponents: CPU time per call against input size over ≥ 4 sizes, fitted as the slope of
// log(time) on log(size) (least squares). Prints a markdown table for docs/benchmarks.md.
//
//   node tools/bench-anchors/scaling.mjs [--only TEXT]
//
// Needs `pnpm build` (imports the packages' dist). Times are CPU times (process.cpuUsage) of the
// fastest of several calls, so the load of other processes on the machine inflates them less.
import { cpus, loadavg } from 'node:os';

const dist = (pkg) => import(new URL(`../../packages/${pkg}/dist/index.js`, import.meta.url).href);
const { PldAccountant, dpSgdEvent, perInstancePrivacy } = await dist('accountants');
const { steinkeEmpiricalEpsilon, fdpEmpiricalMu } = await dist('audit-one-run');
const { liraOffline, shadowScoresFromMatrix } = await dist('attacks');
const { createRng } = await dist('special-functions');
const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? (process.argv[i + 1] ?? '') : '';
})();

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
    sizes: [1e3, 1e4, 1e5, 1e6],
    run: (r) => batched(() => steinkeEmpiricalEpsilon({ canaries: 1e7, guesses: r, correct: Math.round(0.65 * r) }, { delta: 1e-5 })),
    expected: '≤ 1 (binomial terms walked by their ratio, stopped early)',
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

const out = (s) => process.stdout.write(`${s}\n`);
out(`Scaling: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; CPU time of the fastest call`);
out('');
out('| workload | sizes | CPU time per call | fitted exponent | expected |');
out('|---|---|---|---|---|');
for (const c of CASES) {
  const sizes = [];
  const times = [];
  for (const s of c.sizes) {
    const prepared = c.prepare === undefined ? undefined : c.prepare(s);
    times.push(c.run(s, prepared));
    sizes.push(c.size === undefined ? s : c.size(s));
  }
  const fmt = (t) => (t >= 1 ? `${t.toFixed(2)} s` : t >= 1e-3 ? `${(t * 1e3).toFixed(1)} ms` : `${(t * 1e6).toFixed(1)} µs`);
  out(`| ${c.name} | ${sizes.map((s) => s.toExponential(0)).join(', ')} | ${times.map(fmt).join(', ')} | ${slope(sizes, times).toFixed(2)} | ${c.expected} |`);
}
out('');
out(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
