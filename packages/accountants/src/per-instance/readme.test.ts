/** The per-instance example of the package README prints what the code returns. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { composeFromRatios, perInstanceStepRdp, sgmRdpInteger } from '../advanced.js';
import { perInstancePrivacy } from '../index.js';

it('README per-instance example values are current', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Per-instance Rényi DP'));
  expect(section.length).toBeGreaterThan(100);
  const run = perInstancePrivacy({
    orders: [2, 4, 8, 16, 32], delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1, steps: 1000,
    checkpointSteps: [0, 500], recordCount: 2,
    ratios: [[[0.1, 1], [0.05, 1]], [[0.1, 1], [0.08, 1]]],
  });
  const quoted = [
    `// ${perInstanceStepRdp({ alpha: 8, q: 128 / 60000, sigma: 0.69977, ratio: 0.5 }).toFixed(21).replace(/0+$/, '')}`,
    `// ${sgmRdpInteger({ alpha: 8, q: 128 / 60000, sigma: 0.69977 })}`,
    `// ${composeFromRatios({ alpha: 8, lambda: 12, q: 0.01, sigma: 1, ratios: [[0.6, 0.4], [0.1, 0.5], [0.2, 0.3]] }).epsilon}`,
    `// [${run.records.map((r) => r.epsilon).join(', ')}]`,
    `// ${run.dataIndependent.epsilon}`,
  ];
  const both = perInstancePrivacy({
    orders: [2, 4, 8, 16, 32], delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1, steps: 1000,
    checkpointSteps: [0, 500], recordCount: 2,
    ratios: [[[0.1, 1], [0.05, 1]], [[0.1, 1], [0.08, 1]], [[0.1, 0.9], [0.2, 0.9]]],
    excludedRecords: [[], [], [0, 1]],
  });
  quoted.push(
    `// '${both.records[0]?.coverage}'`,
    `// [${both.records.map((r) => `[${r.withRecord?.epsilon}, ${r.withoutRecord?.epsilon}]`).join(', ')}]`,
    `// [${both.records.map((r) => r.epsilon).join(', ')}] (kind '${both.kind}'; dataIndependent.kind '${both.dataIndependent.kind}')`,
  );
  for (const text of quoted) expect(section).toContain(text);
  expect(run.records[1]?.epsilon).toBe(run.dataIndependent.epsilon);
});
