/**
 * Deterministic shards of a sweep for batch systems (a Slurm array, Kubernetes Indexed Jobs, a
 * CI matrix): shard i of n holds the configurations whose index is i modulo n. Interleaving
 * balances the work when cost grows along the grid (more steps, smaller σ), the shards
 * partition the sweep (disjoint, union = all), and they depend only on (i, n), never on how
 * many workers each shard uses.
 */
import { requireArray, requireInteger } from '@dpbounds/special-functions';

/**
 * The configuration indices of shard `shard` (0-based) of `count`, in increasing order.
 *
 * @throws DpboundsRangeError naming `shardCount` (integer ≥ 1) or `shard` (integer in [0, shardCount − 1]).
 * @example sweepShardIndices(10, 1, 3) // [1, 4, 7]
 */
export function sweepShardIndices(total: number, shard: number, count: number): number[] {
  requireInteger('total', total, { min: 0 });
  requireInteger('shardCount', count, { min: 1 });
  requireInteger('shard', shard, { min: 0, max: count - 1 });
  const out: number[] = [];
  for (let i = shard; i < total; i += count) out.push(i);
  return out;
}

/**
 * Shard `shard` (0-based) of `count` of a list of configurations, as `{ index, config }` pairs
 * (the index in the whole sweep, which rows carry so merged shards are put back in order).
 *
 * @throws DpboundsRangeError as {@link sweepShardIndices}.
 * @example sweepShard(['a', 'b', 'c', 'd'], 0, 2) // [{ index: 0, config: 'a' }, { index: 2, config: 'c' }]
 */
export function sweepShard<T>(configs: readonly T[], shard: number, count: number): { readonly index: number; readonly config: T }[] {
  requireArray('configs', configs);
  return sweepShardIndices(configs.length, shard, count).map((index) => ({ index, config: configs[index] as T }));
}
