import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

describe('dpbounds rtm', () => {
  it('prints the CLI.md points for the Gaussian mechanism (spec fixture rtm.gauss.d1.mu2.0)', async () => {
    const run = await runCaptured(['rtm', '--mechanism', 'gaussian', '--sensitivity', '1', '--scale', '0.5', '--fpr', '0.01,0.1', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { points } = JSON.parse(run.stdout);
    expect(points).toHaveLength(2);
    for (const key of ['fpr', 'fnr', 'fnrInverse', 'fnrSymmetric', 'dpFnr']) expect(points[0]).toHaveProperty(key);
    expect(points[0].fnr).toBeCloseTo(0.7176323460397963, 7);
    expect(points[1].fnrInverse).toBeCloseTo(0.4617482943779172, 7);
    expect(points[1].dpFnr).toBeCloseTo(0.23624041589411682, 9);
    for (const p of points) expect(p.fnrSymmetric).toBeGreaterThanOrEqual(p.dpFnr);
  });

  it('handles Laplace and the subsampled Gaussian, and rejects unsupported combinations', async () => {
    const laplace = await runCaptured(['rtm', '--mechanism', 'laplace', '--sensitivity', '1', '--scale', '1', '--fpr', '0.1', '--json']);
    expect(JSON.parse(laplace.stdout).points[0].fnr).toBeCloseTo(0.8456919365184756, 10);
    const sub = await runCaptured(['rtm', '--mechanism', 'subsampled-gaussian', '--sensitivity', '2', '--scale', '1', '--sampling-rate', '0.1', '--fpr', '0.1', '--json']);
    expect(sub.code).toBe(0);
    expect(JSON.parse(sub.stdout).points[0].fnr).toBeCloseTo(0.8461106196673067, 7);
    for (const argv of [
      ['rtm', '--mechanism', 'subsampled-gaussian', '--sensitivity', '1', '--scale', '1'],
      ['rtm', '--mechanism', 'laplace', '--sensitivity', '1', '--scale', '1', '--compositions', '2'],
      ['rtm', '--mechanism', 'gaussian', '--sensitivity', '1', '--scale', '0'],
      ['rtm', '--mechanism', 'gaussian', '--sensitivity', '1', '--scale', '1', '--dims', '2.5'],
    ]) {
      const run = await runCaptured(argv);
      expect(run.code, argv.join(' ')).toBe(2);
    }
  });

  it('calibrates σ for an (ε, δ) target under the RTM, smaller than the DP σ', async () => {
    const run = await runCaptured(['rtm', '--mechanism', 'gaussian', '--sensitivity', '1', '--target-epsilon', '1', '--delta', '1e-5', '--fpr', '0.01', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.calibration.noiseDp).toBeCloseTo(3.730631634815942, 6);
    expect(json.calibration.noiseRtm).toBeLessThan(json.calibration.noiseDp);
    expect(json.calibration.achievedDelta).toBeLessThanOrEqual(1e-5);
    expect(json.mu).toBeCloseTo(1 / json.calibration.noiseRtm, 12);
    const both = await runCaptured(['rtm', '--mechanism', 'gaussian', '--sensitivity', '1', '--scale', '1', '--target-epsilon', '1', '--delta', '1e-5']);
    expect(both.code).toBe(2);
  });
});
