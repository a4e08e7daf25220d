/**
 * Launches Debian's chromium (installed by .ci/run with apt-get; never downloaded) through
 * playwright-core, with the flags that keep it off the network on this machine.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where chromium is: $CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`chromium not found at ${path}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return path;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
