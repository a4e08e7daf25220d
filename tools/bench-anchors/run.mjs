#!/usr/bin/env node
// Anchors benchmark: dpbounds against the public Python implementations it is measured by
// (dp_accounting, Opacus' accountants, microsoft/prv_accountant), side by side in one run,
// interleaved (ours, anchor, ours, anchor, …), each side in its own fresh process per row so
// that peak memory is per row. Prints one markdown table (docs/benchmarks.md is its output).
//
//   node tools/bench-anchors/run.mjs --anchors DIR [--repeats N] [--only TEXT] [--json FILE]
//
// DIR holds the anchors' sources (see tools/bench-anchors/README.md); a missing anchor is
// skipped with a line saying so. Needs `pnpm build` (the package dist and the CLI).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const anchors = resolve(opt('--anchors', join(root, '.anchors')));
const repeats = Number(opt('--repeats', '5'));
const only = opt('--only', '');
const jsonOut = opt('--json', '');
const python = opt('--python', 'python3');
const cli = join(root, 'apps', 'cli', 'dist', 'bin.js');

if (!existsSync(join(root, 'packages', 'accountants', 'dist', 'index.js'))) {
  console.error('bench-anchors: packages/accountants/dist is missing: run `pnpm build` first');
  process.exit(2);
}
if (!(Number.isInteger(repeats) && repeats >= 1)) {
  console.error(`bench-anchors: --repeats must be an integer ≥ 1; found ${opt('--repeats')}`);
  process.exit(2);
}

/** A line-protocol worker process (ours-worker.mjs or anchors.py). */
function worker(command, argv) {
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(request) {
      child.stdin.write(`${JSON.stringify(request)}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error(`${command} exited`);
      return JSON.parse(value);
    },
    close() {
      child.stdin.end();
    },
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const C0 = { q: 0.01, sigma: 1, steps: 1000, delta: 1e-5 };
const C1 = { q: 0.004, sigma: 1.1, steps: 10000, delta: 1e-5 };
const C2 = { q: 0.001, sigma: 0.5, steps: 100000, delta: 1e-5 };
const C3 = { q: 0.0001, sigma: 2, steps: 500000, delta: 1e-7 };
const label = (c) => `q=${c.q}, σ=${c.sigma}, T=${c.steps}, δ=${c.delta}`;
const cal = (c) => `target ε=${c.epsilon}, δ=${c.delta}, q=${c.q}, T=${c.steps}`;
const K0 = { epsilon: 1, delta: 1e-5, q: 0.01, steps: 1000 };
const K1 = { epsilon: 2, delta: 1e-5, q: 0.004, steps: 10000 };

/**
 * Rows: what ours runs, what the anchor runs, and how the compared numbers read: `smaller` (an
 * upper bound on ε: the smaller guarantee is the tighter) or `sigma` (calibration: the smaller σ
 * meeting the target with a guarantee is the tighter).
 */
const ROWS = [
  ...[C0, C1, C2, C3].map((c) => ({ name: `PLD ε, default grids, ${label(c)}`, ours: ['pld.eps', c], anchor: ['dp_accounting PLD (1e-4)', 'dp_accounting.pld.eps', c] })),
  ...[C1, C2].map((c) => ({ name: `PLD ε, equal grid h=1e-4, ${label(c)}`, ours: ['pld.eps', { ...c, h: 1e-4 }], anchor: ['dp_accounting PLD (1e-4)', 'dp_accounting.pld.eps', c] })),
  ...[C1, C2].flatMap((c) => [
    { name: `RDP ε, ${label(c)}`, ours: ['rdp.eps', c], anchor: ['Opacus RDP', 'opacus.rdp.eps', c] },
    { name: `RDP ε, ${label(c)}`, ours: ['rdp.eps', c], anchor: ['dp_accounting RDP', 'dp_accounting.rdp.eps', c] },
  ]),
  ...[C1, C3].flatMap((c) => [
    { name: `PRV ε (ours: 0.1 % relative budget), ${label(c)}`, ours: ['prv.eps', c], anchor: ['Opacus PRV (eps_error 0.01)', 'opacus.prv.eps', { ...c, epsError: 0.01 }] },
    { name: `PRV ε (ours: 0.1 % relative budget), ${label(c)}`, ours: ['prv.eps', c], anchor: ['microsoft PRV (eps_error 0.01)', 'microsoft.prv.eps', { ...c, epsError: 0.01 }] },
    { name: `PRV ε at the anchor's budget (ours: eps_error 0.01), ${label(c)}`, ours: ['prv.eps', { ...c, epsError: 0.01 }], anchor: ['Opacus PRV (eps_error 0.01)', 'opacus.prv.eps', { ...c, epsError: 0.01 }] },
  ]),
  ...[K0, K1].flatMap((k) => [
    { name: `σ calibration PLD, ${cal(k)}`, kind: 'sigma', ours: ['pld.calibrate', k], anchor: ['dp_accounting PLD calibrate', 'dp_accounting.pld.calibrate', k] },
    { name: `σ calibration PRV, ${cal(k)}`, kind: 'sigma', ours: ['prv.calibrate', k], anchor: ['Opacus get_noise_multiplier(prv)', 'opacus.prv.calibrate', k] },
    { name: `σ calibration PRV at the anchor's budget (ours: eps_error 0.01), ${cal(k)}`, kind: 'sigma', ours: ['prv.calibrate.epsError0.01', k], anchor: ['Opacus get_noise_multiplier(prv)', 'opacus.prv.calibrate', k] },
    { name: `σ calibration RDP, ${cal(k)}`, kind: 'sigma', ours: ['rdp.calibrate', k], anchor: ['Opacus get_noise_multiplier(rdp)', 'opacus.rdp.calibrate', k] },
  ]),
].filter((r) => r.name.includes(only) || r.anchor[0].includes(only));

