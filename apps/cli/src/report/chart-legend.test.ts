import { describe, expect, it } from 'vitest';
import { escapeXml, legendBlock, titleBlock, wrapWords } from './chart-legend.js';

describe('chart text blocks', () => {
  it('wraps at spaces, a long word on a line of its own, a relation sign with its value', () => {
    expect(wrapWords('a bb ccc', 4)).toEqual(['a bb', 'ccc']);
    expect(wrapWords('abcdefgh ij', 4)).toEqual(['abcdefgh', 'ij']);
    expect(wrapWords('certified β* ≥ 0.938', 13)).toEqual(['certified', 'β* ≥ 0.938']);
  });

  it('lays a legend out line by line and says how tall it is', () => {
    const label = 'Bayes security, membership: certified β* ≥ 0.938, combined with DP (DP binds everywhere) [guarantee, add/remove]';
    const wide = legendBlock([{ label, color: '#2ca02c', mark: 'line' }], 64, 0, 648);
    const narrow = legendBlock([{ label, color: '#2ca02c', mark: 'line' }], 10, 0, 342);
    expect(wide.height).toBe(36);
    expect(narrow.height).toBe(52);
    expect((narrow.svg.match(/<tspan/g) ?? []).length).toBe(3);
    expect(narrow.svg).toContain('β* ≥ 0.938');
  });

  it('wraps a title that does not fit and escapes text', () => {
    expect(titleBlock('add/remove neighbours: every curve of this plot is for add/remove', 720, 15).bottom).toBe(20);
    expect(titleBlock('add/remove neighbours: every curve of this plot is for add/remove', 360, 14).bottom).toBe(38);
    expect(escapeXml('a < b & "c"')).toBe('a &lt; b &amp; &quot;c&quot;');
  });
});
