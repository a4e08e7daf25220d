import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateSweepConfiguration, expandSweepGrid, sweepShard } from '../index.js';

// The library example of docs/sweep.md, run as a test; the same lines appear verbatim on the page.
const example = `const configs = expandSweepGrid({ samplingRate: '0.001,0.004', noiseMultiplier: '0.8:1.2:0.2', steps: '1000,2000', delta: '1e-5' });
const mine = sweepShard(configs, { shard: 0, shardCount: 4 }); // configurations 0, 4, 8 of 12, as [{ index, config }, …]
const rows = mine.map(({ config }) => evaluateSweepConfiguration(config, { accountants: ['pld'], fprs: [0.01] }));`;

describe('docs/sweep.md library example', () => {
  it('is on the page verbatim', () => {
    expect(readFileSync(new URL('../../../../docs/sweep.md', import.meta.url), 'utf8')).toContain(example);
  });

  it('runs and gives what its comment says', () => {
    const configs = expandSweepGrid({ samplingRate: '0.001,0.004', noiseMultiplier: '0.8:1.2:0.2', steps: '1000,2000', delta: '1e-5' });
    const mine = sweepShard(configs, { shard: 0, shardCount: 4 }); // configurations 0, 4, 8 of 12, as [{ index, config }, …]
    const rows = mine.map(({ config }) => evaluateSweepConfiguration(config, { accountants: ['pld'], fprs: [0.01] }));
    expect(configs).toHaveLength(12);
    expect(mine.map((m) => m.index)).toEqual([0, 4, 8]);
    for (const row of rows) {
      const [pld] = row.results as Record<string, unknown>[];
      expect(pld).toMatchObject({ accountant: 'pld', kind: 'guarantee', delta: 1e-5, tprKind: 'guarantee' });
      expect(pld?.epsilon as number).toBeGreaterThan(0);
    }
  });
});
