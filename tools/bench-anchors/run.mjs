#!/usr/bin/env node
// Anchors benchmark: dpbounds against the public Python implementations it is measured by
// (dp_accounting, Opacus' accountants, microsoft/prv_accountant, the LiRA paper's scoring code),
// side by side in one run, interleaved (ours, anchor, ours, anchor, …), each side in its own
// fresh process per row so that peak memory is per row. Every call's CPU time and wall time are
// recorded; each row has a reference value and reads its ratio by accuracy (README: "Columns",
// "References", "Accuracy labels"). Prints one markdown table (docs/benchmarks.md is its output).
//
//   node tools/bench-anchors/run.mjs --anchors DIR [--repeats N] [--only TEXT] [--json FILE]
//
// DIR holds the anchors' sources (see tools/bench-anchors/README.md); a missing anchor is
// skipped with a line saying so. Needs `pnpm build` (the package dist and the CLI).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { accuracyLabel, errorAgainst, spread } from './accuracy.mjs';

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

const C0 = { q: 0.01, sigma: 1, steps: 1000, delta: 1e-5 };
const C1 = { q: 0.004, sigma: 1.1, steps: 10000, delta: 1e-5 };
const C2 = { q: 0.001, sigma: 0.5, steps: 100000, delta: 1e-5 };
const C3 = { q: 0.0001, sigma: 2, steps: 500000, delta: 1e-7 };
const label = (c) => `q=${c.q}, σ=${c.sigma}, T=${c.steps}, δ=${c.delta}`;
const cal = (c) => `target ε=${c.epsilon}, δ=${c.delta}, q=${c.q}, T=${c.steps}`;
const K0 = { epsilon: 1, delta: 1e-5, q: 0.01, steps: 1000 };
const K1 = { epsilon: 2, delta: 1e-5, q: 0.004, steps: 10000 };
const LIRA = { targets: 100000, shadows: 64, gap: 1, seed: 7 };

/**
 * Rows: what ours runs, what the anchor runs, the reference task (run by the dpbounds worker after
 * the timed calls; see the README, "References"), and the kind of number compared: `eps` (an
 * upper bound on ε), `sigma` (calibration: the smallest σ meeting the target) or `auc` (an
 * attack's AUC on the same data; larger is the stronger attack). `h: 'ours-auto'` in the
 * anchor's parameters is replaced by our automatic PLD step for that configuration.
 */
