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
  cwd: process.cwd(),
};
// `confirm` exists only on a terminal. process.stdin is created on first access (2–3 ms at
// start-up: it opens the tty, pipe or file stream), so it is looked at only when a command asks.
Object.defineProperty(io, 'confirm', { enumerable: true, get: () => (process.stdin.isTTY === true ? confirmOnTerminal : undefined) });

process.exitCode = await runCli(process.argv.slice(2), io);
