/** The CLI's version, read from its own package.json (one directory above `src/` and `dist/`). */
import { readFileSync } from 'node:fs';

/** The `@dpbounds/cli` version string. */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
