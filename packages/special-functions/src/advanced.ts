/**
 * @dpbounds/special-functions/advanced: small dense linear algebra (Cholesky factor, triangular
 * solves) used by the gradient-space attacks and instruments, and the message helpers behind the
 * typed errors.
 *
 * Stability: building blocks, not the stable surface. A semver-minor release may rename,
 * re-shape or remove them; pin an exact version if you depend on them.
 */
export { formatFound } from './errors/dpbounds-error.js';
export { describeInterval } from './errors/validate.js';
export type { Interval } from './errors/validate.js';
export { choleskyLower } from './linear-algebra/cholesky.js';
export { backSubstitute, forwardSubstitute, forwardSubstituteRows } from './linear-algebra/triangular-solve.js';
