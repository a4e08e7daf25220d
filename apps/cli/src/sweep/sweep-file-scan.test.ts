import { describe, expect, it } from 'vitest';
import { sweepFileLines } from './sweep-file-scan.js';
import type { StreamedLine } from './sweep-file-scan.js';

/** `bytes` in chunks of `size` bytes. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function linesOf(bytes: Uint8Array, size: number): Promise<StreamedLine[]> {
  const lines: StreamedLine[] = [];
  for await (const line of sweepFileLines(chunked(bytes, size), 1 << 20, () => new Error('too long'))) lines.push(line);
  return lines;
}

describe('sweepFileLines', () => {
  it("gives each line's byte offset and length in the file, whatever the chunks (lines across chunks, multi-byte characters, a half-written end)", async () => {
    const text = 'header,σ\n{"a":1}\n\nµ-GMIP ≤ 2\nlast, cut';
    const bytes = new TextEncoder().encode(text);
    const expected = text.split('\n');
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const lines = await linesOf(bytes, size);
      expect(lines.map((l) => l.text), `chunks of ${size}`).toEqual(expected);
      expect(lines.map((l) => l.complete)).toEqual([true, true, true, true, false]);
      for (const l of lines) {
        expect(new TextDecoder().decode(bytes.subarray(l.offset, l.offset + l.bytes)), `line ${l.line}, chunks of ${size}`).toBe(l.text);
        // a complete line ends in the newline right after it
        if (l.complete) expect(bytes[l.offset + l.bytes]).toBe(0x0a);
      }
    }
  });

  it('reports what it holds: one chunk and the start of a line continued from earlier chunks', async () => {
    const bytes = new TextEncoder().encode(`${'x'.repeat(100)}\n${'y'.repeat(10)}\n`);
    const held: number[] = [];
    for await (const _ of sweepFileLines(chunked(bytes, 8), 1 << 20, () => new Error('too long'), (n) => held.push(n))) void _;
    expect(held).toHaveLength(Math.ceil(bytes.length / 8));
    expect(Math.max(...held)).toBeLessThanOrEqual(100 + 8);
    expect(Math.max(...held)).toBeGreaterThanOrEqual(96);
  });
});
