// CPU time per PLD query and per PLD calibration (process.cpuUsage, one warm-up call each), with the
// value computed, so that two builds can be compared: `node bench/pld-query-cpu.mjs [path to an
// accountants dist/index.js]` (default: this package's build). docs/benchmarks.md has the results.
import { fileURLToPath } from 'node:url';
const target = process.argv[2] ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
const { PldAccountant, dpSgdEvent, calibrateNoiseMultiplier } = await import(target);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; };
const rows = [
  ['query q=0.004 σ=0.7 T=50 δ=1e-5', () => { const a = new PldAccountant(); a.compose(dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 0.7, steps: 50 })); return a.getEpsilon(1e-5); }, 20],
  ['query q=0.004 σ=1.1 T=1e4 δ=1e-5', () => { const a = new PldAccountant(); a.compose(dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10000 })); return a.getEpsilon(1e-5); }, 20],
  ['query q=0.01 σ=1 T=1000 δ=1e-5', () => { const a = new PldAccountant(); a.compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })); return a.getEpsilon(1e-5); }, 20],
  ['calibrate q=0.004 T=50 ε=1 δ=1e-5', () => calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.004, steps: 50 }).value, 3],
  ['calibrate q=0.004 T=1e4 ε=2 δ=1e-5', () => calibrateNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, samplingRate: 0.004, steps: 10000 }).value, 3],
];
for (const [name, f, n] of rows) { f(); const t0 = cpu(); let v; for (let i = 0; i < n; i++) v = f(); console.log(`${name}\t${((cpu() - t0) / n).toFixed(1)} ms\t${v}`); }
