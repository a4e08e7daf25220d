/**
 * Invalid command-line input (unknown or missing flag, value out of range, unreadable or
 * malformed file). The CLI prints its message as one line on stderr and exits with code 2.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
