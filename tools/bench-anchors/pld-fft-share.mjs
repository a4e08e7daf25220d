#!/usr/bin/env node
// Where dpbounds' PLD queries stand against their physical limit: the share of each query's CPU
// time spent inside the FFTs (fft.js `realTransform`, `transform`, `inverseTransform`), measured on
// the PLD queries of the anchors table (tools/bench-anchors/run.mjs). The target set for it is
// that everything else — discretisation, Chernoff windows, powering the spectra, reading ε — takes
// at most as long as the FFTs, i.e. an FFT share ≥ 50 %.
//
//   node tools/bench-anchors/pld-fft-share.mjs [--repeats N] [--only TEXT] [--json FILE]
//
// How: fft.js is resolved from packages/accountants (the same module instance its dist imports)
// and its transform methods are wrapped with process.cpuUsage() before and after each call; the
// query's CPU time is process.cpuUsage() around the whole call. One warm-up call per query
// (builds the FFT tables, which are cached), then N timed calls; medians are printed. CPU time is
// that of the process (V8's helper threads included), so a collection during an FFT counts as FFT
// time; the wrapper costs ~2 µs per FFT call (a handful per query). Needs `pnpm build`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spread } from './accuracy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const repeats = Number(opt('--repeats', '5'));
const only = opt('--only', '');
const jsonOut = opt('--json', '');
if (!(Number.isInteger(repeats) && repeats >= 1)) {
  console.error(`pld-fft-share: --repeats must be an integer ≥ 1; found ${opt('--repeats')}`);
  process.exit(2);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// Wrap fft.js before the accountants are loaded (they import the same CommonJS module instance).
const requireFromAccountants = createRequire(join(root, 'packages', 'accountants', 'package.json'));
const FFT = requireFromAccountants('fft.js');
const fftClock = { seconds: 0, calls: 0 };
for (const method of ['realTransform', 'transform', 'inverseTransform']) {
  const original = FFT.prototype[method];
  FFT.prototype[method] = function timed(...a) {
    const c0 = cpu();
    try {
      return original.apply(this, a);
    } finally {
      fftClock.seconds += cpu() - c0;
      fftClock.calls += 1;
    }
  };
}
const { PldAccountant, dpSgdEvent, calibrateNoiseMultiplier } = await import(join(root, 'packages', 'accountants', 'dist', 'index.js'));

const eps = (c, h) => () => new PldAccountant(h === undefined ? {} : { valueDiscretizationInterval: h }).compose(dpSgdEvent({ samplingRate: c.q, noiseMultiplier: c.sigma, steps: c.steps })).getEpsilon(c.delta);
const sigma = (k) => () => calibrateNoiseMultiplier({ targetEpsilon: k.epsilon, delta: k.delta, samplingRate: k.q, steps: k.steps, accountant: 'pld' }).value;
const C0 = { q: 0.01, sigma: 1, steps: 1000, delta: 1e-5 };
const C1 = { q: 0.004, sigma: 1.1, steps: 10000, delta: 1e-5 };
const C2 = { q: 0.001, sigma: 0.5, steps: 100000, delta: 1e-5 };
const C3 = { q: 0.0001, sigma: 2, steps: 500000, delta: 1e-7 };
const label = (c) => `q=${c.q}, σ=${c.sigma}, T=${c.steps}, δ=${c.delta}`;
const K0 = { epsilon: 1, delta: 1e-5, q: 0.01, steps: 1000 };
const K1 = { epsilon: 2, delta: 1e-5, q: 0.004, steps: 10000 };
const QUERIES = [
  ...[C0, C1, C2, C3].map((c) => [`PLD ε, default grid, ${label(c)}`, eps(c)]),
  ...[C1, C2, C3].map((c) => [`PLD ε, h=1e-4, ${label(c)}`, eps(c, 1e-4)]),
  ...[K0, K1].map((k) => [`PLD σ calibration, target ε=${k.epsilon}, δ=${k.delta}, q=${k.q}, T=${k.steps}`, sigma(k)]),
].filter(([name]) => name.includes(only));

const fmt = (s) => (s >= 1 ? `${s.toFixed(2)} s` : `${(s * 1000).toFixed(1)} ms`);
const out = (line) => process.stdout.write(`${line}\n`);
out(`PLD FFT share: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}, ${repeats} timed calls after one warm-up each (CPU time)`);
out('');
out('| query | CPU per query (min–max) | in FFTs | FFT calls | FFT share (min–max) | rest / FFT | target rest ≤ FFT |');
out('|---|---|---|---|---|---|---|');
const results = [];
// each query in its own job: the accountant keeps per-call scratch and cell masses until the
// current job ends, so back-to-back calls in one job would look cheaper than a single query
const nextJob = () => new Promise((resolve) => setImmediate(resolve));
for (const [name, f] of QUERIES) {
  f();
  await nextJob();
  const total = [];
  const fft = [];
  let calls = 0;
  let value;
  for (let i = 0; i < repeats; i++) {
    await nextJob();
    fftClock.seconds = 0;
    fftClock.calls = 0;
    const c0 = cpu();
    value = f();
    total.push(cpu() - c0);
    fft.push(fftClock.seconds);
    calls = fftClock.calls;
  }
  const shares = total.map((t, i) => fft[i] / t);
  const t = spread(total);
  const s = spread(shares);
  const restOverFft = (1 - s.median) / s.median;
  results.push({ query: name, value, cpuSeconds: total, fftSeconds: fft, fftCalls: calls });
  out(`| ${name} | ${fmt(t.median)} (${fmt(t.min)}–${fmt(t.max)}) | ${fmt(spread(fft).median)} | ${calls} | ${(s.median * 100).toFixed(0)} % (${(s.min * 100).toFixed(0)}–${(s.max * 100).toFixed(0)} %) | ${restOverFft.toFixed(1)}× | ${restOverFft <= 1 ? 'met' : 'not met'} |`);
}
out('');
out(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (jsonOut !== '') writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), repeats, results }, null, 2)}\n`);
