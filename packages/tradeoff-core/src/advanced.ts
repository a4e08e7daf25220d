/**
 * @dpbounds/tradeoff-core/advanced: building blocks of the curve operations: the lower convex
 * hull, the subsampling operator of one curve, the CLT mean/variance helpers (Bu et al. 2020),
 * envelope bridges, and the argument validators for curves and result labels.
 *
 * Stability: building blocks, not the stable surface. A semver-minor release may rename,
 * re-shape or remove them; pin an exact version if you depend on them.
 */
export { lowerConvexHull } from './curve/lower-convex-hull.js';
export { requireTradeOffCurve } from './curve/require-trade-off-curve.js';
export type { HullPoints } from './curve/lower-convex-hull.js';
export { cltH, cltHInverse } from './conversions/clt-h.js';
export { requireNeighbouringRelation, requireResultKind } from './labels/require-label.js';
