import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const CHROMIUM_HELP =
  'No Chromium found for the browser tests. Install one of:\n' +
  '  apt-get install -y chromium          (Debian/Ubuntu, gives /usr/bin/chromium)\n' +
  '  npx playwright install chromium      (Playwright-managed build)\n' +
  'or point CHROMIUM_PATH at a Chromium/Chrome executable.';

/**
 * The browser for the e2e suite, in this order: $CHROMIUM_PATH, /usr/bin/chromium, a Chromium
 * installed by Playwright. Throws with install instructions when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.\n${CHROMIUM_HELP}`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  let managed: string | undefined;
  try {
    managed = chromium.executablePath();
  } catch {
    managed = undefined;
  }
  if (managed && existsSync(managed)) return managed;
  throw new Error(CHROMIUM_HELP);
}
