import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountant, dpSgdEvent, OPACUS_RDP_ORDERS, RdpAccountant } from '@dpbounds/accountants';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { dpCommand } from './dp.js';
import { historyAccounting, parseHistory } from './dp-history.js';

const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-dp-history-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const commands = [dpCommand];
const write = (name: string, text: string): string => {
  writeFileSync(join(cwd, name), text);
  return name;
};
const runJson = async (argv: readonly string[]): Promise<Record<string, unknown>> => {
  const run = await runCaptured(['dp', ...argv, '--json'], { commands, cwd });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
};
const refused = async (argv: readonly string[]): Promise<string> => {
  const run = await runCaptured(['dp', ...argv], { commands, cwd });
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  return run.stderr;
};
type Row = Record<string, unknown> & { accountant: string; epsilon: number };
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

// small T keeps every accountant (PRV included) fast
const A = { noiseMultiplier: 1, samplingRate: 0.05, steps: 40 };
const B = { noiseMultiplier: 0.8, samplingRate: 0.1, steps: 15 };

describe('dpbounds dp --history', () => {
  it('a one-phase history (Opacus tuples) prints exactly the rows of the plain dp query, for every accountant, ε at δ and δ at ε', async () => {
    const file = write('one.json', JSON.stringify([[A.noiseMultiplier, A.samplingRate, A.steps]]));
    for (const question of [['--delta', '1e-5'], ['--epsilon', '1.5']]) {
      const plain = await runJson(['--sampling-rate', '0.05', '--noise-multiplier', '1', '--steps', '40', ...question, '--accountant', 'all']);
      const history = await runJson(['--history', file, ...question, '--accountant', 'all']);
      expect(history.results).toEqual(plain.results);
      expect(history.history).toEqual([A]);
      expect(history.totalSteps).toBe(40);
      expect(history.unavailable).toBeUndefined();
    }
    // one accountant: the plain row, plus the schedule
    const plainRdp = await runJson(['--sampling-rate', '0.05', '--noise-multiplier', '1', '--steps', '40', '--delta', '1e-5', '--accountant', 'rdp']);
    const { history: _h, totalSteps: _t, ...rdp } = await runJson(['--history', file, '--delta', '1e-5', '--accountant', 'rdp']);
    expect(rdp).toEqual(plainRdp);
  });

  it('a two-phase history is what each accountant gives composing the two library events one after the other', async () => {
    const file = write('two.jsonl', [A, B].map((p) => JSON.stringify(p)).join('\n'));
    const out = await runJson(['--history', file, '--delta', '1e-5', '--accountant', 'all']);
    const rows = out.results as Row[];
    expect(rows.map((r) => r.accountant)).toEqual(['rdp', 'pld', 'prv', 'gdp']);
    for (const kind of ['rdp', 'pld', 'prv'] as const) {
      const direct = createAccountant(kind, {}).compose(dpSgdEvent(A)).compose(dpSgdEvent(B)).getEpsilon(1e-5);
      const row = rows.find((r) => r.accountant === kind) as Row;
      // RDP adds curves (exact); PLD and PRV compose on grids, identical for the same ledger
      expect(row.epsilon).toBeCloseTo(direct, 9);
    }
    const gdp = rows.find((r) => r.accountant === 'gdp') as Row;
    expect(gdp.epsilon).toBe((rows.find((r) => r.accountant === 'pld') as Row).epsilon);
    expect(gdp.epsilonEstimate).toBeCloseTo(createAccountant('gdp', {}).compose(dpSgdEvent(A)).compose(dpSgdEvent(B)).getEpsilon(1e-5), 12);
    // above each phase alone
    const first = await runJson(['--sampling-rate', '0.05', '--noise-multiplier', '1', '--steps', '40', '--delta', '1e-5', '--accountant', 'rdp']);
    expect((rows[0] as Row).epsilon).toBeGreaterThan(first.epsilon as number);
  });

  it('ε grows when a phase\'s σ decreases, for every accountant (and the GDP estimate)', async () => {
    let previous: Row[] | undefined;
    for (const sigma of [1.2, 0.9, 0.7]) {
      const file = write(`sigma-${sigma}.csv`, `noise_multiplier,sample_rate,num_steps\n1,0.05,40\n${sigma},0.1,15\n`);
      const rows = (await runJson(['--history', file, '--delta', '1e-5', '--accountant', 'all'])).results as Row[];
      if (previous !== undefined) {
        rows.forEach((r, i) => expect(r.epsilon).toBeGreaterThan((previous as Row[])[i]?.epsilon as number));
        expect(rows[3]?.epsilonEstimate as number).toBeGreaterThan(previous[3]?.epsilonEstimate as number);
      }
      previous = rows;
    }
  });

  it('Opacus\' RDP for the Adult run (q = 1/103, σ = 1, T = 309, δ = 1e-5): 1.43186 at order 8.5, the value of Opacus\' own order grid', async () => {
    const opacus = new RdpAccountant({ orders: 'opacus' }).compose(dpSgdEvent({ samplingRate: 1 / 103, noiseMultiplier: 1, steps: 309 })).getEpsilonAndOrder(1e-5);
    expect(OPACUS_RDP_ORDERS).toContain(opacus.order);
    const rows = historyAccounting([{ noiseMultiplier: 1, samplingRate: 1 / 103, steps: 309 }], { delta: 1e-5, neighbouring: 'add-remove', accountants: ['rdp'] });
    expect(rows.results[0]?.epsilon).toBeCloseTo(1.43186, 5);
    expect(rows.results[0]?.epsilon).toBe(opacus.epsilon);
    expect(rows.results[0]?.order).toBe(8.5);
    // Opacus 1.4.0's RDPAccountant.get_epsilon(1e-5), run on its own code outside this repository:
    // 1.431857838553122 (order 8.5) for this run, 6.426419790418392 (order 3.2) for the history
    // [[1, 0.05, 40], [0.8, 0.1, 15]]; its series and ours agree to 1e-12 relative
    expect(rows.results[0]?.epsilon as number).toBeCloseTo(1.431857838553122, 11);
    const two = historyAccounting([A, B], { delta: 1e-5, neighbouring: 'add-remove', accountants: ['rdp'] }).results[0];
    expect(two?.epsilon as number).toBeCloseTo(6.426419790418392, 10);
    expect(two?.order).toBe(3.2);
    // Opacus' history as its accountant keeps it, and the same as a state_dict
    const file = write('opacus.json', JSON.stringify({ history: [[1.0, 1 / 103, 309]] }));
    expect((await runJson(['--history', file, '--delta', '1e-5', '--accountant', 'rdp'])).epsilon).toBe(opacus.epsilon);
  });

  it('reads Opacus tuples, named objects (ours or Opacus\' names), JSONL and CSV into the same phases', () => {
    const phases = [A, B];
    expect(parseHistory('h.json', bytes('[[1, 0.05, 40], [0.8, 0.1, 15]]'))).toEqual(phases);
    expect(parseHistory('h.json', bytes(JSON.stringify([{ noise_multiplier: 1, sample_rate: 0.05, num_steps: 40 }, B])))).toEqual(phases);
    expect(parseHistory('h.jsonl', bytes(`${JSON.stringify(A)}\n\n${JSON.stringify({ noise_multiplier: 0.8, sample_rate: 0.1, num_steps: 15 })}\n`))).toEqual(phases);
    expect(parseHistory('h.csv', bytes('\uFEFFsamplingRate,noiseMultiplier,steps\r\n0.05,1,40\r\n0.1,0.8,15\r\n'))).toEqual(phases);
  });

  it('refuses bad files with one line naming the file, the phase and the field', async () => {
    expect(() => parseHistory('h.json', bytes('[[1, 0.05]]'))).toThrow(/h\.json: phase 1: an Opacus history entry is \[noise_multiplier, sample_rate, num_steps\]/);
    expect(() => parseHistory('h.json', bytes('[[1, 1.5, 40]]'))).toThrow(/h\.json: phase 1: samplingRate must be a number in \(0, 1\]/);
    expect(() => parseHistory('h.json', bytes('[[0, 0.5, 40]]'))).toThrow(/noiseMultiplier must be a number > 0.*found 0/);
    expect(() => parseHistory('h.json', bytes('[[1, 0.5, 4.5]]'))).toThrow(/steps must be an integer ≥ 1; found 4\.5/);
    expect(() => parseHistory('h.json', bytes('[]'))).toThrow(/no phase/);
    expect(() => parseHistory('h.json', bytes('{"a": 1}'))).toThrow(/expected a JSON array of phases/);
    expect(() => parseHistory('h.jsonl', bytes('{"noiseMultiplier": 1, "samplingRate": 0.1, "step": 3}'))).toThrow(/line 1: unknown field "step"/);
    expect(() => parseHistory('h.jsonl', bytes('{"noiseMultiplier": 1, "noise_multiplier": 1, "samplingRate": 0.1, "steps": 3}'))).toThrow(/give noiseMultiplier once/);
    expect(() => parseHistory('h.csv', bytes('noiseMultiplier,samplingRate\n1,0.1\n'))).toThrow(/line 2: missing steps/);
    expect(() => parseHistory('h.csv', bytes('noiseMultiplier,samplingRate,steps\n1,NaN,3\n'))).toThrow(/line 2: samplingRate must be a number in \(0, 1\].*found "NaN"/);
    expect(() => parseHistory('h.json', bytes('[["1", 0.1, 3]]'))).toThrow(/phase 1: noiseMultiplier must be a number > 0.*found "1"/);
    expect(() => parseHistory('h.npy', bytes(''))).toThrow(/\.json, \.jsonl or \.csv/);
    expect(await refused(['--history', 'absent.json', '--delta', '1e-5'])).toMatch(/absent\.json/);
  });

  it('--history excludes the flags of one run, and an accountant asked alone that cannot price the schedule is refused (with all, it is listed as unavailable)', async () => {
    const file = write('ab.json', JSON.stringify([[1, 0.05, 40], [0.8, 0.1, 15]]));
    for (const flag of [['--sampling-rate', '0.05'], ['--noise-multiplier', '1'], ['--steps', '40']]) {
      expect(await refused(['--history', file, ...flag, '--delta', '1e-5'])).toMatch(new RegExp(`--history gives σ, q and steps of every phase: drop ${flag[0]}`));
    }
    expect(await refused(['--history', file, '--batch-size', '10', '--dataset-size', '100', '--delta', '1e-5'])).toMatch(/drop --batch-size/);
    expect(await refused(['--history', file, '--sampling', 'shuffle', '--delta', '1e-5'])).toMatch(/--history prices Poisson-sampled phases/);
    expect(await refused(['--history', file, '--delta', '1e-5', '--fpr', '0.1'])).toMatch(/--fpr/);
    expect(await refused(['--history', file, '--delta', '1e-5', '--accountant', 'prv', '--neighbouring', 'substitution'])).toMatch(/--accountant prv cannot price --history under --neighbouring substitution: the PRV accountant supports add-remove only/);
    expect(await refused(['--history', file, '--delta', '1e-5', '--accountant', 'rdp', '--neighbouring', 'substitution'])).toMatch(/add-remove only \(use pld\)/);
    const all = await runJson(['--history', file, '--delta', '1e-5', '--accountant', 'all', '--neighbouring', 'substitution']);
    expect((all.results as Row[]).map((r) => r.accountant)).toEqual(['pld']);
    expect((all.unavailable as { accountant: string }[]).map((u) => u.accountant)).toEqual(['rdp', 'prv', 'gdp']);
    const text = await runCaptured(['dp', '--history', file, '--delta', '1e-5', '--accountant', 'all', '--neighbouring', 'substitution'], { commands, cwd });
    expect(text.stdout).toMatch(/^schedule: 2 phases, T = 55: σ = 1, q = 0\.05, 40 steps; σ = 0\.8, q = 0\.1, 15 steps/);
    expect(text.stdout).toMatch(/not priced \(prv\): the PRV accountant supports add-remove only/);
    // plain Gaussian phases (q = 1) are priced by RDP under substitution
    const full = write('full.json', JSON.stringify([[2, 1, 3], [3, 1, 2]]));
    expect(((await runJson(['--history', full, '--delta', '1e-5', '--accountant', 'rdp', '--neighbouring', 'substitution'])).epsilon as number) > 0).toBe(true);
  });
});
