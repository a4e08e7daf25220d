/**
 * Reads an uploaded attack-scores file in the browser (CSV with a header, JSON array of objects,
 * or JSON Lines) with columns `score` (higher = more likely member) and `member` (0/1), and
 * validates it: finite scores, 0/1 membership, at least one member and one non-member. CSV is
 * tokenised by the project's one CSV reader (@dpbounds/sgd-instrumentation's `parseCsv`).
 */
import { parseCsv, type CsvTable } from '@dpbounds/sgd-instrumentation';

/** Parsed scores split by membership. */
export interface ParsedScores {
  readonly members: Float64Array;
  readonly nonMembers: Float64Array;
}

function fromRecords(records: readonly Record<string, unknown>[], name: string): ParsedScores {
  const members: number[] = [];
  const nonMembers: number[] = [];
  records.forEach((record, index) => {
    const score = Number(record.score);
    const member = Number(record.member);
    if (record.score === undefined || record.score === '' || !Number.isFinite(score)) {
      throw new Error(`${name}: row ${index + 1} has no finite "score" (found ${JSON.stringify(record.score)})`);
    }
    if (member !== 0 && member !== 1) throw new Error(`${name}: row ${index + 1} has "member" ${JSON.stringify(record.member)}; expected 0 or 1`);
    (member === 1 ? members : nonMembers).push(score);
  });
  if (members.length === 0 || nonMembers.length === 0) {
    throw new Error(`${name}: needs at least one member and one non-member (found ${members.length} and ${nonMembers.length})`);
  }
  return { members: Float64Array.from(members), nonMembers: Float64Array.from(nonMembers) };
}

function csvRecords(text: string, name: string): Record<string, unknown>[] {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!table.header.includes('score') || !table.header.includes('member')) {
    throw new Error(`${name}: the header must name the columns "score" and "member" (found ${table.header.join(', ')})`);
  }
  return table.rows.map((row) => Object.fromEntries(table.header.map((h, i) => [h, row[i] ?? ''])));
}

/**
 * Parses the text of an uploaded file; `name` picks the format by its extension.
 *
 * @throws Error with a message naming the file, the row and the problem.
 * @example parseScoresFile('score,member\n0.9,1\n0.1,0', 'scores.csv').members // Float64Array [0.9]
 */
export function parseScoresFile(text: string, name: string): ParsedScores {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl')) {
    const records = text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line, i) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new Error(`${name}: line ${i + 1} is not valid JSON`);
        }
      });
    return fromRecords(records, name);
  }
  if (lower.endsWith('.json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${name}: not valid JSON`);
    }
    if (!Array.isArray(parsed)) throw new Error(`${name}: expected an array of { "score", "member" } objects`);
    return fromRecords(parsed as Record<string, unknown>[], name);
  }
  return fromRecords(csvRecords(text, name), name);
}
