/**
 * Deterministic shards of a sweep for batch systems (a Slurm array, Kubernetes Indexed Jobs, a
 * CI matrix): shard i of n holds the configurations whose index is i modulo n. Interleaving
 * balances the work when cost grows along the grid (more steps, smaller σ), the shards
 * partition the sweep (disjoint, union = all), and they depend only on (i, n), never on how
 * many workers each shard uses.
 */
import { requireArray, requireInteger, requireOptions } from '@dpbounds/special-functions';

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
 * sweep of `total` configurations, in increasing order.
 *
 * @throws DpboundsRangeError naming `total`, `shardCount` (integer ≥ 1) or `shard` (integer in [0, shardCount − 1]).
 * @throws DpboundsTypeError naming `options` (not an object, or an unknown key).
 * @example sweepShardIndices(10, { shard: 1, shardCount: 3 }) // [1, 4, 7]
 */
export function sweepShardIndices(total: number, options: SweepShardOptions): number[] {
  requireOptions('options', options, ['shard', 'shardCount']);
  requireInteger('total', total, { min: 0 });
  const { shard, shardCount } = requireShard(options);
  const out: number[] = [];
  for (let i = shard; i < total; i += shardCount) out.push(i);
  return out;
}

/**
 * Shard `options.shard` (0-based) of `options.shardCount` of a list of configurations, as
 * `{ index, config }` pairs (the index in the whole sweep, which rows carry so merged shards are
 * put back in order).
 *
 * @throws DpboundsRangeError / DpboundsTypeError as {@link sweepShardIndices}, or naming `configs` (not an array).
 * @example sweepShard(['a', 'b', 'c', 'd'], { shard: 0, shardCount: 2 }) // [{ index: 0, config: 'a' }, { index: 2, config: 'c' }]
 */
export function sweepShard<T>(configs: readonly T[], options: SweepShardOptions): { readonly index: number; readonly config: T }[] {
  requireOptions('options', options, ['shard', 'shardCount']);
  requireArray('configs', configs);
  return sweepShardIndices(configs.length, options).map((index) => ({ index, config: configs[index] as T }));
}
