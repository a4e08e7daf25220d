import { describe, expect, it } from 'vitest';
import { sweepShard, sweepShardIndices } from './sweep-shard.js';
import { MAX_SWEEP_CONFIGURATIONS } from './sweep-grid.js';
import { sweepConfigurationId, sweepSpecId, stableHash } from './sweep-id.js';

describe('sweepShard', () => {
  it('partitions every grid size: disjoint, union = all, balanced, deterministic', () => {
    for (const total of [0, 1, 7, 16, 97]) {
      for (const n of [1, 2, 3, 16, 40]) {
        const shards = Array.from({ length: n }, (_, i) => sweepShardIndices(total, { shard: i, shardCount: n }));
        const all = shards.flat().sort((a, b) => a - b);
        expect(all).toEqual(Array.from({ length: total }, (_, i) => i));
        const sizes = shards.map((s) => s.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(sweepShardIndices(total, { shard: n - 1, shardCount: n })).toEqual(shards[n - 1]);
      }
    }
  });

  it('keeps each configuration with its index in the whole sweep', () => {
    const [a, b, c, d, e] = [{ steps: 1 }, { steps: 2 }, { steps: 3 }, { steps: 4 }, { steps: 5 }];
    expect(sweepShard([a, b, c, d, e], { shard: 1, shardCount: 2 })).toEqual([{ index: 1, config: b }, { index: 3, config: d }]);
  });

  it('refuses a shard outside [0, n − 1] and n < 1, naming them', () => {
    expect(() => sweepShardIndices(10, { shard: 3, shardCount: 3 })).toThrow(/shard must be .*\[0, 2\]; found 3/);
    expect(() => sweepShardIndices(10, { shard: 0, shardCount: 0 })).toThrow(/shardCount/);
    expect(() => sweepShardIndices(10, { shard: 0.5, shardCount: 2 })).toThrow(/shard/);
  });

  it('refuses a total above 10⁷ (the fuzz input 1e15 built an array of 1e15 indices and killed the process)', () => {
    expect(() => sweepShardIndices(1e15, { shard: 0, shardCount: 1 })).toThrow(/^total must be an integer in \[0, 10000000\]/);
    expect(() => sweepShardIndices(MAX_SWEEP_CONFIGURATIONS + 1, { shard: 0, shardCount: 1 })).toThrow(/total/);
    expect(sweepShardIndices(MAX_SWEEP_CONFIGURATIONS, { shard: 0, shardCount: MAX_SWEEP_CONFIGURATIONS })).toEqual([0]);
  });

  it('refuses a configuration that is not an object, naming configs[i] (the fuzz input [NaN] came back as given)', () => {
    expect(() => sweepShard([Number.NaN] as never, { shard: 0, shardCount: 1 })).toThrow(/^configs\[0\] must be an object/);
    expect(() => sweepShard([{ steps: 1 }, null] as never, { shard: 0, shardCount: 2 })).toThrow(/^configs\[1\]/);
    expect(() => sweepShard(new Array(1e6) as never, { shard: 0, shardCount: 1 })).toThrow(/^configs\[0\]/);
  });

  it('takes its shard in an options object and refuses unknown or missing keys', () => {
    expect(() => sweepShardIndices(10, { shard: 0, count: 2 } as never)).toThrow(/options\.count/);
    expect(() => sweepShardIndices(10, { shard: 0 } as never)).toThrow(/shardCount/);
    expect(() => sweepShardIndices(10, undefined as never)).toThrow(/options/);
  });
});

function fnv1a(bytes: readonly number[]): string {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

describe('stable ids', () => {
  it('hash FNV-1a 64 (published test vectors) and ignore field order', () => {
    expect(stableHash('')).toBe('cbf29ce484222325');
    expect(stableHash('a')).toBe('af63dc4c8601ec8c');
    expect(stableHash('foobar')).toBe('85944171f73967e8');
    // UTF-8 bytes of non-ASCII text (σ = CF 83, € = E2 82 AC, 😀 = F0 9F 98 80), hashed byte by byte
    expect(stableHash('σ€😀')).toBe(fnv1a([0xcf, 0x83, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]));
    expect(sweepConfigurationId({ steps: 1, samplingRate: 0.1 })).toBe(sweepConfigurationId({ samplingRate: 0.1, steps: 1 }));
    expect(sweepConfigurationId({ steps: 1, samplingRate: 0.1 })).not.toBe(sweepConfigurationId({ samplingRate: 0.1, steps: 2 }));
  });

  it('give a different spec id for another request or another grid', () => {
    const configs = [{ samplingRate: 0.1, steps: 1 }];
    const a = sweepSpecId(configs, { accountants: ['pld'] });
    expect(sweepSpecId(configs, { accountants: ['pld'] })).toBe(a);
    expect(sweepSpecId(configs, { accountants: ['rdp'] })).not.toBe(a);
    expect(sweepSpecId([...configs, { samplingRate: 0.2, steps: 1 }], { accountants: ['pld'] })).not.toBe(a);
  });
});
