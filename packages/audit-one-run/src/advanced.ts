/**
 * @dpbounds/audit-one-run/advanced: building blocks of the one-run audits: the Steinke et al.
 * p-value, the blow-up inverses and single hypothesis test of the f-DP audit (Mahloujifar et al.),
 * the observation and significance validators, and the work bound of the Steinke search.
 *
 * Stability: building blocks, not the stable surface. A semver-minor release may rename,
 * re-shape or remove them; pin an exact version if you depend on them.
 */
export { validateBucketSize, validateObservation, significanceFromConfidence, validateSignificance } from './observation/observation.js';
export { steinkePValue } from './steinke/steinke-p-value.js';
export type { SteinkeHypothesis } from './steinke/steinke-p-value.js';
export { blowUpInverseFromCurve, epsilonDeltaBlowUpInverse, gaussianBlowUpInverse } from './fdp/blow-up-inverse.js';
export type { BlowUpInverse } from './fdp/blow-up-inverse.js';
export { fdpTest } from './fdp/fdp-test.js';
export type { FdpTestInput, FdpTestResult } from './fdp/fdp-test.js';
export { requireSteinkeWorkBounded } from './steinke/steinke-work-bound.js';
export { auditLabels } from './audit/audit-view.js';
