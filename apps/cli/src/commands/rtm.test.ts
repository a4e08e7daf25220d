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
});
