import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

const run = ['dp', '--sampling-rate', '0.5', '--noise-multiplier', '0.3', '--steps', '1', '--delta', '1e-3'];

describe('dp: the GDP row never passes the PLD guarantee off as the GDP ε', () => {
  it('beside the pld row, the gdp row leaves the guarantee column to it (the PLD ε is printed once) and names it', async () => {
    const { stdout, code } = await runCaptured([...run, '--accountant', 'all']);
    expect(code).toBe(0);
    const pld = /^\s+pld\s+(\S+)/m.exec(stdout)?.[1] as string;
    // the gdp row does not repeat the PLD ε (another accountant's estimate may equal it to 6 digits:
    // the PRV estimate here is 13.7405 too)
    const gdpRow = /^\s+gdp\s.*$/m.exec(stdout)?.[0] as string;
    expect(pld).toMatch(/^\d/);
    expect(gdpRow).not.toContain(pld);
    expect(stdout).toMatch(/^\s+gdp\s+8762\.37\s+guarantee: pld row; estimate = CLT approximation, not a bound$/m);
    // an estimate far outside the proven bracket says why it is there
    expect(stdout).toMatch(/^note \(gdp\): outside the PLD bounds \[13\.739\d*, 13\.740\d*\]: the CLT estimates ε only for many steps at a small sampling rate/m);
  });

  it('alone, the gdp row says its ε column is the PLD guarantee; the JSON carries estimateNote', async () => {
    const text = await runCaptured(['dp', '--sampling-rate', '0.004', '--noise-multiplier', '1.1', '--steps', '10000', '--delta', '1e-5', '--accountant', 'gdp']);
    expect(text.stdout).toMatch(/^\s+gdp\s+1\.84103\s+1\.78745\s+epsilon = PLD guarantee; estimate = CLT approximation, not a bound$/m);
    expect(text.stdout).not.toMatch(/note \(gdp\)/);
    const json = JSON.parse((await runCaptured([...run, '--accountant', 'gdp', '--json'])).stdout) as Record<string, unknown>;
    expect(json.estimateNote).toMatch(/^outside the PLD bounds/);
    expect(json.epsilon).toBeLessThan(json.epsilonEstimate as number);
  });
});
