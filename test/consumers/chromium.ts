import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`), or the binary CHROMIUM_PATH names: playwright-core drives it and never downloads one. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Whether the browser tests run: without a chromium they are skipped, except in CI, where `.ci/run` installs it (so a missing one fails). */
export const browserTestsRun = existsSync(CHROMIUM) || process.env['CI'] === 'true';

/** A headless chromium as the browser tests use it: no sandbox (containers), no background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-background-networking'] });
}
