#!/usr/bin/env node
/** The `dpbounds` executable: wires {@link runCli} to the process. */
import { createInterface } from 'node:readline/promises';
import { runCli } from './main.js';

const io = {
  stdout: (text: string): void => {
    process.stdout.write(text);
  },
  stderr: (text: string): void => {
    process.stderr.write(text);
  },
  stderrIsTTY: process.stderr.isTTY === true,
  cwd: process.cwd(),
  ...(process.stdin.isTTY === true
    ? {
        confirm: async (question: string): Promise<boolean> => {
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
          } finally {
            rl.close();
          }
        },
      }
    : {}),
};

process.exitCode = await runCli(process.argv.slice(2), io);