const fmtS = (s) => (s >= 1 ? `${s.toFixed(2)} s` : `${(s * 1000).toFixed(s < 0.01 ? 2 : 1)} ms`);
const fmtMB = (b) => (b === undefined ? 'n/a' : `${Math.round(b / 2 ** 20)} MB`);
const results = [];
const out = (line) => process.stdout.write(`${line}\n`);

out(`Anchors benchmark: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}, ${repeats} interleaved repeats after one warm-up call each, anchors from ${anchors}`);
out('');
out('| workload | anchor | ours (median) | anchor (median) | anchor / ours | ours value | anchor value | anchor accuracy | ours peak RSS | anchor peak RSS |');
out('|---|---|---|---|---|---|---|---|---|---|');

for (const row of ROWS) {
  const ours = worker(process.execPath, [join(here, 'ours-worker.mjs')]);
  const py = worker(python, [join(here, 'anchors.py'), anchors]);
  const oursReq = { task: row.ours[0], params: row.ours[1] };
  const pyReq = { task: row.anchor[1], params: row.anchor[2] };
  const first = await py.ask(pyReq);
  if (first.skip !== undefined) {
    out(`| ${row.name} | ${row.anchor[0]} | skipped: ${first.skip} ||||||||`);
    ours.close();
    py.close();
    continue;
  }
  await ours.ask(oursReq);
  const tOurs = [];
  const tAnchor = [];
  let vOurs;
  let vAnchor = first.value;
  for (let i = 0; i < repeats; i++) {
    const a = await ours.ask(oursReq);
    if (a.skip !== undefined) throw new Error(`ours failed on ${row.name}: ${a.skip}`);
    tOurs.push(a.seconds);
    vOurs = a.value;
    const b = await py.ask(pyReq);
    tAnchor.push(b.seconds);
    vAnchor = b.value;
  }
  const rssOurs = (await ours.ask({ task: 'rss' })).maxRssBytes;
  const rssAnchor = (await py.ask({ task: 'rss' })).maxRssBytes;
  ours.close();
  py.close();
  const mo = median(tOurs);
  const ma = median(tAnchor);
  const rel = (vAnchor - vOurs) / Math.abs(vOurs);
  const accuracy = Math.abs(rel) <= 1e-9 ? 'equal' : rel > 0 ? `looser (+${(rel * 100).toPrecision(2)} %)` : `tighter (${(rel * 100).toPrecision(2)} %)`;
  results.push({ workload: row.name, anchor: row.anchor[0], oursSeconds: tOurs, anchorSeconds: tAnchor, oursValue: vOurs, anchorValue: vAnchor, oursMaxRssBytes: rssOurs, anchorMaxRssBytes: rssAnchor });
  out(`| ${row.name} | ${row.anchor[0]} | ${fmtS(mo)} | ${fmtS(ma)} | ${(ma / mo).toFixed(1)}× | ${vOurs.toPrecision(8)} | ${vAnchor.toPrecision(8)} | ${accuracy} | ${fmtMB(rssOurs)} | ${fmtMB(rssAnchor)} |`);
}

