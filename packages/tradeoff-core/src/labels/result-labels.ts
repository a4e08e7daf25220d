/**
 * The two labels every number and curve dpbounds reports carries: what kind of statement it is,
 * and for which neighbouring relation it holds. Views that put results side by side use them to
 * refuse comparing unlike things (every number says what kind of number it is; docs/reading-the-views.md).
 */

/**
 * What a number or curve is:
 * - `guarantee`: a proven bound for every attacker of its threat model, with any numerical or
 *   discretisation error already on the safe side (e.g. the PLD ε, the certified Bayes bound);
 * - `estimate`: an approximation with no proof of direction (GDP/CLT μ, β* without its
 *   approximation error, a per-instance ε from a finite set of runs);
 * - `lower-bound`: a proven lower bound on the true privacy loss (e.g. a lower bound on a
 *   shuffled run's ε from a known attack);
 * - `empirical`: measured on this run by an attack or an audit, with its confidence.
 */
export type ResultKind = 'guarantee' | 'estimate' | 'lower-bound' | 'empirical';

/** Every {@link ResultKind}, in the order views list them. */
export const RESULT_KINDS: readonly ResultKind[] = Object.freeze(['guarantee', 'estimate', 'lower-bound', 'empirical'] as const);

/**
 * Neighbouring datasets: `add-remove` (D' = D plus or minus one record) or `substitution`
 * (D' = D with one record replaced). A guarantee holds only for the relation it was proven for;
 * curves compared on one plot must share one.
 */
export type NeighbouringRelation = 'add-remove' | 'substitution';

/** Both relations. */
export const NEIGHBOURING_RELATIONS: readonly NeighbouringRelation[] = Object.freeze(['add-remove', 'substitution'] as const);

/** True for `'guarantee' | 'estimate' | 'lower-bound' | 'empirical'`. */
export function isResultKind(value: unknown): value is ResultKind {
  return value === 'guarantee' || value === 'estimate' || value === 'lower-bound' || value === 'empirical';
}

/** True for `'add-remove' | 'substitution'`. */
export function isNeighbouringRelation(value: unknown): value is NeighbouringRelation {
  return value === 'add-remove' || value === 'substitution';
}
