import { describe, expect, it } from 'vitest';
import { checkPage, type PageRunner } from './check-page.js';
import type { CommandRun } from './run-command.js';

/** A fake CLI: fixed outputs per command line, and a record of the calls. */
function fakeRunner(outputs: Record<string, CommandRun>): PageRunner & { calls: string[] } {
  const calls: string[] = [];
  const run = async (args: readonly string[]): Promise<CommandRun> => {
    calls.push(args.join(' '));
    const out = outputs[args.join(' ')];
    if (out === undefined) return { code: 2, stdout: '', stderr: 'unknown command\n' };
    return out;
  };
  return Object.assign(run, { calls });
}

const dpJson = { code: 0, stdout: JSON.stringify({ results: [{ accountant: 'pld', epsilon: 1.8412122 }, { accountant: 'prv', epsilonLower: 1.8393829 }] }), stderr: '' };

const factPage = (lower: string, named = 'dpbounds dp --steps 10'): string => `# Page

<!-- dpbounds: dp --steps 10 --json
results[accountant=prv].epsilonLower = ${lower}
results[accountant=pld].epsilon = 1.8412
-->
The true ε lies in [${lower}, 1.8412] (${named}).
<!-- /dpbounds -->
`;

describe('checkPage: fact blocks', () => {
  it('passes a page whose numbers are what the command prints', async () => {
    const check = await checkPage(factPage('1.8394'), fakeRunner({ 'dp --steps 10 --json': dpJson }));
    expect(check.problems).toEqual([]);
    expect(check.compared).toBe(2);
  });

  it('catches a stale number and rewrites it in the text and the fact line', async () => {
    const check = await checkPage(factPage('1.8308'), fakeRunner({ 'dp --steps 10 --json': dpJson }));
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]).toContain('shown as 1.8308 (now 1.8394)');
    expect(check.rewritten).toBe(factPage('1.8394'));
  });

  it('refuses a block whose text does not name its command', async () => {
    const check = await checkPage(factPage('1.8394', 'see the CLI'), fakeRunner({ 'dp --steps 10 --json': dpJson }));
    expect(check.problems.join('\n')).toContain('does not name the command');
  });

  it('refuses a fact the text does not show, a wrong path, and a failing command', async () => {
    const page = `<!-- dpbounds: dp --steps 10 --json
results[accountant=rdp].epsilon = 2.0131
results[accountant=pld].epsilon = 1.8412
-->
\`dpbounds dp --steps 10\` gives 2.0131.
<!-- /dpbounds -->
`;
    const check = await checkPage(page, fakeRunner({ 'dp --steps 10 --json': dpJson }));
    expect(check.problems.join('\n')).toContain('matches 0 elements');
    expect(check.problems.join('\n')).toContain('1.8412 (results[accountant=pld].epsilon) does not appear');
    const failing = await checkPage(page.replace(/--steps 10/g, '--steps x'), fakeRunner({}));
    expect(failing.problems.join('\n')).toContain('exit code 2');
  });

  it('lets adjacent headers share one text, and rewrites each stale number in it', async () => {
    const rdp = { code: 0, stdout: JSON.stringify({ epsilon: 2.0130594 }), stderr: '' };
    const page = (pld: string, r: string): string => `<!-- dpbounds: dp --steps 10 --json
results[accountant=pld].epsilon = ${pld}
-->
<!-- dpbounds: rdp --steps 10 --json
epsilon = ${r}
-->
PLD ${pld} (\`dpbounds dp --steps 10\`) against RDP ${r} (\`dpbounds rdp --steps 10\`).
<!-- /dpbounds -->
`;
    const runner = fakeRunner({ 'dp --steps 10 --json': dpJson, 'rdp --steps 10 --json': rdp });
    expect((await checkPage(page('1.8412', '2.0131'), runner)).problems).toEqual([]);
    const stale = await checkPage(page('1.9', '2.1'), runner);
    expect(stale.problems).toHaveLength(2);
    expect(stale.rewritten).toBe(page('1.8', '2.0'));
  });

  it('throws on an unclosed block', async () => {
    await expect(checkPage('<!-- dpbounds: dp --json\na = 1\n-->\ntext', fakeRunner({}))).rejects.toThrow('/dpbounds');
  });
});

describe('checkPage: console transcripts', () => {
  const text = { code: 0, stdout: 'epsilon   1.84121\ndelta     1e-5\n', stderr: 'warning: careful\n' };
  const page = (value: string): string => `\`\`\`console
$ dpbounds dp --steps 10
epsilon   ${value}
warning: careful
\`\`\`
`;

  it('passes quoted lines that are printed (stdout or stderr; a subset is fine)', async () => {
    const check = await checkPage(page('1.84121'), fakeRunner({ 'dp --steps 10': text }));
    expect(check.problems).toEqual([]);
    expect(check.compared).toBe(1);
  });

  it('catches a stale line and rewrites the transcript with the current output', async () => {
    const check = await checkPage(page('1.83'), fakeRunner({ 'dp --steps 10': text }));
    expect(check.problems.join('\n')).toContain('epsilon   1.83');
    expect(check.rewritten).toContain('epsilon   1.84121\ndelta     1e-5\n\nwarning: careful\n```');
  });

  it('runs a block marked dpbounds-cwd: repo in the repository, others in a scratch directory', async () => {
    const groups: string[] = [];
    const run: PageRunner = async (_args, group) => {
      groups.push(group);
      return text;
    };
    await checkPage(`<!-- dpbounds-cwd: repo -->\n${page('1.84121')}\n${page('1.84121')}`, run);
    expect(groups).toEqual(['repo', 'console-1']);
  });

  it('compares whole JSON, and only the quoted numbers of abridged JSON', async () => {
    const json = { code: 0, stdout: '{\n  "epsilon": 1.5,\n  "delta": 0.00001\n}\n', stderr: '' };
    const whole = (e: string): string => `\`\`\`console\n$ dpbounds dp --json\n{\n  "epsilon": ${e},\n  "delta": 0.00001\n}\n\`\`\`\n`;
    expect((await checkPage(whole('1.5'), fakeRunner({ 'dp --json': json }))).problems).toEqual([]);
    expect((await checkPage(whole('1.6'), fakeRunner({ 'dp --json': json }))).problems).toHaveLength(1);
    const abridged = (e: string): string => `\`\`\`console\n$ dpbounds dp --json\n{ "epsilon": ${e}, … }\n\`\`\`\n`;
    expect((await checkPage(abridged('1.5'), fakeRunner({ 'dp --json': json }))).problems).toEqual([]);
    expect((await checkPage(abridged('1.7'), fakeRunner({ 'dp --json': json }))).problems.join('\n')).toContain('quotes 1.7');
  });
});
