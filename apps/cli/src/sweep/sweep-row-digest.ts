/**
 * The `rowDigest` of a sweep row: SHA-256 over the sweep's spec id and the row's line exactly as
 * dpbounds writes it, without the digest itself (JSONL: the row object, whose last key
 * `rowDigest` is left out; CSV: the cells before the last `rowDigest` cell). Resuming and
 * merging recompute it, so a row changed after it was written (a hand-edited ε or noise
 * multiplier, a truncated or mangled line, a row copied from another sweep) is refused.
 *
 * The digest has no secret key: anyone can recompute it, so it proves integrity against
 * accidents and careless edits, not against a deliberate forgery (docs/sweep.md says what each
 * check detects).
 */
import { createHash } from 'node:crypto';
import type { SweepFormat } from './sweep-format.js';

const DOMAIN = 'dpbounds sweep row v2';
const JSONL_TAIL = /,"rowDigest":"([0-9a-f]{64})"\}$/;
const CSV_TAIL = /,([0-9a-f]{64})$/;

/**
 * The digest of a row's text (without its digest) in the sweep `spec`: 64 hex digits.
 *
 * @example rowDigestOf('abc', '{"index":0}') // 64 hex digits
 */
export function rowDigestOf(spec: string, body: string): string {
  return createHash('sha256').update(`${DOMAIN}\n${spec}\n${body}`, 'utf8').digest('hex');
}

/**
 * A row's line (no newline) with its digest appended: the JSONL object gains a last key
 * `rowDigest`, the CSV line a last cell.
 *
 * @example withRowDigest('jsonl', spec, '{"index":0,"id":"…"}') // '{"index":0,"id":"…","rowDigest":"…"}'
 */
export function withRowDigest(format: SweepFormat, spec: string, body: string): string {
  const digest = rowDigestOf(spec, body);
  return format === 'csv' ? `${body},${digest}` : `${body.slice(0, -1)},"rowDigest":"${digest}"}`;
}

/**
 * Checks the digest of a written row line (no newline) against the sweep `spec`.
 *
 * @returns undefined when it matches, else what is wrong (for a message).
 * @example rowDigestProblem('jsonl', spec, line) // undefined
 */
export function rowDigestProblem(format: SweepFormat, spec: string, line: string): string | undefined {
  const match = (format === 'csv' ? CSV_TAIL : JSONL_TAIL).exec(line);
  if (match === null) return 'has no rowDigest (as its last field) to check it by';
  const body = format === 'csv' ? line.slice(0, match.index) : `${line.slice(0, match.index)}}`;
  if (rowDigestOf(spec, body) !== match[1]) return 'does not match its rowDigest: the row was changed after dpbounds wrote it (or belongs to another sweep)';
  return undefined;
}
