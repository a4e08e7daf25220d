#!/usr/bin/env node
/**
 * Speed-up of `dpbounds sweep` with the number of worker threads: the same sweep run with
 * --workers 1, 2 and all cores (os.availableParallelism()), interleaved over several rounds so
 * that a change in the machine's load hits every setting alike. Prints wall time per run, the
 * median per setting, the speed-ups against one worker, CPU time and peak memory (GNU time, when
 * present: CPU time / wall time shows how much of the cores the run actually got on a shared machine) and
 * checks that every run wrote the same file.
 *
 * Needs the built CLI: `npx -y pnpm@10.34.8 turbo run build --filter=@dpbounds/cli...`, then
 * `node apps/cli/bench/sweep.mjs [rounds] [--large]` from the repository root. Results:
 * docs/benchmarks.md, "Sweeps".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
if (!existsSync(bin)) {
  console.error('build the CLI first: npx -y pnpm@10.34.8 turbo run build --filter=@dpbounds/cli...');
  process.exit(2);
}
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
// 12 configurations, every accountant with TPR@FPR (the everyday heavy workload, ~1.5 s of CPU per
// configuration); PLD alone costs ~0.1 s per configuration, too little to amortise starting the workers.
// --large: 48 configurations (T = 1000, 2000, 4000 and 8000 as well), whose costs differ ~10×.
const large = process.argv.includes('--large');
const grid = ['--sampling-rate', '0.002,0.004', '--noise-multiplier', '0.8:1.3:0.1', '--steps', large ? '1000,2000,4000,8000' : '4000', '--delta', '1e-5', '--accountant', 'all', '--fpr', '0.001,0.01'];
const cores = availableParallelism();
const settings = [...new Set([1, 2, cores])];
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-bench-'));

function runOnce(workers) {
  const out = join(dir, `w${workers}.jsonl`);
  rmSync(out, { force: true });
  const argv = [bin, 'sweep', ...grid, '--workers', String(workers), '--out', out];
  const start = performance.now();
  const r = gnuTime !== undefined ? spawnSync(gnuTime, ['-f', '%M %U %S', process.execPath, ...argv], { encoding: 'utf8' }) : spawnSync(process.execPath, argv, { encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`sweep --workers ${workers} failed: ${r.stderr}`);
  const [rss, user, sys] = gnuTime !== undefined ? (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number) : [];
  const peakMb = rss !== undefined ? rss / 1024 : undefined;
  const cpuSeconds = user !== undefined && sys !== undefined ? user + sys : undefined;
  return { seconds, peakMb, cpuSeconds, text: readFileSync(out, 'utf8') };
}

const times = new Map(settings.map((w) => [w, []]));
const memory = new Map(settings.map((w) => [w, 0]));
const cpu = new Map(settings.map((w) => [w, []]));
let reference;
console.log(`machine: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}, Node ${process.version}, available parallelism ${cores}; grid: ${grid.join(' ')}`);
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${new Date().toISOString()}`);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? settings : [...settings].reverse();
  for (const w of order) {
    const r = runOnce(w);
    reference ??= r.text;
    if (r.text !== reference) throw new Error(`--workers ${w} wrote a different file`);
    times.get(w).push(r.seconds);
    if (r.peakMb !== undefined) memory.set(w, Math.max(memory.get(w), r.peakMb));
    if (r.cpuSeconds !== undefined) cpu.get(w).push(r.cpuSeconds);
    console.log(`round ${round + 1}: --workers ${w}: ${r.seconds.toFixed(2)} s wall${r.cpuSeconds !== undefined ? `, ${r.cpuSeconds.toFixed(2)} s CPU (${((100 * r.cpuSeconds) / r.seconds).toFixed(0)} % of one core)` : ''}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times.get(1));
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('| workers | median wall time | speed-up vs 1 | runs | median CPU time | peak RSS (MB) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const w of settings) {
  const m = median(times.get(w));
  console.log(`| ${w}${w === cores ? ' (all cores)' : ''} | ${m.toFixed(2)} s | ${(base / m).toFixed(2)}× | ${times.get(w).map((t) => t.toFixed(2)).join(', ')} | ${cpu.get(w).length > 0 ? `${median(cpu.get(w)).toFixed(2)} s` : 'n/a'} | ${gnuTime !== undefined ? memory.get(w).toFixed(0) : 'n/a'} |`);
}
console.log('every run wrote the same file: yes');
rmSync(dir, { recursive: true, force: true });
