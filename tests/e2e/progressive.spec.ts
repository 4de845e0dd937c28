import type { Page, Route } from '@playwright/test';
import { test, expect } from './support/cusp';
import type { Rgba } from './support/png';
import { technician } from './support/projects';
import { createCase } from './support/reviewCase';
import { shotPath, viewerCanvas, viewportMiddle } from './support/shots';
import { showPanel } from './support/viewerPanels';

/**
 * Progressive models: a model over 50k triangles is drawn from its coarse level first
 * and refined in place when the full level lands; the tools that need exact geometry wait for it.
 * The full level's download is held here so the coarse state can be looked at.
 */

const READY_TIMEOUT = 90_000;

/** Bounding box of the lit (model) pixels. */
function litBox(img: Rgba, threshold = 110) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (
        img.data[i]! > threshold ||
        img.data[i + 1]! > threshold ||
        img.data[i + 2]! > threshold
      ) {
        n++;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  return { x0, y0, x1, y1, n };
}

/** A frame has been drawn after the last change (the canvas re-renders on demand). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 600))),
      ),
  );
}

test.describe('progressive models', () => {
  test('the arch shows coarse first, tools wait ("Refining…"), then the full level replaces it in place', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(240_000);
    const { token } = await technician(cusp, 'lod@lod-e2e.test', 'Lola Lod');
    const { linkPath: viewerPath } = await createCase(cusp, token, 'Progressive arch', {
      laboratoryName: 'Coarse Lab',
    });

    // Coarse levels and small models go through; the arch's full level waits for the test.
    const asked: string[] = [];
    let heldFull: Route | undefined;
    await page.route('**/api/public/projects/*/view/**', (route) => {
      const url = new URL(route.request().url());
      asked.push(`${url.pathname.split('/').pop()}${url.search}`);
      if (!url.searchParams.has('lod') && !heldFull && asked.length > 2) heldFull = route;
      else void route.continue();
    });

    await page.goto(viewerPath);
    const canvas = viewerCanvas(page);
    await expect(canvas).toHaveAttribute('data-viewer-ready', 'true', { timeout: READY_TIMEOUT });
    await expect(canvas).toHaveAttribute('data-lod', 'coarse');
    await expect.poll(() => heldFull !== undefined, { timeout: 30_000 }).toBe(true);
    // The coarse level and the crown first, the arch's full level after them.
    expect(asked).toHaveLength(3);
    expect(asked.slice(0, 2).filter((a) => a.endsWith('?lod=coarse'))).toHaveLength(1);
    expect(asked[2]).toBe(asked.find((a) => a.endsWith('?lod=coarse'))!.replace('?lod=coarse', ''));

    const refining = page.getByTestId('refining');
    await expect(refining).toHaveText('Refining…');
    // The tools load after the first frame; measure and section stay off until the full level.
    const measure = page.getByTestId('tool-measure');
    await expect(measure).toBeDisabled({ timeout: 30_000 });
    await expect(page.getByTestId('tool-section')).toBeDisabled();
    await page.keyboard.press('m');
    await expect(measure).toHaveAttribute('aria-pressed', 'false');
    // Pins are placed on the full level too (Add pin is in the conversation).
    await showPanel(page, 'Conversation');
    const addPin = page.getByRole('button', { name: 'Add pin' });
    await expect(addPin).toBeDisabled();
    await settle(page);
    await page.screenshot({ path: shotPath('progressive-coarse-page.png') });
    const coarse = await viewportMiddle(page, 'progressive-coarse.png');

    await heldFull!.continue();
    await expect(canvas).toHaveAttribute('data-lod', 'full', { timeout: READY_TIMEOUT });
    await expect(refining).toHaveCount(0);
    await expect(measure).toBeEnabled();
    await expect(addPin).toBeEnabled();
    await settle(page);
    const full = await viewportMiddle(page, 'progressive-full.png');

    // Same camera, same shape: the silhouette's box moves by at most a few pixels.
    const a = litBox(coarse);
    const b = litBox(full);
    console.log(`lit box coarse ${JSON.stringify(a)} full ${JSON.stringify(b)}`);
    expect(a.n).toBeGreaterThan(5_000);
    for (const k of ['x0', 'y0', 'x1', 'y1'] as const)
      expect(Math.abs(a[k] - b[k])).toBeLessThanOrEqual(4);
    expect(Math.abs(a.n - b.n) / b.n).toBeLessThan(0.1);

    await page.keyboard.press('m');
    await expect(measure).toHaveAttribute('aria-pressed', 'true');
  });
});
