/**
 * The `dpbounds` entry logic: global flags, command dispatch, `--json` vs table output, and the
 * exit codes of CLI.md (0 success; 2 invalid input, one line on stderr; 1 internal failure).
 */
import { parseArgs } from 'node:util';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { CommandDefinition, CommandIo, FlagSpec } from './command.js';
import { commands as registeredCommands } from './commands/registry.js';
import { UsageError } from './usage-error.js';
import { version } from './version.js';

const jsonFlag: FlagSpec = { type: 'boolean', description: 'print exactly one JSON document on stdout' };
const helpFlag: FlagSpec = { type: 'boolean', description: 'show this help' };

function globalHelp(commands: readonly CommandDefinition[]): string {
  const width = Math.max(0, ...commands.map((c) => c.name.length));
  return [
    'dpbounds: how private is a DP-SGD model, against which attacker, checked empirically.',
    '',
    'Usage: dpbounds <command> [flags]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Global flags: --help, --version; every command takes --json and --help.',
    'Run `dpbounds <command> --help` for a command\'s flags.',
  ].join('\n');
}

function commandHelp(command: CommandDefinition): string {
  const all: Record<string, FlagSpec> = { ...command.flags, json: jsonFlag, help: helpFlag };
  const rows = Object.entries(all).map(([name, spec]) => {
    const value = spec.type === 'string' ? ` ${spec.valueName ?? 'value'}` : '';
    const fallback = spec.defaultText !== undefined ? ` (default: ${spec.defaultText})` : '';
    return [`--${name}${value}`, `${spec.description}${fallback}`] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `Usage: dpbounds ${command.name} [flags]`,
    '',
    command.summary,
    '',
    command.description,
    '',
    'Flags:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(command.examples !== undefined && command.examples.length > 0 ? ['', 'Examples:', ...command.examples.map((e) => `  ${e}`)] : []),
  ].join('\n');
}

/**
 * `--flag -1` would be read by parseArgs as two options; a string flag followed by a negative
 * number is joined into `--flag=-1` so negative values work as users type them.
 */
function joinNegativeValues(args: readonly string[], command: CommandDefinition): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name !== undefined && command.flags[name]?.type === 'string' && next !== undefined && /^-(\d|\.\d|inf)/i.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** One line for stderr: the first line of the message, prefixed with the program name. */
function oneLine(prefix: string, message: string): string {
  return `${prefix}: ${message.split('\n')[0] ?? ''}\n`;
}

/**
 * Runs `dpbounds` with `argv` (without node and script) and returns the exit code.
 *
 * @example await runCli(['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5', '--json'], io)
 */
export async function runCli(
  argv: readonly string[],
  io: CommandIo,
  commands: readonly CommandDefinition[] = registeredCommands,
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(`${globalHelp(commands)}\n`);
    return 0;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${version}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === first);
  if (command === undefined) {
    io.stderr(oneLine('dpbounds', `unknown command ${JSON.stringify(first)}; commands: ${commands.map((c) => c.name).join(', ')}`));
    return 2;
  }
  let asJson = false;
  try {
    const options = Object.fromEntries(
      Object.entries({ ...command.flags, json: jsonFlag, help: helpFlag }).map(([name, spec]) => [name, { type: spec.type }]),
    );
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({ args: joinNegativeValues(rest, command), options, strict: true, allowPositionals: false, allowNegative: false });
    } catch (error) {
      throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
    }
    const values = parsed.values as Record<string, string | boolean | undefined>;
    if (values.help === true) {
      io.stdout(`${commandHelp(command)}\n`);
      return 0;
    }
    asJson = values.json === true;
    const result = await command.run(values, io);
    io.stdout(asJson ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || isDpboundsError(error)) {
      io.stderr(oneLine(`dpbounds ${command.name}`, error.message));
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(oneLine(`dpbounds ${command.name}: internal error`, message));
    if (process.env.DPBOUNDS_DEBUG === '1' && error instanceof Error && error.stack !== undefined) io.stderr(`${error.stack}\n`);
    return 1;
  }
}
