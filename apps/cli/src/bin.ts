#!/usr/bin/env node
/** The `dpbounds` executable: wires {@link runCli} to the process. */
import type { CommandIo } from './command.js';
import { runCli } from './main.js';

const confirmOnTerminal = async (question: string): Promise<boolean> => {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
};

const io: CommandIo = {
  stdout: (text: string): void => {
    process.stdout.write(text);
  },
  stderr: (text: string): void => {
    process.stderr.write(text);
  },
  stderrIsTTY: process.stderr.isTTY === true,
  ...(process.stdout.isTTY === true && process.stdout.columns > 0 ? { stdoutColumns: process.stdout.columns } : {}),
  cwd: process.cwd(),
};
// `confirm` exists only on a terminal. process.stdin is created on first access (2–3 ms at
// start-up: it opens the tty, pipe or file stream), so it is looked at only when a command asks.
Object.defineProperty(io, 'confirm', { enumerable: true, get: () => (process.stdin.isTTY === true ? confirmOnTerminal : undefined) });
// Standard input for a file flag given `-`: a pipe or a file, never the terminal (which would wait).
Object.defineProperty(io, 'stdin', { enumerable: true, get: () => (process.stdin.isTTY === true ? undefined : process.stdin) });

/**
 * Output that cannot be written: a reader that went away (`… | head`) ends the run quietly, as
 * Unix tools do; anything else (a full disk, `> /dev/full`) is one line on stderr and exit code 1,
 * never a stack trace.
 */
const onOutputError = (error: NodeJS.ErrnoException): void => {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  try {
    process.stderr.write(`dpbounds: cannot write the output: ${error.code === 'ENOSPC' ? 'no space left on the device' : error.message.split('\n')[0] ?? String(error)}${error.code !== undefined ? ` (${error.code})` : ''}\n`);
  } finally {
    process.exit(1);
  }
};
process.stdout.on('error', onOutputError);

process.exitCode = await runCli(process.argv.slice(2), io);
