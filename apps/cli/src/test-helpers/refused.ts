import { expect } from 'vitest';
import { runCaptured } from './capture-io.js';

/**
 * Runs a command line that must be refused: asserts exit 2, nothing on stdout and one line on
 * stderr (the project's rule for bad input), and returns that line for the caller's own match.
 *
 * @example expect(await runRefused(['dp', '--steps', '0'], { commands })).toMatch(/--steps/)
 */
export async function runRefused(argv: readonly string[], options: Parameters<typeof runCaptured>[1] = {}): Promise<string> {
  const run = await runCaptured(argv, options);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  return run.stderr;
}
