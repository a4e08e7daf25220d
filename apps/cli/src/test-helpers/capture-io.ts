/** Runs the CLI in-process for tests and captures stdout, stderr and the exit code. */
import { runCli } from '../main.js';
import type { CommandEntry, CommandIo } from '../command.js';

export interface CapturedRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function* chunksOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += 65536) yield bytes.subarray(start, start + 65536);
}

export async function runCaptured(
  argv: readonly string[],
  options: { readonly cwd?: string; readonly commands?: readonly CommandEntry[]; readonly confirm?: CommandIo['confirm']; readonly stderrIsTTY?: boolean; readonly stdin?: string | Uint8Array; readonly stdoutColumns?: number } = {},
): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stderrIsTTY: options.stderrIsTTY ?? false,
    cwd: options.cwd ?? process.cwd(),
    ...(options.stdoutColumns !== undefined ? { stdoutColumns: options.stdoutColumns } : {}),
    ...(options.confirm !== undefined ? { confirm: options.confirm } : {}),
    // standard input as a pipe gives it: in chunks (64 KiB), read once
    ...(options.stdin !== undefined ? { stdin: chunksOf(typeof options.stdin === 'string' ? Buffer.from(options.stdin, 'utf8') : options.stdin) } : {}),
  };
  const code = options.commands === undefined ? await runCli(argv, io) : await runCli(argv, io, options.commands);
  return { code, stdout, stderr };
}
