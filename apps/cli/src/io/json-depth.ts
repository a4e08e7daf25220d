/**
 * A nesting-depth limit for every JSON the CLI reads, checked by a cheap character scan before
 * `JSON.parse`: a document of 100 000 nested `[` parses, but walking it afterwards (printing,
 * validating, converting) overflows the call stack. No input the CLI reads needs more than a
 * few levels; {@link MAX_JSON_DEPTH} leaves ample room.
 */
import { UsageError } from '../usage-error.js';

/** The deepest nesting of arrays and objects accepted in a JSON input. */
export const MAX_JSON_DEPTH = 64;

/**
 * An incremental scan of JSON text for its nesting depth (brackets inside strings ignored), so a
 * streamed document is refused at the first byte past the limit.
 *
 * @example const scan = new JsonDepthScanner('a.json'); scan.push('[[1]]'); // ok
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** `path` names the file (and `where`, e.g. "line 3: ", the place) in the refusal. */
  constructor(
    private readonly path: string,
    private readonly maxDepth: number = MAX_JSON_DEPTH,
  ) {}

  /**
   * Scans the next piece of text.
   *
   * @throws UsageError naming the file when the nesting passes the limit.
   */
  push(text: string, where = ''): void {
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x5b || c === 0x7b) {
        depth++;
        if (depth > this.maxDepth) {
          throw new UsageError(`${this.path}: ${where}JSON nested more than ${this.maxDepth} levels deep (arrays and objects); no input of this command needs more than a few`);
        }
      } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
  }
}

/**
 * Checks one whole JSON text's nesting depth before it is parsed (see {@link JsonDepthScanner}).
 *
 * @throws UsageError naming the file (and `where`, e.g. "line 3: ") when too deep.
 * @example requireJsonDepth('a.json', '[[1, 2]]') // passes
 */
export function requireJsonDepth(path: string, text: string, where = ''): void {
  new JsonDepthScanner(path).push(text, where);
}

/**
 * A `.catch` handler that puts the flag a file came from in front of a UsageError's message (once).
 *
 * @example await readMatrix(path, io).catch(prefixFlag('--gradients'))
 */
export function prefixFlag(flag: string): (error: unknown) => never {
  return (error: unknown): never => {
    if (error instanceof UsageError && !error.message.startsWith(flag)) throw new UsageError(`${flag} ${error.message}`);
    throw error;
  };
}
