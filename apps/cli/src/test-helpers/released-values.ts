/**
 * A seeded simulation of a white-box canary run, in the file formats `dpbounds audit --released
 * --canary-bits` reads (docs/audit-one-run.md §"White-box audit from released values"): m Dirac
 * canaries, each inserted with a fair coin; an inserted canary adds C to its coordinate at each
 * step with probability q; every released value carries Gaussian noise of standard deviation
 * σ_real·C (the noise the implementation really adds, which a bug may make smaller than claimed),
 * plus optional real-gradient components on the canary coordinates.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRng } from '@dpbounds/special-functions';
import { npyFloat64 } from './npy-file.js';

/** What to simulate. */
export interface ReleasedSimulation {
  readonly seed: number;
  readonly steps: number;
  readonly canaries: number;
  readonly samplingRate: number;
  /** The noise multiplier the run really applies. */
  readonly noiseMultiplier: number;
  readonly clipNorm: number;
  /** Standard deviation of a real-gradient component added to every released value (default 0). */
  readonly gradientNoise?: number;
}

/** The simulated T × m released values (row-major) and the m bits. */
export interface SimulatedRelease {
  readonly released: Float64Array;
  readonly bits: Uint8Array;
}

/**
 * Simulates one run (same seed, same values).
 *
 * @example simulateRelease({ seed: 1, steps: 200, canaries: 1000, samplingRate: 0.05, noiseMultiplier: 0.3, clipNorm: 1 })
 */
export function simulateRelease(s: ReleasedSimulation): SimulatedRelease {
  const rng = createRng(s.seed);
  const coins = rng.fork('bits');
  const bits = Uint8Array.from({ length: s.canaries }, () => (coins.bernoulli(0.5) ? 1 : 0));
  const sampling = rng.fork('sampling');
  const noise = rng.fork('noise');
  const released = new Float64Array(s.steps * s.canaries);
  for (let t = 0; t < s.steps; t++) {
    for (let j = 0; j < s.canaries; j++) {
      // every canary draws its participation, inserted or not, so the noise stream does not depend on the bits
      const joins = sampling.bernoulli(s.samplingRate);
      const gradient = s.gradientNoise === undefined ? 0 : s.gradientNoise * noise.normal();
      released[t * s.canaries + j] = (bits[j] === 1 && joins ? s.clipNorm : 0) + gradient + s.noiseMultiplier * s.clipNorm * noise.normal();
    }
  }
  return { released, bits };
}

/** A 1-D `<f8` `.npy` of `data` (shape (n,)), as `np.save` writes it. */
function npy1d(data: Float64Array): Buffer {
  let header = `{'descr': '<f8', 'fortran_order': False, 'shape': (${data.length},), }`;
  header = header.padEnd(Math.ceil((header.length + 11) / 64) * 64 - 11) + '\n';
  const head = Buffer.alloc(10);
  head.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
}

/**
 * Writes `released.<ext>` (T × m) and `canary-bits.<ext>` into `dir`: `.npy` (2-D float64 and
 * 1-D float64) or `.csv` (released: a header `c0,c1,…` then T rows; bits: a `member` column).
 * Returns the two file names.
 */
export function writeRelease(dir: string, sim: SimulatedRelease, format: 'npy' | 'csv'): { released: string; bits: string } {
  const m = sim.bits.length;
  const steps = sim.released.length / m;
  const released = `released.${format}`;
  const bits = `canary-bits.${format}`;
  if (format === 'npy') {
    writeFileSync(join(dir, released), npyFloat64(steps, m, sim.released));
    writeFileSync(join(dir, bits), npy1d(Float64Array.from(sim.bits)));
  } else {
    const rows = [Array.from({ length: m }, (_, j) => `c${j}`).join(',')];
    for (let t = 0; t < steps; t++) rows.push(Array.from(sim.released.subarray(t * m, (t + 1) * m)).join(','));
    writeFileSync(join(dir, released), `${rows.join('\n')}\n`);
    writeFileSync(join(dir, bits), `member\n${Array.from(sim.bits).join('\n')}\n`);
  }
  return { released, bits };
}
