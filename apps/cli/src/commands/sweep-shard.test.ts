import { describe, expect, it } from 'vitest';
import { shardFromFlags } from './sweep.js';

const refusal = (shard: string, env: Record<string, string>): string => {
  try {
    shardFromFlags({ shard }, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted --shard ${shard}`);
};

describe('--shard i/n and auto/n', () => {
  it('reads i/n, and takes the index of auto/n from Slurm job arrays or Kubernetes Indexed Jobs', () => {
    expect(shardFromFlags({ shard: '3/16' }, {})).toEqual({ index: 3, count: 16 });
    expect(shardFromFlags({}, { SLURM_ARRAY_TASK_ID: '3' })).toEqual({ index: 0, count: 1 });
    expect(shardFromFlags({ shard: 'auto/16' }, { SLURM_ARRAY_TASK_ID: '3' })).toEqual({ index: 3, count: 16 });
    // --array=1-16: the first task is shard 0
    expect(shardFromFlags({ shard: 'auto/16' }, { SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '1' })).toEqual({ index: 0, count: 16 });
    expect(shardFromFlags({ shard: 'auto/8' }, { JOB_COMPLETION_INDEX: '7' })).toEqual({ index: 7, count: 8 });
    // Slurm wins when both are set (a Slurm job running in a pod)
    expect(shardFromFlags({ shard: 'auto/8' }, { SLURM_ARRAY_TASK_ID: '2', JOB_COMPLETION_INDEX: '5' })).toEqual({ index: 2, count: 8 });
  });

  it('refuses auto/n without an index, and an index outside 0 … n−1, naming --shard and the variable', () => {
    expect(refusal('auto/16', {})).toMatch(/^--shard auto\/16 takes the shard index from SLURM_ARRAY_TASK_ID .* or JOB_COMPLETION_INDEX .*; neither is set/);
    expect(refusal('auto/4', { JOB_COMPLETION_INDEX: '4' })).toMatch(/^--shard must be .*found "auto\/4" \(JOB_COMPLETION_INDEX = "4"\)$/);
    expect(refusal('auto/4', { SLURM_ARRAY_TASK_ID: 'x' })).toMatch(/SLURM_ARRAY_TASK_ID = "x"/);
    expect(refusal('16/16', {})).toMatch(/^--shard must be i\/n .*found "16\/16"$/);
  });
});
