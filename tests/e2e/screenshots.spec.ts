import path from 'node:path';
import { test, expect } from './support/cusp';
import { SCREENSHOT_DIR } from './support/paths';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const PAGES = [
  { name: 'landing', path: '/', heading: /Send the scan, not a screenshot/ },
  { name: 'legal', path: '/terms', heading: 'Terms of Service' },
  { name: 'not-found', path: '/no-such-page', heading: 'Oops! Page not found' },
] as const;

test.describe('screenshots', () => {
  for (const size of SIZES) {
    for (const p of PAGES) {
      test(`${p.name} at ${size.width}×${size.height}`, async ({ page }, testInfo) => {
        await page.setViewportSize(size);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.heading);
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(SCREENSHOT_DIR, `${p.name}-${size.width}x${size.height}.png`);
        const viewport = path.join(
          SCREENSHOT_DIR,
          `${p.name}-${size.width}x${size.height}-fold.png`,
        );
        await page.screenshot({ path: viewport, animations: 'disabled' });
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        await testInfo.attach(`${p.name}-${size.width}x${size.height}`, {
          path: file,
          contentType: 'image/png',
        });
      });
    }
  }
});
