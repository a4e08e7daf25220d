// dpbounds side of the anchors benchmark: the same line protocol as anchors.py (one JSON request
// per stdin line, one JSON answer per stdout line), run in its own process so that its peak RSS
// is this row's alone. Imports the built package (`pnpm build` first).
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';

const lib = await import(new URL('../../packages/accountants/dist/index.js', import.meta.url).href);
const { PldAccountant, PrvAccountant, RdpAccountant, dpSgdEvent, calibrateNoiseMultiplier } = lib;

const event = (p) => dpSgdEvent({ samplingRate: p.q, noiseMultiplier: p.sigma, steps: p.steps });
const calibrate = (accountant) => (p) => calibrateNoiseMultiplier({ targetEpsilon: p.epsilon, delta: p.delta, samplingRate: p.q, steps: p.steps, accountant }).value;

/** Each task returns the number it is compared on (ε, or σ for calibration). */
const TASKS = {
  'pld.eps': (p) => new PldAccountant(p.h === undefined ? {} : { valueDiscretizationInterval: p.h }).compose(event(p)).getEpsilon(p.delta),
  'rdp.eps': (p) => new RdpAccountant().compose(event(p)).getEpsilon(p.delta),
  'prv.eps': (p) => new PrvAccountant(p.epsError === undefined ? {} : { epsError: p.epsError }).compose(event(p)).getEpsilon(p.delta),
  'pld.calibrate': calibrate('pld'),
  'prv.calibrate': calibrate('prv'),
  'prv.calibrate.epsError0.01': (p) => calibrateNoiseMultiplier({ targetEpsilon: p.epsilon, delta: p.delta, samplingRate: p.q, steps: p.steps, accountant: () => new PrvAccountant({ epsError: 0.01 }) }).value,
  'rdp.calibrate': calibrate('rdp'),
};

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const req = JSON.parse(line);
  let answer;
  if (req.task === 'rss') answer = { maxRssBytes: process.resourceUsage().maxRSS * 1024 };
  else if (!(req.task in TASKS)) answer = { skip: `unknown task ${req.task}` };
  else {
    try {
      const t0 = performance.now();
      const value = TASKS[req.task](req.params ?? {});
      answer = { seconds: (performance.now() - t0) / 1000, value };
    } catch (error) {
      answer = { skip: `${error?.name}: ${error?.message}` };
    }
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
