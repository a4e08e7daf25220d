#!/usr/bin/env node
// Time and peak memory of the workloads of the attacks, per-instance and audit benchmarks
// (packages/attacks/bench, packages/accountants/src/per-instance, packages/audit-one-run/bench:
// the same inputs) and of the CLI on big inputs, each in a process of its own, so that every row
// has its own peak RSS (vitest bench runs a whole file in one process, whose peak is the largest
// row's). Prints a markdown table for docs/benchmarks.md.
//
//   node tools/bench-anchors/peak-memory.mjs [--only TEXT] [--trace FILE]
//
// Needs `pnpm build`. Library rows: wall and CPU time of the fastest of 3 calls after one warm-up
// call (one call, no warm-up, for the rows the bench runs once; the inputs are built first), RSS once the inputs are built, and the process' peak RSS
// (process.resourceUsage().maxRSS: inputs, the call and Node itself, ≈ 45 MB). CLI rows: the
// whole `dpbounds` process (GNU time). `--trace FILE` adds `dpbounds per-instance` on that trace
// (make a big one with `dpbounds train --instrument per-instance --per-instance-targets 1000
// --per-instance-runs 10 --per-instance-runs-without 10 --per-instance-every 1`).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = (pkg) => import(join(root, 'packages', pkg, 'dist', 'index.js'));
const argument = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? '') : undefined;
};
const only = argument('--only') ?? '';
const trace = argument('--trace');

function gaussianMatrix(createRng, rows, columns, seed) {
  const rng = createRng(seed);
  const data = new Float64Array(rows * columns);
  for (let k = 0; k < data.length; k++) data[k] = rng.normal();
  return { rows, columns, data };
}

/** Library workloads: `prepare` builds the inputs (as the bench files do), `run` is the timed call. */
const LIBRARY = [
  ...['liraOffline', 'liraOnline'].map((method) => ({
    section: 'attacks',
    name: `LiRA ${method === 'liraOffline' ? 'offline' : 'online'}, 10⁵ targets × 64 shadow scores (incl. the shadow layout)`,
    prepare: async () => {
      const a = await dist('attacks');
      const { createRng } = await dist('special-functions');
      const shadows = gaussianMatrix(createRng, 100_000, 64, 1);
      const rng = createRng(2);
      const keep = Uint8Array.from({ length: 100_000 * 64 }, () => (rng.uniform() < 0.5 ? 1 : 0));
      const targets = gaussianMatrix(createRng, 100_000, 1, 3).data;
      return () => a[method](targets, a.shadowScoresFromMatrix(shadows, keep));
    },
  })),
  {
    section: 'attacks',
    name: 'GLiR, d = 1000: fit μ̂, Σ̂ (B = 2000) and Cholesky',
    prepare: async () => {
      const a = await dist('attacks');
      const { createRng } = await dist('special-functions');
      const reference = gaussianMatrix(createRng, 2000, 1000, 4);
      return () => a.fitGradientDistribution(reference);
    },
  },
  {
    section: 'attacks',
    name: 'GLiR, d = 1000: score 10⁴ targets, n = 256 (fit done once before)',
    warmup: false,
    prepare: async () => {
      const a = await dist('attacks');
      const { createRng } = await dist('special-functions');
      const distribution = a.fitGradientDistribution(gaussianMatrix(createRng, 2000, 1000, 4));
      const gradients = gaussianMatrix(createRng, 10_000, 1000, 5);
      const update = gaussianMatrix(createRng, 1, 1000, 6);
      for (let j = 0; j < 1000; j++) update.data[j] /= 16;
      return () => a.glirAttack({ updates: update, targetGradients: gradients, batchSize: 256, distribution });
    },
  },
  ...[
    { records: 10_000, checkpoints: 1000, orders: [8], every: 1, label: '10 000 records × 1 000 checkpoints (T = 1 000) × 5 runs, α = 8' },
    { records: 1000, checkpoints: 100, orders: [2, 4, 8, 16, 32, 64], every: 10, label: '1 000 records × 100 checkpoints (T = 1 000) × 5 runs, 6 orders' },
  ].map((c) => ({
    section: 'per-instance',
    name: c.label,
    warmup: false,
    prepare: async () => {
      const { perInstancePrivacy } = await dist('accountants');
      const { createRng } = await dist('special-functions');
      const rng = createRng(6);
      const ratios = Array.from({ length: 5 }, () => Array.from({ length: c.checkpoints }, (_, k) => {
        const row = new Float32Array(c.records);
        const decay = 1 / (1 + k / 200);
        for (let i = 0; i < c.records; i++) row[i] = i % 50 === 0 ? 1 : Math.min(1, rng.uniform() * 0.6 * decay);
        return row;
      }));
      const checkpointSteps = Array.from({ length: c.checkpoints }, (_, k) => k * c.every);
      return () => perInstancePrivacy({ orders: c.orders, delta: 1e-5, samplingRate: 256 / 32561, noiseMultiplier: 1, steps: 1000, checkpointSteps, recordCount: c.records, ratios });
    },
  })),
  ...[
    ['f-DP empirical μ, m = 10⁵, r = 10³, v = 958', 'fdpEmpiricalMu', { canaries: 100000, guesses: 1000, correct: 958 }],
    ['f-DP empirical μ, m = r = 10⁶, v = 691 461', 'fdpEmpiricalMu', { canaries: 1000000, guesses: 1000000, correct: 691461 }],
    ['f-DP empirical μ, m = r = 10⁶, v = 501 000 (near chance)', 'fdpEmpiricalMu', { canaries: 1000000, guesses: 1000000, correct: 501000 }],
    ['f-DP grid variant, m = 10⁵, r = 10³', 'fdpEmpiricalGaussianGrid', { canaries: 100000, guesses: 1000, correct: 958 }],
    ['Steinke empirical ε, m = r = 10⁵, v = 65 000, δ = 1e−5', 'steinkeEmpiricalEpsilon', { canaries: 100000, guesses: 100000, correct: 65000 }],
    ['Steinke empirical ε, m = 10⁵, r = 10³, v = 958, δ = 1e−5', 'steinkeEmpiricalEpsilon', { canaries: 100000, guesses: 1000, correct: 958 }],
  ].map(([name, fn, observation]) => ({
    section: 'audit',
    name,
    prepare: async () => {
      const audit = await dist('audit-one-run');
      return fn === 'steinkeEmpiricalEpsilon' ? () => audit[fn](observation, { delta: 1e-5 }) : () => audit[fn](observation);
    },
  })),
].filter((c) => `${c.section} ${c.name}`.includes(only));

