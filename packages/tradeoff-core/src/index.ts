/**
 * @dpbounds/tradeoff-core. Exports arrive with the issues that build this package; nothing is faked here.
 */
export {};
