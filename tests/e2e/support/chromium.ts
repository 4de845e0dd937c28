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

/**
 * Chromium features that load the omnibox popup (a WebUI renderer) in every new browser window:
 * about 1 s of CPU per fresh context on a 2-core machine, in the middle of whatever the test or
 * benchmark measures (a Chrome trace shows it as "WebUI Top Renderer chrome://omnibox-popup").
 * A doctor's link opens in a browser whose window already exists.
 */
const OMNIBOX_WEBUI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/** Launch arguments of every headless Chromium the tests and benchmarks start. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
  `--disable-features=${OMNIBOX_WEBUI_FEATURES.join(',')}`,
];
