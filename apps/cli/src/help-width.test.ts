/**
 * `--help` fits the terminal: at the width given (100 columns when stdout is not a terminal, the
 * terminal's columns otherwise) no line of any command's help is wider, except a line that is a
 * single word longer than the width (a quoted JSON document in an example).
 */
import { describe, expect, it } from 'vitest';
import { commands } from './commands/registry.js';
import { wrapWords } from './help-text.js';
import { runCaptured } from './test-helpers/capture-io.js';

/** Lines wider than `width` that are not one unbreakable word (an example line may end in ` \`). */
function overWidth(text: string, width: number): string[] {
  return text.split('\n').filter((line) => [...line].length > width && /\s/.test(line.trim().replace(/ \\$/, '')));
}

describe('help fits the terminal', () => {
  it.each([100, 60])('dpbounds --help at %i columns', async (width) => {
    const run = await runCaptured(['--help'], { stdoutColumns: width });
    expect(run.code).toBe(0);
    expect(overWidth(run.stdout, width)).toEqual([]);
    expect(run.stdout).toContain('sweep merge');
  });

  it.each(commands.map((c) => c.name))('dpbounds %s --help: no line over 100 columns without a terminal, nor over 60 on a 60-column one', async (name) => {
    const plain = await runCaptured([...name.split(' '), '--help']);
    expect(plain.code).toBe(0);
    // at 100 columns not even an unbreakable word passes: the examples write their files line by
    // line (`printf '%s\\n' a b c`), so none needs a quoted document wider than the help
    expect(plain.stdout.split('\n').filter((l) => [...l].length > 100)).toEqual([]);
    // without a terminal the width is 100: some line uses the room (the text is not left unwrapped at 80)
    expect(Math.max(...plain.stdout.split('\n').map((l) => [...l].length))).toBeGreaterThan(90);
    const narrow = await runCaptured(['help', ...name.split(' ')], { stdoutColumns: 60 });
    expect(narrow.code).toBe(0);
    expect(overWidth(narrow.stdout, 60)).toEqual([]);
    // every flag is still listed, each once, at the start of its line
    const flags = plain.stdout.split('\n').filter((l) => /^ {2}--/.test(l)).map((l) => l.trim().split(' ')[0]);
    expect(flags.length).toBeGreaterThan(1);
    for (const flag of flags) expect(narrow.stdout.split('\n').filter((l) => l === `  ${flag!}` || l.startsWith(`  ${flag!} `)).length).toBe(1);
  });

  it('flag descriptions wrap beside the flag with a hanging indent, long flags put theirs under', async () => {
    const run = await runCaptured(['dp', '--help']);
    const lines = run.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('  --sampling-rate q'));
    const column = lines[at]!.indexOf('Poisson sampling rate');
    expect(column).toBeGreaterThan(20);
    // the continuation lines of its description start at the description's column
    expect(lines[at + 1]!.slice(0, column).trim()).toBe('');
    expect(lines[at + 1]![column]).not.toBe(' ');
    const accountant = lines.findIndex((l) => l.startsWith('  --accountant rdp|pld|prv|gdp|all'));
    expect(lines[accountant]!.trim()).toBe('--accountant rdp|pld|prv|gdp|all');
    expect(lines[accountant + 1]!.slice(0, column).trim()).toBe('');
  });

  it('long examples are broken between words with a shell continuation, comments above them', async () => {
    const run = await runCaptured(['audit', '--help'], { stdoutColumns: 60 });
    const examples = run.stdout.slice(run.stdout.indexOf('Examples:'));
    expect(examples).toMatch(/ \\\n {6}--/);
    expect(examples).toMatch(/\n {2}# /);
    // no line of a comment ends in a continuation
    for (const line of examples.split('\n')) if (line.trim().startsWith('#')) expect(line.endsWith('\\')).toBe(false);
  });

  it('wrapWords breaks between words, a word longer than the width alone on its line', () => {
    expect(wrapWords('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
    expect(wrapWords('a verylongword b', 6, '- ', '  ')).toEqual(['- a', '  verylongword', '  b']);
  });
});

describe('dp --help says what "epsilon" is, as its JSON does', () => {
  it('"epsilon" is a guarantee unless its "kind" says otherwise; the shuffle sampler reports the guarantee in "upper"', async () => {
    const help = (await runCaptured(['dp', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('"epsilon" ("delta") is a guarantee unless its "kind" says otherwise (the shuffle sampler, whose ε is a lower bound, reports the guarantee in "upper")');
    expect(help).not.toContain('always a guarantee');
    // what the sentence describes
    const run = await runCaptured(['dp', '--sampling', 'shuffle', '--batch-size', '64', '--dataset-size', '640', '--noise-multiplier', '1', '--steps', '20', '--delta', '1e-5', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { kind: string; epsilon: number; upper: { kind: string; epsilon: number } };
    expect(json.kind).toBe('lower-bound');
    expect(json.upper.kind).toBe('guarantee');
    expect(json.upper.epsilon).toBeGreaterThanOrEqual(json.epsilon);
  });
});
