// Citation lint: comments and docs may cite only what the repository carries.
//
// A finding is one of:
// - a path that does not exist: markdown links, resolved against the citing file's folder (as
//   GitHub does), and repo paths in text or comments (`docs/math/pld.md`,
//   `packages/accountants/src/prv/rigorous-prv.ts`, `src/rdp/…`, `math/x.md`, `../x.md`), resolved
//   against the citing file's folder, then its own package's root, then the repository root;
//   nothing else (a `scripts/x.py` that only some package carries is not found from docs/);
// - a section that does not exist: `docs/math/x.md#heading` (GitHub heading anchors) and
//   `docs/math/x.md §2` / `§"Composition"` (a heading of x.md must carry that § number, start
//   with that number, or contain that name);
// - a name of material the repository does not carry: `STYLE.md`, `CLI.md`, `ARCHITECTURE.md`, `spec §…`,
//   `spec x.md`, `../shared`, and issue references (`issue 15`, `#15`).
// Source files (.ts, .mts, .mjs, .js) are checked in their comments only (strings are data);
// Markdown files in full. Written as plain JavaScript so that `node` runs it without a build.

/** @typedef {{ file: string, line: number, message: string }} Finding */
/** @typedef {{ exists: (path: string) => boolean, read: (path: string) => string | undefined, files: readonly string[] }} Repo */