const ROWS = [
  ...[C0, C1, C2, C3].map((c) => ({ name: `PLD ε, each at its default grid, ${label(c)}`, kind: 'eps', ours: ['pld.eps', c], anchor: ['dp_accounting PLD (default h=1e-4)', 'dp_accounting.pld.eps', c], ref: ['ref.pld.eps', c] })),
  { name: `PLD ε, dp_accounting at our automatic step, ${label(C3)}`, kind: 'eps', ours: ['pld.eps', C3], anchor: ['dp_accounting PLD (h = our automatic step)', 'dp_accounting.pld.eps', { ...C3, h: 'ours-auto' }], ref: ['ref.pld.eps', C3] },
  { name: `PLD ε, ours at dp_accounting's step h=1e-4, ${label(C3)}`, kind: 'eps', ours: ['pld.eps', { ...C3, h: 1e-4 }], anchor: ['dp_accounting PLD (default h=1e-4)', 'dp_accounting.pld.eps', C3], ref: ['ref.pld.eps', C3] },
  ...[C1, C2].map((c) => ({ name: `PLD ε, both at h=1e-4, ${label(c)}`, kind: 'eps', ours: ['pld.eps', { ...c, h: 1e-4 }], anchor: ['dp_accounting PLD (default h=1e-4)', 'dp_accounting.pld.eps', c], ref: ['ref.pld.eps', c] })),
  ...[C1, C2].flatMap((c) => [
    { name: `RDP ε, ${label(c)}`, kind: 'eps', ours: ['rdp.eps', c], anchor: ['Opacus RDP', 'opacus.rdp.eps', c], ref: ['ref.rdp.eps', c] },
    { name: `RDP ε, ${label(c)}`, kind: 'eps', ours: ['rdp.eps', c], anchor: ['dp_accounting RDP', 'dp_accounting.rdp.eps', c], ref: ['ref.rdp.eps', c] },
  ]),
  ...[C1, C3].flatMap((c) => [
    { name: `PRV ε (ours: default 0.1 % relative budget), ${label(c)}`, kind: 'eps', ours: ['prv.eps', c], anchor: ['Opacus PRV (default eps_error 0.01)', 'opacus.prv.eps', { ...c, epsError: 0.01 }], ref: ['ref.pld.eps', c] },
    { name: `PRV ε (ours: default 0.1 % relative budget), ${label(c)}`, kind: 'eps', ours: ['prv.eps', c], anchor: ['microsoft PRV (eps_error 0.01)', 'microsoft.prv.eps', { ...c, epsError: 0.01 }], ref: ['ref.pld.eps', c] },
    { name: `PRV ε, ours at the anchor's budget eps_error 0.01, ${label(c)}`, kind: 'eps', ours: ['prv.eps', { ...c, epsError: 0.01 }], anchor: ['Opacus PRV (default eps_error 0.01)', 'opacus.prv.eps', { ...c, epsError: 0.01 }], ref: ['ref.pld.eps', c] },
  ]),
  ...[K0, K1].flatMap((k) => [
    { name: `σ calibration PLD, both at defaults, ${cal(k)}`, kind: 'sigma', ours: ['pld.calibrate', k], anchor: ['dp_accounting calibrate_dp_mechanism (defaults)', 'dp_accounting.pld.calibrate', k], ref: ['ref.pld.sigma', k], certify: true },
    { name: `σ calibration PLD, dp_accounting with ExplicitBracketInterval(0.3, 20) (the setting of the table before 2026-11-29), ${cal(k)}`, kind: 'sigma', ours: ['pld.calibrate', k], anchor: ['dp_accounting calibrate_dp_mechanism, bracket (0.3, 20)', 'dp_accounting.pld.calibrate.bracket', k], ref: ['ref.pld.sigma', k], certify: true },
    { name: `σ calibration PRV (ours: default relative budget), ${cal(k)}`, kind: 'sigma', ours: ['prv.calibrate', k], anchor: ['Opacus get_noise_multiplier(prv) (defaults)', 'opacus.prv.calibrate', k], ref: ['ref.pld.sigma', k], certify: true },
    { name: `σ calibration PRV, ours at the anchor's budget eps_error 0.01, ${cal(k)}`, kind: 'sigma', ours: ['prv.calibrate.epsError0.01', k], anchor: ['Opacus get_noise_multiplier(prv) (defaults)', 'opacus.prv.calibrate', k], ref: ['ref.pld.sigma', k], certify: true },
    { name: `σ calibration RDP, ${cal(k)}`, kind: 'sigma', ours: ['rdp.calibrate', k], anchor: ['Opacus get_noise_multiplier(rdp) (defaults)', 'opacus.rdp.calibrate', k], ref: ['ref.rdp.sigma', k] },
  ]),
  ...['online', 'offline'].map((mode) => ({
    name: `LiRA ${mode}, ${LIRA.targets} targets × ${LIRA.shadows} shadow models (one score each), AUC of the scores`,
    kind: 'auc',
    ours: [`lira.${mode}`, {}],
    anchor: [`LiRA paper's plot.generate_ours${mode === 'offline' ? '_offline' : ''} (numpy)`, `lira.${mode}`, {}],
    prepare: LIRA,
  })),
].filter((r) => r.name.includes(only) || r.anchor[0].includes(only));

const fmtS = (s) => (s >= 1 ? `${s.toFixed(2)} s` : s >= 0.01 ? `${(s * 1000).toFixed(1)} ms` : `${(s * 1000).toFixed(2)} ms`);
const fmtSpread = (xs) => {
  const { median, min, max } = spread(xs);
  return xs.length === 1 ? fmtS(median) : `${fmtS(median)} (${fmtS(min)}–${fmtS(max)})`;
};
const fmtMB = (b) => (b === undefined ? 'n/a' : `${Math.round(b / 2 ** 20)} MB`);
const fmtRel = (r) => `${r >= 0 ? '+' : '−'}${Math.abs(r).toExponential(1)}`;
const fmtValue = (v, reference, kind) => {
  if (reference === undefined || kind === 'auc') return v.toPrecision(kind === 'auc' ? 5 : 8);
  const e = errorAgainst(v, reference);
  return `${v.toPrecision(8)} (${fmtRel(e.relative)}${e.belowLower ? ', below the reference lower bound' : ''})`;
};
const fmtRef = (r) => (r === undefined ? '—' : r.lower === r.upper ? `${r.upper.toPrecision(8)} (${r.note})` : `[${r.lower.toPrecision(8)}, ${r.upper.toPrecision(8)}] (${r.note})`);
const results = [];
const out = (line) => process.stdout.write(`${line}\n`);

out(`Anchors benchmark: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}, ${repeats} interleaved repeats after one warm-up call each, anchors from ${anchors}`);
out('');
out('| workload | anchor | ours CPU | anchor CPU | ours wall | anchor wall | anchor / ours (CPU; wall) | reading | reference | ours value (error) | anchor value (error) | ours peak RSS | anchor peak RSS |');
out('|---|---|---|---|---|---|---|---|---|---|---|---|---|');

