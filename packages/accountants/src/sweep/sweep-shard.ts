/**
 * Deterministic shards of a sweep for batch systems (a Slurm array, Kubernetes Indexed Jobs, a
 * CI matrix): shard i of n holds the configurations whose index is i modulo n. Interleaving
 * balances the work when cost grows along the grid (more steps, smaller σ), the shards
 * partition the sweep (disjoint, union = all), and they depend only on (i, n), never on how
 * many workers each shard uses.
 */
import { DpboundsRangeError, requireArray, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { MAX_SWEEP_CONFIGURATIONS } from './sweep-grid.js';

/** Which shard of a sharded sweep: shard `shard` (0-based) of `shardCount`. */
export interface SweepShardOptions {
  /** The shard to take, an integer in [0, shardCount − 1] (`--shard i/n`'s i). */
  readonly shard: number;
  /** How many shards the sweep is split into, an integer ≥ 1 (`--shard i/n`'s n). */
  readonly shardCount: number;
}

function requireShard(options: SweepShardOptions): SweepShardOptions {
  const { shard, shardCount } = requireOptions<SweepShardOptions>('options', options, ['shard', 'shardCount']);
  requireInteger('shardCount', shardCount, { min: 1 });
  requireInteger('shard', shard, { min: 0, max: shardCount - 1 });
  return { shard, shardCount };
}

/**
 * The configuration indices of shard `options.shard` (0-based) of `options.shardCount` in a
 * sweep of `total` configurations, in increasing order. `total` is at most
 * {@link MAX_SWEEP_CONFIGURATIONS} (10⁷, the largest grid `expandSweepGrid` builds), so the
 * list is at most that long.
 *
 * @throws DpboundsRangeError naming `total` (integer in [0, 10⁷]), `shardCount` (integer ≥ 1) or `shard` (integer in [0, shardCount − 1]).
 * @throws DpboundsTypeError naming `options` (not an object, or an unknown key).
 * @example sweepShardIndices(10, { shard: 1, shardCount: 3 }) // [1, 4, 7]
 */
export function sweepShardIndices(total: number, options: SweepShardOptions): number[] {
  requireOptions('options', options, ['shard', 'shardCount']);
  requireInteger('total', total, { min: 0, max: MAX_SWEEP_CONFIGURATIONS });
  const { shard, shardCount } = requireShard(options);
  const out: number[] = [];
  for (let i = shard; i < total; i += shardCount) out.push(i);
  return out;
}

/**
 * Shard `options.shard` (0-based) of `options.shardCount` of a list of configurations, as
 * `{ index, config }` pairs (the index in the whole sweep, which rows carry so merged shards are
 * put back in order). Every configuration must be an object (a sweep configuration such as
 * `expandSweepGrid` builds; its fields are checked where it is evaluated): a number, NaN, `null`
 * or a hole of a sparse array is refused naming `configs[i]`, so a shard never hands back a
 * configuration that is not one.
 *
 * @throws DpboundsRangeError / DpboundsTypeError as {@link sweepShardIndices}, or naming `configs` (not an array, or more than 10⁷ configurations) or `configs[i]` (not an object).
 * @example sweepShard([{ steps: 100 }, { steps: 200 }, { steps: 300 }, { steps: 400 }], { shard: 0, shardCount: 2 }) // [{ index: 0, config: { steps: 100 } }, { index: 2, config: { steps: 300 } }]
 */
export function sweepShard<T extends object>(configs: readonly T[], options: SweepShardOptions): { readonly index: number; readonly config: T }[] {
  requireOptions('options', options, ['shard', 'shardCount']);
  requireArray('configs', configs);
  if (configs.length > MAX_SWEEP_CONFIGURATIONS) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'configs', expected: `at most ${MAX_SWEEP_CONFIGURATIONS} configurations`, found: configs.length });
  }
  for (let i = 0; i < configs.length; i++) requireObject(`configs[${i}]`, configs[i]); // by index: a hole is refused too
  return sweepShardIndices(configs.length, options).map((index) => ({ index, config: configs[index] as T }));
}
