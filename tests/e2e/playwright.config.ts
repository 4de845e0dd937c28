import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';
import { RESULTS_DIR } from './support/paths';

const executablePath = findChromium();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: RESULTS_DIR,
  globalSetup: './support/globalSetup.ts',
  // Each worker starts its own Cusp server; two cores fit one or two of them.
  workers: Number(process.env.E2E_WORKERS ?? 1) === 2 ? 2 : 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_ARGS],
    },
  },
});
