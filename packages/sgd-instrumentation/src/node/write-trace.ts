/**
 * Node-only trace writers. Existing files are never overwritten unless `overwrite` is set.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DpboundsTypeError, requireOptions } from '@dpbounds/special-functions';
import { canaryScoresCsv } from '../instruments/canary-scores.js';
import type { CanaryScoresTrace } from '../instruments/canary-scores.js';

/** Options of the writers. */
export interface WriteTraceOptions {
  /** Replace an existing file (default false: refuse). */
  readonly overwrite?: boolean;
}

/**
 * Writes `text` to `path`, creating parent directories.
 *
 * @throws DpboundsTypeError when the file exists (without `overwrite`) or cannot be written.
 * @example writeTextFile('out/scores.csv', csv);
 */
export function writeTextFile(path: string, text: string, options: WriteTraceOptions = {}): void {
  requireOptions('options', options, ['overwrite']);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { flag: options.overwrite === true ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DpboundsTypeError({
      code: 'ERR_INVALID_FORMAT',
      parameter: 'path',
      expected: code === 'EEXIST' ? 'a file that does not exist yet (or overwrite: true)' : 'a writable location',
      found: `${path} (${code ?? 'error'})`,
    });
  }
}

/**
 * Writes any trace (a JSON-serialisable object with `format` and `version`) as indented JSON.
 *
 * @example writeTraceFile('out/ai-sensitivity.json', instrument.trace());
 */
export function writeTraceFile(path: string, trace: unknown, options: WriteTraceOptions = {}): void {
  requireOptions('options', options, ['overwrite']);
  writeTextFile(path, `${JSON.stringify(trace, null, 1)}\n`, options);
}

/**
 * Writes canary scores as the `score,member` CSV that `dpbounds audit --scores` reads.
 *
 * @example writeCanaryScoresCsv('out/canary-scores.csv', canaries.trace());
 */
export function writeCanaryScoresCsv(path: string, trace: CanaryScoresTrace, options: WriteTraceOptions = {}): void {
  requireOptions('options', options, ['overwrite']);
  writeTextFile(path, canaryScoresCsv(trace), options);
}
