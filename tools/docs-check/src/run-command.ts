/**
 * Runs a `dpbounds` command line in-process (the built CLI's own `runCli`) in a scratch
 * directory, capturing what it prints.
 *
 * The CLI is imported by path, not as a dependency: its `bin` does not exist before it is built,
 * so a workspace dependency on it makes `pnpm install` warn "Failed to create bin". turbo.json
 * orders this package's typecheck and test after `@dpbounds/cli#build` instead.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../apps/cli/dist/index.js';

/** What one command printed and its exit code. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A fresh scratch directory for commands that write files (`demo`, `train --out run`). */
export function scratchDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'dpbounds-docs-'));
}

/**
 * Runs `dpbounds <args>` with `cwd` as its working directory.
 *
 * @example await runCommand(['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100'], scratchDirectory())
 */
export async function runCommand(args: readonly string[], cwd: string): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stderrIsTTY: false,
    cwd,
  });
  return { code, stdout, stderr };
}
