// Makes the built CLI entry executable (tsc does not set the mode bit).
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/bin.js', import.meta.url), 0o755);