const skipLine = (name, anchor, why) => out(`| ${name} | ${anchor} | skipped: ${why} |||||||||||`);

for (const row of ROWS) {
  const ours = worker(process.execPath, [join(here, 'ours-worker.mjs')]);
  const py = worker(python, [join(here, 'anchors.py'), anchors]);
  const oursReq = { task: row.ours[0], params: row.ours[1] };
  let anchorParams = row.anchor[2];
  if (anchorParams.h === 'ours-auto') anchorParams = { ...anchorParams, h: (await ours.ask({ task: 'auto.step', params: anchorParams })).value };
  const pyReq = { task: row.anchor[1], params: anchorParams };
  let rowData = {};
  if (row.prepare !== undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-anchors-lira-'));
    const shape = await ours.ask({ task: 'lira.prepare', params: { ...row.prepare, dir } });
    const loaded = await py.ask({ task: 'lira.load', params: { ...shape, dir } });
    rowData = { dir, targets: shape.targets };
    if (loaded.skip !== undefined) {
      skipLine(row.name, row.anchor[0], loaded.skip);
      ours.close();
      py.close();
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
  }
  const first = await py.ask(pyReq);
  if (first.skip !== undefined) {
    skipLine(row.name, row.anchor[0], first.skip);
    ours.close();
    py.close();
    continue;
  }
  const warm = await ours.ask(oursReq);
  if (warm.skip !== undefined) throw new Error(`ours failed on ${row.name}: ${warm.skip}`);
  const t = { oursWall: [], oursCpu: [], anchorWall: [], anchorCpu: [] };
  let vOurs = warm.value;
  let vAnchor = first.value;
  for (let i = 0; i < repeats; i++) {
    const a = await ours.ask(oursReq);
    if (a.skip !== undefined) throw new Error(`ours failed on ${row.name}: ${a.skip}`);
    t.oursWall.push(a.seconds);
    t.oursCpu.push(a.cpuSeconds);
    vOurs = a.value;
    const b = await py.ask(pyReq);
    if (b.skip !== undefined) throw new Error(`anchor failed on ${row.name}: ${b.skip}`);
    t.anchorWall.push(b.seconds);
    t.anchorCpu.push(b.cpuSeconds);
    vAnchor = b.value;
  }
  // peak RSS before the reference, which runs in the dpbounds worker afterwards (untimed)
  const rssOurs = (await ours.ask({ task: 'rss' })).maxRssBytes;
  const rssAnchor = (await py.ask({ task: 'rss' })).maxRssBytes;
  py.close();
  let reference;
  if (row.ref !== undefined) {
    reference = await ours.ask({ task: row.ref[0], params: row.ref[1] });
    if (reference.skip !== undefined) throw new Error(`reference failed on ${row.name}: ${reference.skip}`);
    reference.proven = row.ref[0].startsWith('ref.pld');
  }
  // calibration: the fine-grid PLD ε bracket at each side's σ (is each σ certified at the target?)
  let certified = '';
  if (row.certify) {
    const at = async (sigma) => (await ours.ask({ task: 'ref.pld.certify', params: { ...row.ours[1], sigma } })).upper;
    const [eo, ea] = [await at(vOurs), await at(vAnchor)];
    const mark = (e) => `${e.toPrecision(7)}${e <= row.ours[1].epsilon ? ' ≤' : ' >'} ${row.ours[1].epsilon}`;
    certified = `; fine-grid ε at ours σ ${mark(eo)}, at anchor σ ${mark(ea)}`;
  }
  ours.close();
  if (rowData.dir !== undefined) rmSync(rowData.dir, { recursive: true, force: true });
  const reading = row.kind === 'auc'
    ? accuracyLabel(vOurs, vAnchor, undefined, { higherIsBetter: true, tolerance: 2 * Math.sqrt((vOurs * (1 - vOurs)) / (rowData.targets / 2)) })
    : accuracyLabel(vOurs, vAnchor, reference);
  const so = spread(t.oursCpu);
  const sa = spread(t.anchorCpu);
  const ratio = `${(sa.median / so.median).toFixed(1)}×; ${(spread(t.anchorWall).median / spread(t.oursWall).median).toFixed(1)}×`;
  results.push({ workload: row.name, anchor: row.anchor[0], kind: row.kind, ...t, oursValue: vOurs, anchorValue: vAnchor, reference, reading, oursMaxRssBytes: rssOurs, anchorMaxRssBytes: rssAnchor });
  out(`| ${row.name} | ${row.anchor[0]} | ${fmtSpread(t.oursCpu)} | ${fmtSpread(t.anchorCpu)} | ${fmtSpread(t.oursWall)} | ${fmtSpread(t.anchorWall)} | ${ratio} | ${reading} | ${fmtRef(reference)}${certified} | ${fmtValue(vOurs, reference, row.kind)} | ${fmtValue(vAnchor, reference, row.kind)} | ${fmtMB(rssOurs)} | ${fmtMB(rssAnchor)} |`);
}

/** End-to-end rows: the CLI as a process against a one-shot Python process doing the same query. */
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
function runProcess(argv, input) {
  const full = timeBin === undefined ? argv : [timeBin, '-f', 'maxrss_kb=%M cpu_s=%U+%S', ...argv];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(full[0], full.slice(1), { input, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed: ${r.stderr}`);
  const kb = /maxrss_kb=(\d+)/.exec(r.stderr ?? '');
  const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(r.stderr ?? '');
  return { seconds, cpuSeconds: cpu === null ? NaN : Number(cpu[1]) + Number(cpu[2]), stdout: r.stdout, rss: kb === null ? undefined : Number(kb[1]) * 1024 };
}
const E2E = [
  { name: `end to end \`dpbounds dp --accountant pld\`, ${label(C1)}`, anchor: 'python one-shot dp_accounting PLD', cliArgs: ['--accountant', 'pld'], task: 'dp_accounting.pld.eps', anchorName: 'differential-privacy', ref: 'ref.pld.eps' },
  { name: `end to end \`dpbounds dp --accountant rdp\`, ${label(C1)}`, anchor: 'python one-shot Opacus RDP', cliArgs: ['--accountant', 'rdp'], task: 'opacus.rdp.eps', anchorName: 'opacus', ref: 'ref.rdp.eps' },
].filter((r) => r.name.includes(only) || r.anchor.includes(only));
for (const row of E2E) {
  if (!existsSync(cli)) {
    skipLine(row.name, row.anchor, `${cli} missing (run \`pnpm build\`)`);
    continue;
  }
  if (!existsSync(join(anchors, row.anchorName))) {
    skipLine(row.name, row.anchor, `${join(anchors, row.anchorName)} not found`);
    continue;
  }
  const oursArgv = [process.execPath, cli, 'dp', '--json', '--sampling-rate', String(C1.q), '--noise-multiplier', String(C1.sigma), '--steps', String(C1.steps), '--delta', String(C1.delta), ...row.cliArgs];
  const pyArgv = [python, join(here, 'anchors.py'), anchors];
  const pyInput = `${JSON.stringify({ task: row.task, params: C1 })}\n`;
  runProcess(oursArgv);
  runProcess(pyArgv, pyInput);
  const t = { oursWall: [], oursCpu: [], anchorWall: [], anchorCpu: [] };
  let o;
  let a;
  for (let i = 0; i < repeats; i++) {
    o = runProcess(oursArgv);
    t.oursWall.push(o.seconds);
    t.oursCpu.push(o.cpuSeconds);
    a = runProcess(pyArgv, pyInput);
    t.anchorWall.push(a.seconds);
    t.anchorCpu.push(a.cpuSeconds);
  }
  const vO = JSON.parse(o.stdout).epsilon;
  const vA = JSON.parse(a.stdout.trim()).value;
  const refWorker = worker(process.execPath, [join(here, 'ours-worker.mjs')]);
  const reference = await refWorker.ask({ task: row.ref, params: C1 });
  refWorker.close();
  reference.proven = row.ref.startsWith('ref.pld');
  const reading = accuracyLabel(vO, vA, reference);
  const ratio = `${(spread(t.anchorCpu).median / spread(t.oursCpu).median).toFixed(1)}×; ${(spread(t.anchorWall).median / spread(t.oursWall).median).toFixed(1)}×`;
  results.push({ workload: row.name, anchor: row.anchor, kind: 'eps', ...t, oursValue: vO, anchorValue: vA, reference, reading, oursMaxRssBytes: o.rss, anchorMaxRssBytes: a.rss });
  out(`| ${row.name} | ${row.anchor} | ${fmtSpread(t.oursCpu)} | ${fmtSpread(t.anchorCpu)} | ${fmtSpread(t.oursWall)} | ${fmtSpread(t.anchorWall)} | ${ratio} | ${reading} | ${fmtRef(reference)} | ${fmtValue(vO, reference, 'eps')} | ${fmtValue(vA, reference, 'eps')} | ${fmtMB(o.rss)} | ${fmtMB(a.rss)} |`);
}
out('');
out(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (jsonOut !== '') writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), repeats, results }, null, 2)}\n`);
