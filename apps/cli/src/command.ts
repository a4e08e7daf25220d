/**
 * The shape of a `dpbounds` command: its flags, and a `run` that returns both the JSON document
 * (printed with `--json`) and the readable text (printed otherwise). Commands never print
 * directly and never exit; `main.ts` does, so every command is testable in-process.
 */
import type { ParsedFlags } from './flags.js';

/** Where a command writes; tests capture it, `bin.ts` wires it to the process. */
export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is a terminal: only then do long commands draw a progress bar. */
  readonly stderrIsTTY: boolean;
  /** Columns of the terminal stdout is, when it is one: `--help` is wrapped to it (else to 100 columns). */
  readonly stdoutColumns?: number;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  /** Asks a yes/no question (overwrite confirmations); absent when there is no terminal. */
  readonly confirm?: (question: string) => Promise<boolean>;
  /**
   * Standard input, for a file flag given `-` (read once, by the CLI before the command runs);
   * absent when there is none to read (a terminal).
   */
  readonly stdin?: AsyncIterable<Uint8Array | string>;
}

/** One long option, written `--name value` (or `--name` alone for a boolean). */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly description: string;
  /** Placeholder shown in help, e.g. `q` for `--sampling-rate q`. */
  readonly valueName?: string;
  /** Default shown in help (the command applies it). */
  readonly defaultText?: string;
}

/** What a command produced. */
export interface CommandResult {
  /** The one JSON document printed with `--json` (camelCase fields, no NaN). */
  readonly json: unknown;
  /** The readable table printed without `--json`. */
  readonly text: string;
}

/** A `dpbounds` sub-command. */
export interface CommandDefinition {
  readonly name: string;
  /** One line for `dpbounds --help`. */
  readonly summary: string;
  /** Paragraphs for `dpbounds <name> --help`. */
  readonly description: string;
  readonly flags: Readonly<Record<string, FlagSpec>>;
  /**
   * Bare arguments the command takes (`dpbounds sweep merge A.jsonl B.jsonl`), handed to `run`
   * as the flag `name`, one argument per line; without it a bare argument is an error.
   */
  readonly positionals?: { readonly name: string; readonly valueName: string; readonly description: string };
  readonly examples?: readonly string[];
  readonly run: (flags: ParsedFlags, io: CommandIo) => Promise<CommandResult> | CommandResult;
}

/**
 * A registered command whose module is imported only when it runs (or its help is shown), so
 * `dpbounds --help`, `--version` and each command load only what they need.
 */
export interface LazyCommand {
  readonly name: string;
  /** One line for `dpbounds --help` (equal to the loaded definition's `summary`). */
  readonly summary: string;
  /** Imports the command's module. */
  readonly load: () => Promise<CommandDefinition>;
  /**
   * Library parameter names (as `DpboundsRangeError.parameter` spells them) mapped to the flag
   * that sets them, so an error from a package names the user's flag. Parameters whose
   * kebab-case is a flag of the command need no entry; a quantity computed from several flags
   * (`sensitivity / scale`) maps to them all, comma-separated (`'sensitivity,scale'`).
   */
  readonly parameterFlags?: Readonly<Record<string, string>>;
}

/** What `runCli` dispatches on: a loaded definition (tests) or a lazy registry entry. */
export type CommandEntry = CommandDefinition | LazyCommand;