const caseIndex = argument('--case');
if (caseIndex !== undefined) {
  const c = LIBRARY[Number(caseIndex)];
  const call = await c.prepare();
  const rssInputs = process.memoryUsage().rss;
  if (c.warmup !== false) call();
  let seconds = Infinity;
  let cpuSeconds = Infinity;
  // the fastest of up to 3 calls (1 for the slow rows, which the bench runs once too)
  for (let k = 0; k < (c.warmup === false ? 1 : 3); k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    call();
    seconds = Math.min(seconds, (performance.now() - t0) / 1000);
    const cpu = process.cpuUsage(c0);
    cpuSeconds = Math.min(cpuSeconds, (cpu.user + cpu.system) / 1e6);
  }
  process.stdout.write(`${JSON.stringify({ seconds, cpuSeconds, rssInputs, maxRss: process.resourceUsage().maxRSS * 1024 })}\n`);
  process.exit(0);
}

/** A little-endian float64 `.npy` of rows × (score, member), written in 4 MiB pieces. */
function writeScoresNpy(path, rows, createRng) {
  const dict = `{'descr': '<f8', 'fortran_order': False, 'shape': (${rows}, 2), }`;
  const pad = 64 - ((10 + dict.length + 1) % 64);
  const header = Buffer.concat([Buffer.from([0x93]), Buffer.from('NUMPY'), Buffer.from([1, 0]), Buffer.from(new Uint16Array([dict.length + pad + 1]).buffer), Buffer.from(`${dict}${' '.repeat(pad)}\n`)]);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, header);
    const rng = createRng(7);
    const per = 1 << 18;
    for (let start = 0; start < rows; start += per) {
      const n = Math.min(per, rows - start);
      const chunk = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        const member = (start + i) % 2;
        chunk[2 * i] = rng.normal() + 0.25 * member;
        chunk[2 * i + 1] = member;
      }
      writeSync(fd, new Uint8Array(chunk.buffer));
    }
  } finally {
    closeSync(fd);
  }
}

const fmtS = (s) => (s >= 1 ? `${s.toFixed(2)} s` : s >= 1e-3 ? `${(s * 1e3).toFixed(1)} ms` : `${(s * 1e6).toFixed(0)} µs`);
const mb = (b) => `${Math.round(b / 2 ** 20)} MB`;
const out = (s) => process.stdout.write(`${s}\n`);
out(`Peak memory: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; each row in its own process`);
out('');
out('| section | workload | wall time | CPU time | RSS with the inputs built | peak RSS |');
out('|---|---|---|---|---|---|');
const self = fileURLToPath(import.meta.url);
for (const [i, c] of LIBRARY.entries()) {
  const child = spawnSync(process.execPath, [self, '--only', only, '--case', String(i)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`${c.name}: ${child.stderr}`);
  const r = JSON.parse(child.stdout.trim().split('\n').at(-1));
  out(`| ${c.section} | ${c.name} | ${fmtS(r.seconds)} | ${fmtS(r.cpuSeconds)} | ${mb(r.rssInputs)} | ${mb(r.maxRss)} |`);
}

// The CLI on big inputs, as processes.
const bin = join(root, 'apps', 'cli', 'dist', 'bin.js');
const cli = [];
if ('cli attack .npy'.includes(only) || only.startsWith('cli')) {
  const { createRng } = await dist('special-functions');
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-peak-'));
  for (const rows of [1e6, 1e7]) {
    const path = join(dir, `scores-${rows}.npy`);
    writeScoresNpy(path, rows, createRng);
    cli.push({ name: `\`dpbounds attack --method loss --targets scores.npy\`, ${rows.toExponential(0)} rows × (score, member) (${mb(statSync(path).size)} file)`, argv: ['attack', '--method', 'loss', '--targets', path, '--json'], cleanup: () => rmSync(path) });
  }
  cli.push({ name: '(directory)', cleanup: () => rmSync(dir, { recursive: true, force: true }) });
}
if (trace !== undefined && existsSync(trace)) cli.push({ name: `\`dpbounds per-instance --trace\` (${mb(statSync(trace).size)} trace), α = 8, δ = 1e−5`, argv: ['per-instance', '--trace', trace, '--alpha', '8', '--delta', '1e-5', '--json'] });
for (const c of cli) {
  if (c.argv !== undefined) {
    const t0 = performance.now();
    const r = spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M cpu=%U+%S', process.execPath, bin, ...c.argv], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`${c.name}: ${r.stderr}`);
    const m = /maxrss_kb=(\d+) cpu=([\d.]+)\+([\d.]+)/.exec(r.stderr);
    out(`| cli | ${c.name} | ${fmtS(seconds)} | ${m === null ? 'n/a' : fmtS(Number(m[2]) + Number(m[3]))} | | ${m === null ? 'n/a' : mb(Number(m[1]) * 1024)} |`);
  }
  c.cleanup?.();
}
out('');
out(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
