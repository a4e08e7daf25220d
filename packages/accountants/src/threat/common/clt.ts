/**
 * The uniform-subsampling CLT function h(m) and its inverse, from `@dpbounds/tradeoff-core`
 * (docs/math/gmip.md; Dong, Roth & Su 2022). This file only names them for the threat analyses: one
 * implementation of h exists in the repository, in tradeoff-core.
 */
export { cltH as uniformCltH, cltHInverse as uniformCltHInverse } from '@dpbounds/tradeoff-core/advanced';
