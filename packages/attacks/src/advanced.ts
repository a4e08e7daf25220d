/**
 * @dpbounds/attacks/advanced: building blocks of the attacks: argument validators for matrices,
 * labelled scores and shadow scores, the per-example Gaussian fit of shadow scores behind LiRA,
 * and the GLiR helpers (coordinate selection, combining per-step p-values).
 *
 * Stability: building blocks, not the stable surface. A semver-minor release may rename,
 * re-shape or remove them; pin an exact version if you depend on them.
 */
export { requireMatrix } from './matrix/matrix.js';
export { membershipLabels, requireLabelledScores } from './validate/membership-labels.js';
export { requireShadowScores } from './score/shadow-scores.js';
export type { ShadowGaussianFit } from './score/shadow-gaussian-fit.js';
export { fitShadowGaussians } from './score/shadow-gaussian-fit.js';
export { sumStepLogPValues } from './gradient/aggregate-steps.js';
export { selectCoordinates } from './gradient/select-coordinates.js';
