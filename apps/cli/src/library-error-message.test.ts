import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { commands } from './commands/registry.js';
import { dpCommand } from './commands/dp.js';
import { libraryErrorMessage } from './library-error-message.js';
import { runCaptured } from './test-helpers/capture-io.js';

const dpFlags = commands.find((c) => c.name === 'dp')?.parameterFlags ?? {};

describe('libraryErrorMessage: the libraries’ advice in flags', () => {
  it('says --accountant rdp for "the RDP accountant", and drops advice about a library setting no flag sets', async () => {
    const error = new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'steps', expected: 'a run whose PLD fits 4194304 grid points at a grid step ≤ 10 (T = 1000000; use the RDP accountant, or raise maxGridPoints)', found: 1e6 });
    const message = await libraryErrorMessage(error, dpCommand, { steps: '1000000' }, dpFlags);
    expect(message).toBe('--steps must be a run whose PLD fits 4194304 grid points at a grid step ≤ 10 (T = 1000000; use --accountant rdp); found 1000000');
  });

  it('keeps advice to raise a setting the command has a flag for', async () => {
    const error = new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'delta', expected: 'below 0.5 (lower delta, or raise samplingRate)', found: 0.6 });
    const message = await libraryErrorMessage(error, dpCommand, { delta: '0.6' }, dpFlags);
    expect(message).toBe('--delta must be below 0.5 (lower delta, or raise --sampling-rate); found 0.6');
  });

  it('dp on a run too long for the PLD grid advises the RDP accountant, never a longer run', async () => {
    const run = await runCaptured(['dp', '--sampling-rate', '1', '--noise-multiplier', '0.01', '--steps', '1000000', '--delta', '1e-300']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('use --accountant rdp)');
    expect(run.stderr).not.toMatch(/raise --steps|maxGridPoints/);
  });
});