/** End-to-end rows: the CLI as a process against a one-shot Python process doing the same query. */
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
function runProcess(argv, input) {
  const full = timeBin === undefined ? argv : [timeBin, '-f', 'maxrss_kb=%M', ...argv];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(full[0], full.slice(1), { input, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed: ${r.stderr}`);
  const kb = /maxrss_kb=(\d+)/.exec(r.stderr ?? '');
  return { seconds, stdout: r.stdout, rss: kb === null ? undefined : Number(kb[1]) * 1024 };
}
const E2E = [
  { name: `end to end \`dpbounds dp --accountant pld\`, ${label(C1)}`, anchor: 'python one-shot dp_accounting PLD', cliArgs: ['--accountant', 'pld'], task: 'dp_accounting.pld.eps', anchorName: 'differential-privacy' },
  { name: `end to end \`dpbounds dp --accountant rdp\`, ${label(C1)}`, anchor: 'python one-shot Opacus RDP', cliArgs: ['--accountant', 'rdp'], task: 'opacus.rdp.eps', anchorName: 'opacus' },
].filter((r) => r.name.includes(only) || r.anchor.includes(only));
for (const row of E2E) {
  if (!existsSync(cli)) {
    out(`| ${row.name} | ${row.anchor} | skipped: ${cli} missing (run \`pnpm build\`) ||||||||`);
    continue;
  }
  if (!existsSync(join(anchors, row.anchorName))) {
    out(`| ${row.name} | ${row.anchor} | skipped: ${join(anchors, row.anchorName)} not found ||||||||`);
    continue;
  }
  const oursArgv = [process.execPath, cli, 'dp', '--json', '--sampling-rate', String(C1.q), '--noise-multiplier', String(C1.sigma), '--steps', String(C1.steps), '--delta', String(C1.delta), ...row.cliArgs];
  const pyArgv = [python, join(here, 'anchors.py'), anchors];
  const pyInput = `${JSON.stringify({ task: row.task, params: C1 })}\n`;
  runProcess(oursArgv);
  runProcess(pyArgv, pyInput);
  const tO = [];
  const tA = [];
  let o;
  let a;
  for (let i = 0; i < repeats; i++) {
    o = runProcess(oursArgv);
    tO.push(o.seconds);
    a = runProcess(pyArgv, pyInput);
    tA.push(a.seconds);
  }
  const vO = JSON.parse(o.stdout).epsilon;
  const vA = JSON.parse(a.stdout.trim()).value;
  const rel = (vA - vO) / Math.abs(vO);
  const accuracy = Math.abs(rel) <= 1e-9 ? 'equal' : rel > 0 ? `looser (+${(rel * 100).toPrecision(2)} %)` : `tighter (${(rel * 100).toPrecision(2)} %)`;
  results.push({ workload: row.name, anchor: row.anchor, oursSeconds: tO, anchorSeconds: tA, oursValue: vO, anchorValue: vA, oursMaxRssBytes: o.rss, anchorMaxRssBytes: a.rss });
  out(`| ${row.name} | ${row.anchor} | ${fmtS(median(tO))} | ${fmtS(median(tA))} | ${(median(tA) / median(tO)).toFixed(1)}× | ${vO.toPrecision(8)} | ${vA.toPrecision(8)} | ${accuracy} | ${fmtMB(o.rss)} | ${fmtMB(a.rss)} |`);
}
out('');
out(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (jsonOut !== '') writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), repeats, results }, null, 2)}\n`);