const SOURCE = /\.(?:ts|tsx|mts|cts|mjs|cjs|js)$/;
const REPO_ROOTS = ['docs', 'packages', 'apps', 'tools', 'scripts', '.changeset'];
const PATH_TOKEN = /(?<![\w@/.:-])((?:\.{1,2}\/)*(?:[\w@.-]+\/)+[\w@.-]+\.(?:md|tsx|ts|mts|mjs|json|js|py|svg|png|html|yaml|yml|csv)(?![\w]))(?:#([\w-]+))?(?:\s+§\s*(?:"([^"]+)"|([\d.]+(?:\s*[–-]\s*§?\s*[\d.]+)?)))?/g;
const FORBIDDEN = [
  [/\b(?:STYLE|CLI|ARCHITECTURE)\.md\b/g, 'names a file the repository does not carry'],
  [/\bspec\b[^.\n]{0,3}§|\bspec\s+`?[\w/-]+\.md\b|(?<![\w/.-])(?:shared\/)?spec\/[\w/.*-]+/g, 'cites the specification, which the repository does not carry'],
  [/\bSTYLE\s+rule\b/g, 'cites a style guide the repository does not carry'],
  [/\.\.\/shared\b|\/work\/shared\b/g, 'cites a folder outside the repository'],
  [/\bissues?\s+#?\d+\b/gi, 'cites an issue number; say what the issue asked instead'],
  [/\b(?:the|this|that|our) issues?(?:'s)?(?=[\s.,;:)])/gi, 'refers to an issue-tracker entry the reader cannot see; say what it asked instead'],
  [/(?<![\w&/#-])#\d{1,5}\b(?![\w-])/g, 'cites an issue or pull-request number; say what it asked instead'],
];

/**
 * The comment text of a JavaScript/TypeScript source, with every other character replaced by a
 * space (newlines kept), so offsets and line numbers match the source.
 * @param {string} source
 * @returns {string}
 */
export function commentsOf(source) {
  let out = '';
  let i = 0;
  let last = '';
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      out += source.slice(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += blank(source.slice(i, j + 1));
      i = j + 1;
      last = c;
    } else if (c === '/' && (last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last) || /\b(?:return|typeof|case|in|of)$/.test(out.trimEnd()))) {
      // a regular expression literal
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j += 1;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j += 1;
      }
      out += blank(source.slice(i, j + 1));
      i = j + 1;
      last = '/';
    } else {
      out += c === '\n' ? '\n' : ' ';
      if (!/\s/.test(c)) last = c;
      i += 1;
    }
  }
  return out;
}

/**
 * GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens.
 * @param {string} heading
 * @returns {string}
 */
export function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The headings of a markdown text (outside fenced code) and their anchors (duplicates numbered).
 * @param {string} markdown
 * @returns {{ text: string, anchor: string }[]}
 */
export function headingsOf(markdown) {
  const result = [];
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m === null) continue;
    const text = m[1];
    const base = headingAnchor(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.push({ text, anchor: count === 0 ? base : `${base}-${count}` });
  }
  return result;
}

const posix = {
  join(...parts) {
    const out = [];
    for (const segment of parts.join('/').split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') out.pop();
      else out.push(segment);
    }
    return out.join('/');
  },
  dirname(path) {
    const i = path.lastIndexOf('/');
    return i < 0 ? '' : path.slice(0, i);
  },
};

/** The folder of the nearest package.json above `file` ('' for the root). */
function packageOf(file, repo) {
  let dir = posix.dirname(file);
  while (dir !== '') {
    if (repo.exists(`${dir}/package.json`)) return dir;
    dir = posix.dirname(dir);
  }
  return '';
}

/** Whether the repository carries a file or a folder at `path`. */
function carries(path, repo) {
  if (repo.exists(path)) return true;
  const prefix = `${path.replace(/\/$/, '')}/`;
  return repo.files.some((f) => f.startsWith(prefix));
}

/**
 * Where a cited path lives, or undefined. One exact rule, no search: a markdown link's target
 * resolves against the citing file's folder only (as GitHub resolves it); a path in text or a
 * comment resolves against the citing file's folder, then the root of the package the citing
 * file belongs to (`src/…` in a package's own sources and READMEs), then the repository root
 * (`docs/math/pld.md`, `packages/accountants/scripts/…`). A path only another package carries is
 * not found: outside that package, cite it from the repository root.
 */
function resolveCitation(file, cited, repo, link = false) {
  const candidates = [posix.join(posix.dirname(file), cited)];
  if (!link && !cited.startsWith('.')) candidates.push(posix.join(packageOf(file, repo), cited), posix.join(cited));
  return candidates.find((c) => carries(c, repo));
}

/** Whether a § reference names a heading of the target. */
function hasSection(markdown, section) {
  const headings = headingsOf(markdown).map((h) => h.text);
  if (/^[\d.]+$/.test(section)) {
    const n = section.replace(/\.$/, '');
    return headings.some((h) => h.includes(`§${n}`) || new RegExp(`^(?:§\\s*)?${n.replace(/\./g, '\\.')}(?:[.:)\\s]|$)`).test(h));
  }
  return headings.some((h) => h.toLowerCase().includes(section.toLowerCase()));
}

function lineAt(text, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function isCitable(cited) {
  // build outputs (dist/) are cited on purpose (the binary a newcomer runs) and exist after a build
  if (/(^|\/)dist\//.test(cited)) return false;
  if (cited.startsWith('./') || cited.startsWith('../')) return true;
  const first = cited.split('/')[0];
  return REPO_ROOTS.includes(first) || first === 'src' || first === 'test' || first === 'math' || first === 'bench';
}

/**
 * Every finding in one file of the repository.
 * @param {string} file repo-relative path
 * @param {string} text the file's content
 * @param {Repo} repo
 * @returns {Finding[]}
 */
export function lintFile(file, text, repo) {
  /** @type {Finding[]} */
  const findings = [];
  const isSource = SOURCE.test(file);
  // checked text: comments of sources; markdown without URLs
  const scanned = (isSource ? commentsOf(text) : text).replace(/\b(?:https?|ftp):\/\/[^\s)>\]`'"]+/g, (url) => ' '.repeat(url.length));
  const report = (offset, message) => findings.push({ file, line: lineAt(scanned, offset), message });

  for (const [pattern, message] of FORBIDDEN) {
    for (const m of scanned.matchAll(pattern)) report(m.index, `'${m[0]}' ${message}`);
  }

  const checkTarget = (offset, cited, anchor, section, label) => {
    const target = resolveCitation(file, cited, repo, label === 'link target');
    if (target === undefined) {
      report(offset, `${label} '${cited}' does not exist`);
      return;
    }
    if ((anchor === undefined && section === undefined) || !target.endsWith('.md')) return;
    const markdown = repo.read(target) ?? '';
    if (anchor !== undefined && !headingsOf(markdown).some((h) => h.anchor === anchor.toLowerCase())) report(offset, `'${cited}#${anchor}': ${target} has no such heading`);
    if (section !== undefined) {
      for (const part of section.split(/\s*[–-]\s*/)) {
        const s = part.replace(/^§\s*/, '');
        if (!hasSection(markdown, s)) report(offset, `'${cited} §${s}': ${target} has no such section`);
      }
    }
  };

  // markdown links (docs and comments alike)
  for (const m of scanned.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1];
    if (/^(?:[a-z]+:|\/\/)/i.test(target)) continue;
    const [path, anchor] = target.split('#');
    if (path === '') {
      if (anchor !== undefined && !isSource && !headingsOf(text).some((h) => h.anchor === anchor.toLowerCase())) report(m.index, `link '#${anchor}': no such heading in this file`);
      continue;
    }
    checkTarget(m.index, decodeURI(path), anchor, undefined, 'link target');
  }

  // repo paths in text
  for (const m of scanned.matchAll(PATH_TOKEN)) {
    const [, cited, anchor, sectionName, sectionNumber] = m;
    if (!isCitable(cited)) continue;
    // a link target already checked above
    if (scanned[m.index - 1] === '(' && scanned[m.index - 2] === ']') continue;
    checkTarget(m.index, cited, anchor, sectionName ?? sectionNumber, 'path');
  }
  return findings;
}

/** The files that state the rules themselves (their comments spell out what is forbidden). */
const RULE_FILES = ['tools/docs-check/src/citation-lint.mjs'];

/**
 * Which files the lint reads: sources under any src/ (comments), scripts, docs, READMEs and
 * changesets. Fixtures and generated files are not prose; docs/benchmarks.md is regenerated by
 * the benchmark scripts (their sources are linted).
 * @param {readonly string[]} files
 * @returns {string[]}
 */
export function lintedFiles(files) {
  return files.filter((f) =>
    !RULE_FILES.includes(f) && !f.includes('node_modules/') && !f.includes('/dist/') &&
    ((SOURCE.test(f) && (/(^|\/)(src|scripts|test|bench)\//.test(f))) ||
      f.startsWith('docs/') && f.endsWith('.md') && f !== 'docs/benchmarks.md' ||
      /(^|\/)README\.md$/.test(f) || /^[A-Z]+\.md$/.test(f) ||
      (f.startsWith('.changeset/') && f.endsWith('.md') && f !== '.changeset/README.md')),
  );
}
