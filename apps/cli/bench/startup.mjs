// Start-up benchmark of the `dpbounds` binary, in the manner of hyperfine: N interleaved runs of
// each command line (so machine load hits all alike), the median wall time of each, and its ratio
// to `node -e 0` (the floor any Node program pays). The goal it tracks: `dp --accountant rdp`, a
// computation of about a millisecond, within 2× of `node -e 0`.
//
//   node bench/startup.mjs [--runs 30] [--bin dist/bin.js] [--baseline other/bin.js] [--json]
//
// `--baseline` interleaves a second build's runs (e.g. the unbundled `tsc` output) with these, so a
// before/after comparison meets the same machine load.
//
// Needs a built CLI (`pnpm run build` in apps/cli). Results go in docs/benchmarks.md ("CLI start-up").
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const runs = Number(option('runs', '30'));
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be an integer ≥ 1; found ${option('runs', '')}`);
const here = fileURLToPath(new URL('..', import.meta.url));
const bin = resolve(here, option('bin', 'dist/bin.js'));
const dp = ['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '1000', '--delta', '1e-5'];
const commandsOf = (path, tag) => [
  { name: `dpbounds --version${tag}`, argv: [path, '--version'] },
  { name: `dpbounds dp --accountant rdp${tag}`, argv: [path, ...dp, '--accountant', 'rdp'] },
  { name: `dpbounds dp --accountant pld${tag}`, argv: [path, ...dp, '--accountant', 'pld'] },
  { name: `dpbounds bayes-security${tag}`, argv: [path, 'bayes-security', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '1000'] },
];
const baselineOption = option('baseline', undefined);
const baseline = baselineOption === undefined ? undefined : resolve(here, baselineOption);
const cases = [{ name: 'node -e 0', argv: ['-e', '0'] }, ...commandsOf(bin, ''), ...(baseline === undefined ? [] : commandsOf(baseline, ' (baseline)'))];

const times = cases.map(() => []);
const loadBefore = loadavg()[0];
for (let r = -1; r < runs; r++) {
  for (const [i, c] of cases.entries()) {
    const start = process.hrtime.bigint();
    const out = spawnSync(process.execPath, c.argv, { encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (out.status !== 0) throw new Error(`${c.name} exited ${out.status}: ${out.stderr}`);
    if (r >= 0) times[i].push(ms); // the first round warms the file cache and is not counted
  }
}
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * p;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
};
const floor = quantile(times[0], 0.5);
const rows = cases.map((c, i) => ({
  command: c.name,
  medianMs: quantile(times[i], 0.5),
  q1Ms: quantile(times[i], 0.25),
  q3Ms: quantile(times[i], 0.75),
  ratio: quantile(times[i], 0.5) / floor,
}));
const rdp = rows[2].ratio;
const summary = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  loadAverage: { before: loadBefore, after: loadavg()[0] },
  runs,
  bin,
  ...(baseline === undefined ? {} : { baseline }),
  rows,
  goal: { command: 'dpbounds dp --accountant rdp', ratio: rdp, within2x: rdp <= 2 },
};
if (args.includes('--json')) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  console.log(`CLI start-up, ${runs} interleaved runs each; ${summary.cpus}; node ${summary.node}; load ${loadBefore.toFixed(2)} → ${summary.loadAverage.after.toFixed(2)}`);
  console.log('| command | median ms | IQR ms | × node -e 0 |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| \`${r.command}\` | ${r.medianMs.toFixed(0)} | ${r.q1Ms.toFixed(0)}–${r.q3Ms.toFixed(0)} | ${r.ratio.toFixed(2)} |`);
  console.log(`goal (dp --accountant rdp within 2× of node -e 0): ${rdp.toFixed(2)}× — ${rdp <= 2 ? 'met' : 'not met'}`);
}
