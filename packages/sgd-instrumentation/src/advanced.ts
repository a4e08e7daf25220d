/**
 * @dpbounds/sgd-instrumentation/advanced: building blocks of data loading and trace reading: the
 * CSV passes and row encoder behind `loadTabularCsv`, gzip decoding, the streaming JSON readers
 * behind the per-instance trace parser, the substituted-gradient helper of the models, and the
 * attribute-sensitivity geometry (centroid bound, clipped diameter).
 *
 * Stability: building blocks, not the stable surface. A semver-minor release may rename,
 * re-shape or remove them; pin an exact version if you depend on them.
 */
export { csvFormatError } from './data/csv-reader.js';
export { EncodePass, FitPass, ScanPass, requireFeatureBudget, rowEncoder } from './data/tabular-passes.js';
export type { RecordConsumer, RowEncoder, TabularScan } from './data/tabular-passes.js';
export { gunzipText } from './data/gunzip.js';
export { explicitSubstitutedGradients } from './models/model.js';
export { centroidBound, clippedDiameter } from './instruments/attribute-sensitivity.js';
export { JsonEventReader } from './traces/json-event-reader.js';
export type { JsonEventHandler, JsonEventReaderOptions } from './traces/json-event-reader.js';
export { createJsonValueParser } from './traces/json-value-parser.js';
export type { JsonValueParser } from './traces/json-value-parser.js';
