/**
 * Every example of every command's `--help` runs, in the order the help lists them, in one
 * fresh empty directory per command, with the CLI in-process: an example that reads a file is
 * preceded by one that makes it. The examples are shell lines; the few shell forms they use are
 * interpreted here: `A && B`, `A; B`, `> FILE`, `# comment`, quoted words, `printf` and `echo`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDefinition } from './command.js';
import { commands } from './commands/registry.js';
import { loadCommand } from './main.js';
import { runCaptured } from './test-helpers/capture-io.js';

type Token = { readonly word: string } | { readonly op: '&&' | ';' | '>' | '|' };

/** The words and operators of a shell line (single and double quotes; a `#` word starts a comment). */
function shellTokens(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === '#') break;
    if (line.startsWith('&&', i)) {
      tokens.push({ op: '&&' });
      i += 2;
      continue;
    }
    if (c === ';' || c === '>' || c === '|') {
      tokens.push({ op: c });
      i += 1;
      continue;
    }
    let word = '';
    while (i < line.length && !/[\s;>|]/.test(line[i]!) && !line.startsWith('&&', i)) {
      const q = line[i]!;
      if (q === "'" || q === '"') {
        const end = line.indexOf(q, i + 1);
        if (end < 0) throw new Error(`unclosed quote in ${line}`);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else {
        word += q;
        i += 1;
      }
    }
    tokens.push({ word });
  }
  return tokens;
}

/** printf's escapes (`\n`, `\t`, `\\`), `%%` and one `%s`, the format reused for each argument (as a shell does). */
function printf(format: string, args: readonly string[] = []): string {
  const conversions = format.replace(/%%/g, '').match(/%./g) ?? [];
  if (conversions.some((c) => c !== '%s') || conversions.length > 1) throw new Error(`printf conversion not interpreted here: ${format}`);
  const escaped = format.replace(/\\(.)/g, (_, e: string) => (e === 'n' ? '\n' : e === 't' ? '\t' : e));
  const once = (arg: string): string => escaped.replace(/%(%|s)/g, (_, c: string) => (c === '%' ? '%' : arg));
  return conversions.length === 0 || args.length === 0 ? once('') : args.map(once).join('');
}

/** Runs one example line in `dir`; returns a description of the first failure, or undefined. */
async function runExample(line: string, dir: string): Promise<string | undefined> {
  const tokens = shellTokens(line);
  let command: string[] = [];
  let redirect: string | undefined;
  const simple: { argv: string[]; out?: string }[] = [];
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k]!;
    if ('word' in t) command.push(t.word);
    else if (t.op === '>') {
      const next = tokens[k + 1];
      if (next === undefined || !('word' in next)) return `> without a file in ${line}`;
      redirect = next.word;
      k += 1;
    } else if (t.op === '|') return `pipes are not interpreted here: ${line}`;
    else {
      simple.push({ argv: command, ...(redirect !== undefined ? { out: redirect } : {}) });
      command = [];
      redirect = undefined;
    }
  }
  if (command.length > 0) simple.push({ argv: command, ...(redirect !== undefined ? { out: redirect } : {}) });
  for (const { argv, out } of simple) {
    const [program, ...args] = argv;
    let stdout: string;
    if (program === 'dpbounds') {
      const run = await runCaptured(args, { cwd: dir });
      if (run.code !== 0) return `exit ${run.code}: ${run.stderr.trim()}`;
      stdout = run.stdout;
    } else if (program === 'printf') stdout = printf(args[0] ?? '', args.slice(1));
    else if (program === 'echo') stdout = `${args.join(' ')}\n`;
    else return `not a command these examples may use: ${program ?? ''}`;
    if (out !== undefined) writeFileSync(join(dir, out), stdout);
  }
  return undefined;
}

/** The example commands of a help text: its `Examples:` section, ` \\` continuations joined, `#` lines dropped. */
function helpExamples(help: string): string[] {
  const section = help.slice(help.indexOf('\nExamples:\n') + '\nExamples:\n'.length).trimEnd();
  return section
    .replace(/ \\\n\s+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('every example of every --help runs, in order, in an empty directory', () => {
  it('the shell subset is read as a shell reads it', () => {
    expect(shellTokens(`printf 'a b\\n' > x.csv && dpbounds dp --json # note`)).toEqual([
      { word: 'printf' }, { word: 'a b\\n' }, { op: '>' }, { word: 'x.csv' }, { op: '&&' }, { word: 'dpbounds' }, { word: 'dp' }, { word: '--json' },
    ]);
    expect(printf('1,2\\n3%%\\n')).toBe('1,2\n3%\n');
    expect(printf('%s\\n', ['a,b', '1,2'])).toBe('a,b\n1,2\n');
  });
});

// one test per example (in the help's order, sharing the command's directory), so that no test
// runs a whole command's examples (the sweep's took 10 s)
const loaded = await Promise.all(commands.map(async (c) => ({ name: c.name, command: await loadCommand(c) })));
describe.each(loaded.map(({ name, command }) => [name, command] as const))('dpbounds %s: every example of its --help runs, in order, in an empty directory', (name: string, command: CommandDefinition) => {
  const examples = (command.examples ?? []).map((e) => e.replace(/\s+#\s.*$/, ''));
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dpbounds-help-examples-'));
    dirs.push(dir);
  });
  it('the help lists them', async () => {
    // the examples as a 60-column terminal shows them (continuation lines joined, comment lines
    // dropped) are the command's examples without their comments
    const help = (await runCaptured([...name.split(' '), '--help'], { stdoutColumns: 60 })).stdout;
    expect(helpExamples(help)).toEqual(examples);
    expect(examples.length).toBeGreaterThan(0);
  });
  it.each(examples)('%s', async (example) => {
    expect(await runExample(example, dir)).toBeUndefined();
  });
});
