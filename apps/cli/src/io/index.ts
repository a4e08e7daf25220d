/**
 * Shared input/output for `dpbounds` commands: validated readers for numeric tables and
 * matrices (`.csv`, `.json`, `.jsonl`, NumPy `.npy`) and a safe output writer. Every problem is
 * a UsageError naming the file, the column/row and what was found (exit code 2).
 */
export { readTable, tableFromBytes } from './read-table.js';
export type { ColumnKind, ColumnSpec, ReadContext, Table, TableSpec } from './read-table.js';
export { readMatrix, matrixFromBytes } from './read-matrix.js';
export type { MatrixSpec } from './read-matrix.js';
export type { NumericArray } from './npy.js';
export { parseNpy } from './npy.js';
export { formatOf, readInputBytes } from './read-file.js';
export type { TableFormat } from './read-file.js';
export { formatTableChunks, formatTableFile, writeOutputFile } from './write-file.js';
export { planOutputs } from './output-plan.js';
export type { OutputContent, OutputPlan, OutputPlanOptions } from './output-plan.js';
export { findDuplicateLabel, isLabelColumn, LabelColumnBuilder, labelsFromStrings, rowNumberLabels } from './label-column.js';
export type { LabelColumn } from './label-column.js';
export { openInput, GZIP_MAX_RATIO } from './input-chunks.js';
export type { InputFile } from './input-chunks.js';
export { JSON_MAX_BYTES, MAX_RECORD_CHARS } from './record-sinks.js';
export { npySink } from './npy.js';
export type { NpyShape } from './npy.js';
export type { OutputColumn, WriteOptions } from './write-file.js';
export { perInstanceTraceFormat, perInstanceTraceSidecar, readPerInstanceTraceInput } from './per-instance-trace-input.js';
export type { PerInstanceTraceFileFormat, PerInstanceTraceInputOptions } from './per-instance-trace-input.js';
