/**
 * The text blocks of the report's SVG charts: titles and legends wrapped to the chart's width,
 * since SVG text never wraps by itself.
 */

/** Escapes text for HTML/SVG content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Relation signs, kept on one line with the words on both sides (`β* ≥ 0.938`, never `β* ≥` / `0.938`). */
const GLUED = new Set(['=', '≥', '≤', '<', '>', '≈']);

/**
 * Splits `text` into lines of at most `chars` characters at spaces (a longer word gets a line
 * of its own), never next to a relation sign such as `=` or `≥`.
 *
 * @example wrapWords('a bb ccc', 4) // ['a bb', 'ccc']
 */
export function wrapWords(text: string, chars: number): string[] {
  const words: string[] = [];
  let glue = false;
  for (const word of text.split(' ')) {
    const relation = GLUED.has(word);
    if (words.length > 0 && (glue || relation)) words[words.length - 1] += ` ${word}`;
    else words.push(word);
    glue = relation;
  }
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length > 0 && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** One entry of a legend: a sample of the series' mark and its label. */
export interface LegendItem {
  readonly label: string;
  readonly color: string;
  /** `line`, `dashed`, `dotted`, `markers` (a point in its translucent box) or `bar` (a filled block). */
  readonly mark: 'line' | 'dashed' | 'dotted' | 'markers' | 'bar';
  /** Line width (default 2; drawn at most 4 wide). */
  readonly width?: number;
}

/** The dash pattern of a line style. */
export const DASH: Readonly<Record<string, string>> = { dashed: ' stroke-dasharray="6 4"', dotted: ' stroke-dasharray="1.5 3.5" stroke-linecap="round"' };

/** Pixels per character of 12 px legend text, generous for wide sans-serif fonts (DejaVu Sans). */
const LEGEND_CHAR = 6.6;
const LEGEND_LINE = 16;

/**
 * A legend at (`x`, `y`) (top left) within `width` user units: each item's mark, then its
 * label wrapped to the room left. Returns the SVG and the height it takes.
 *
 * @example legendBlock([{ label: 'DP guarantee', color: '#1f4e8c', mark: 'line' }], 64, 430, 600).height // 20
 */
export function legendBlock(items: readonly LegendItem[], x: number, y: number, width: number): { readonly svg: string; readonly height: number } {
  const chars = Math.max(12, Math.floor((width - 30) / LEGEND_CHAR));
  const parts: string[] = [];
  let top = y;
  for (const item of items) {
    const dash = DASH[item.mark] ?? '';
    const mark =
      item.mark === 'markers'
        ? `<rect x="${x + 4}" y="${top - 1}" width="12" height="12" fill="${item.color}" fill-opacity="0.15"/><circle cx="${x + 10}" cy="${top + 5}" r="3.5" fill="${item.color}"/>`
        : item.mark === 'bar'
          ? `<rect x="${x}" y="${top}" width="22" height="10" fill="${item.color}"/>`
          : `<line x1="${x}" x2="${x + 22}" y1="${top + 5}" y2="${top + 5}" stroke="${item.color}" stroke-width="${Math.min(item.width ?? 2, 4)}"${dash}/>`;
    const lines = wrapWords(item.label, chars);
    parts.push(`${mark}<text x="${x + 30}" y="${top + 9}" font-size="12">${lines.map((l, k) => `<tspan x="${x + 30}" dy="${k === 0 ? 0 : LEGEND_LINE}">${escapeXml(l)}</tspan>`).join('')}</text>`);
    top += LEGEND_LINE * lines.length + 4;
  }
  return { svg: parts.join('\n'), height: top - y };
}

/**
 * A title centred at the top of a chart `width` user units wide, in `size` px bold, wrapped to
 * the width. Returns the SVG and the y of its last baseline.
 *
 * @example titleBlock('Per-instance ε', 720, 15).bottom // 20
 */
export function titleBlock(title: string, width: number, size: number): { readonly svg: string; readonly bottom: number } {
  const lines = wrapWords(title, Math.floor((width - 16) / (size * 0.6)));
  const step = size + 4;
  const svg = `<text x="${width / 2}" y="20" text-anchor="middle" font-size="${size}" font-weight="600">${lines.map((l, k) => `<tspan x="${width / 2}" dy="${k === 0 ? 0 : step}">${escapeXml(l)}</tspan>`).join('')}</text>`;
  return { svg, bottom: 20 + step * (lines.length - 1) };
}
