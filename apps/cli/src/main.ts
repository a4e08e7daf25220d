/**
 * The `dpbounds` entry logic: global flags, command dispatch, `--json` vs table output, and the
 * exit codes of the CLI contract (0 success; 2 invalid input, one line on stderr naming the
 * flag; 1 internal failure). Commands are imported only when they run (see the registry).
 */
import type { CommandDefinition, CommandEntry, CommandIo, FlagSpec, LazyCommand } from './command.js';
import { commands as registeredCommands } from './commands/registry.js';
import { closestName } from './did-you-mean.js';
import { commandHelp, globalHelp, helpWidth } from './help-text.js';
import { libraryErrorMessage } from './library-error-message.js';
import type { StdinRun } from './io/stdin-input.js';
import { parseArgv } from './parse-argv.js';
import { writeJsonOutput } from './io/json-chunks.js';
import { UsageError } from './usage-error.js';
import { version } from './version.js';

const jsonFlag: FlagSpec = { type: 'boolean', description: 'print exactly one JSON document on stdout' };
const helpFlag: FlagSpec = { type: 'boolean', description: 'show this help (also -h)' };
const GLOBAL_FLAGS = ['help', 'version'];

/** One line for stderr: the first line of the message, prefixed with the program name. */
function oneLine(prefix: string, message: string): string {
  return `${prefix}: ${message.split('\n')[0] ?? ''}\n`;
}

function isLazy(entry: CommandEntry): entry is LazyCommand {
  return 'load' in entry;
}

/** The command's definition, importing its module if needed. */
export async function loadCommand(entry: CommandEntry): Promise<CommandDefinition> {
  return isLazy(entry) ? entry.load() : entry;
}

/** The flags a command accepts, with the global `--json` and `--help`. */
export function commandFlagSpecs(command: CommandDefinition): Readonly<Record<string, FlagSpec>> {
  return { ...command.flags, json: jsonFlag, help: helpFlag };
}

function unknownCommand(name: string, commands: readonly CommandEntry[]): string {
  const names = commands.map((c) => c.name);
  if (name.startsWith('-')) {
    const guess = closestName(name.replace(/^-+/, ''), GLOBAL_FLAGS);
    return `unknown flag ${name}; ${guess !== undefined ? `did you mean --${guess}?` : 'run dpbounds --help for the commands and flags'}`;
  }
  const guess = closestName(name, names);
  return `unknown command ${JSON.stringify(name)}; ${guess !== undefined ? `did you mean ${guess}?` : `commands: ${names.join(', ')}`}`;
}

/**
 * Runs `dpbounds` with `argv` (without node and script) and returns the exit code.
 * `commands` defaults to the registered (lazily imported) commands; tests may pass loaded
 * definitions.
 *
 * @example await runCli(['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5', '--json'], io)
 */
export async function runCli(argv: readonly string[], io: CommandIo, commands: readonly CommandEntry[] = registeredCommands): Promise<number> {
  const [first, ...rest] = argv;
  const isHelp = (arg: string | undefined): boolean => arg === '--help' || arg === '-h';
  if (first === undefined || isHelp(first) || (first === 'help' && (rest.length === 0 || (rest.length === 1 && isHelp(rest[0]))))) {
    io.stdout(`${globalHelp(commands, helpWidth(io.stdoutColumns))}\n`);
    return 0;
  }
  const isVersion = (arg: string | undefined): boolean => arg === '--version' || arg === '-v' || arg === '-V';
  if (isVersion(first)) {
    if (rest.length > 0) {
      io.stderr(oneLine('dpbounds', `--version takes no other arguments; found ${JSON.stringify(rest[0])}`));
      return 2;
    }
    io.stdout(`${version}\n`);
    return 0;
  }
  const helpFor = first === 'help' ? rest[0] : undefined;
  // a sub-command is registered under its two words (`sweep merge`)
  const sub = rest[0] !== undefined ? commands.find((c) => c.name === `${helpFor !== undefined ? rest[0] : first} ${helpFor !== undefined ? (rest[1] ?? '') : rest[0]}`) : undefined;
  const name = sub?.name ?? helpFor ?? first;
  const entry = sub ?? commands.find((c) => c.name === name);
  const args = sub !== undefined && helpFor === undefined ? rest.slice(1) : rest;
  if (entry === undefined || (helpFor !== undefined && rest.length > (sub !== undefined ? 2 : 1))) {
    io.stderr(oneLine('dpbounds', entry === undefined ? unknownCommand(name, commands) : `help takes one command name; found ${rest.join(' ')}`));
    return 2;
  }
  // `dpbounds <command> --version` (alone after the command) prints the version, as `dpbounds --version` does
  if (helpFor === undefined && args.length === 1 && isVersion(args[0])) {
    io.stdout(`${version}\n`);
    return 0;
  }
  const command = await loadCommand(entry);
  if (helpFor !== undefined) {
    io.stdout(`${commandHelp(command, { json: jsonFlag, help: helpFlag }, helpWidth(io.stdoutColumns))}\n`);
    return 0;
  }
  let values: Readonly<Record<string, string | boolean | undefined>> = {};
  let stdin: StdinRun | undefined;
  try {
    values = parseArgv(args, commandFlagSpecs(command), `dpbounds ${command.name}`, command.positionals?.name);
    if (values.help === true) {
      io.stdout(`${commandHelp(command, { json: jsonFlag, help: helpFlag }, helpWidth(io.stdoutColumns))}\n`);
      return 0;
    }
    // a file flag given `-` reads standard input: spooled once, then read like the file it names
    // (the module is loaded only then: it imports the file streamer)
    if (Object.values(values).some((v) => typeof v === 'string' && v.split('\n').includes('-'))) {
      const { prepareStdin } = await import('./io/stdin-input.js');
      stdin = await prepareStdin(values, commandFlagSpecs(command), command.positionals, io.stdin);
    }
    const result = await command.run(stdin?.values ?? values, io);
    const write = (text: string): void => io.stdout(stdin?.output(text) ?? text);
    if (values.json === true) writeJsonOutput(result.json, write);
    else write(`${result.text}\n`);
    return 0;
  } catch (error) {
    const named = (text: string): string => stdin?.message(text) ?? text;
    if (error instanceof UsageError) {
      io.stderr(oneLine(`dpbounds ${command.name}`, named(error.message)));
      return 2;
    }
    const library = await libraryErrorMessage(error, command, values, isLazy(entry) ? (entry.parameterFlags ?? {}) : {});
    if (library !== undefined) {
      io.stderr(oneLine(`dpbounds ${command.name}`, named(library)));
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(oneLine(`dpbounds ${command.name}: internal error`, named(message)));
    if (process.env.DPBOUNDS_DEBUG === '1' && error instanceof Error && error.stack !== undefined) io.stderr(`${error.stack}\n`);
    return 1;
  } finally {
    await stdin?.remove();
  }
}

