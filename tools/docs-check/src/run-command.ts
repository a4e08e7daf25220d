/**
 * Runs a `dpbounds` command line in-process (the CLI's own `runCli`, from its TypeScript sources
 * through the `@dpbounds/source` condition) in a scratch directory, capturing what it prints.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@dpbounds/cli';

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
