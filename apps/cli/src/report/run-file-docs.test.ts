/**
 * Keeps the run file's documentation in sync with the code: the published JSON Schema equals the
 * exported one and lists exactly the fields the reader accepts, the field table of
 * docs/run-file.md lists exactly those fields, and every example run file on the page reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runFileSchema } from './run-file-schema.js';
import { parseRunFile, RUN_FILE_FIELDS } from './run-file.js';

const root = new URL('../../../../', import.meta.url);
const page = readFileSync(new URL('docs/run-file.md', root), 'utf8');

describe('docs/run-file.md and the published schema', () => {
  it('docs/run-file/run-file-v1.schema.json is the exported schema, with the fields the reader accepts', () => {
    expect(JSON.parse(readFileSync(new URL('docs/run-file/run-file-v1.schema.json', root), 'utf8'))).toEqual(JSON.parse(JSON.stringify(runFileSchema)));
    expect(Object.keys(runFileSchema['properties'] as object).sort()).toEqual([...RUN_FILE_FIELDS].sort());
  });

  it('documents exactly the fields of the schema', () => {
    const start = page.indexOf('## Fields');
    const section = page.slice(start, page.indexOf('\n## ', start + 1));
    const fields = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(fields.sort()).toEqual([...RUN_FILE_FIELDS].sort());
  });

  it('every example run file on the page reads', async () => {
    const examples = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] as string) as unknown);
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const run = await parseRunFile(example, 'example.json', '.');
      expect(run.delta).toBe(1e-5);
      expect(run.steps).toBeGreaterThan(0);
    }
  });
});
