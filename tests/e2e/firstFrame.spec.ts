import type { Page, Route } from '@playwright/test';
import { test, expect } from './support/cusp';
import type { Rgba } from './support/png';
import { technician } from './support/projects';
import { createCase } from './support/reviewCase';
import { viewerCanvas, viewportMiddle } from './support/shots';

/**
 * The first frame before the app: on a public link the page's first script draws the
 * models into the page's own canvas before the app's code is even asked for — held here, so the
 * frame can only have come from that script — and the viewer, once it has drawn, takes over with
 * the same picture.
 */

const READY_TIMEOUT = 90_000;

/**
 * The models' silhouette (pixels that are not the backdrop: the backdrop is blue-grey, blue well
 * above red; the models' material is warm, in light or in shade) and how many of their pixels are
 * lit (brighter than the backdrop ever is).
 */
function modelPixels(img: Rgba): { box: [number, number, number, number]; n: number } {
  let [x0, y0, x1, y1, n] = [Infinity, Infinity, -Infinity, -Infinity, 0];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (Math.max(r, g, b) > 90) n++;
      if (b - r >= 16) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  return { box: [x0, y0, x1, y1], n };
}

/** Share of pixels whose colour differs by more than `tolerance` in some channel. */
function differing(a: Rgba, b: Rgba, tolerance: number): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i]! - b.data[i]!),
      Math.abs(a.data[i + 1]! - b.data[i + 1]!),
      Math.abs(a.data[i + 2]! - b.data[i + 2]!),
    );
    if (d > tolerance) n++;
  }
  return n / (a.data.length / 4);
}

const firstFrameMark = (page: Page) =>
  page.evaluate(
    () => performance.getEntriesByName('cusp:viewer:first-frame')[0]?.startTime ?? null,
  );

test.describe('first frame before the app', () => {
  test("the page's first script draws the models before the app's code has loaded; the viewer takes over without a jump", async ({
    page,
    cusp,
  }) => {
    test.setTimeout(240_000);
    const { token } = await technician(cusp, 'first@first-frame.test', 'Frida First');
    const { linkPath } = await createCase(cusp, token, 'First frame case');

    // The app's entry and the viewer's code are held: nothing of React, three.js or R3F can draw.
    const heldCode: Route[] = [];
    await page.route('**/assets/ViewerPage-*.js', (route) => void heldCode.push(route));
    await page.route('**/assets/index-*.js', (route) => void heldCode.push(route));
    // The room light the viewer adds after its first frame is held, and the arch's full level:
    // the viewer's first frame is compared, at the same (coarse) level.
    const heldRoom: Route[] = [];
    await page.route('**/assets/RoomLight-*.js', (route) => void heldRoom.push(route));
    const coarse = new Map<string, number>();
    const heldFull: Route[] = [];
    let holdFull = true;
    await page.route('**/api/public/projects/*/view/**', (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('lod') === 'coarse')
        coarse.set(url.pathname, (coarse.get(url.pathname) ?? 0) + 1);
      if (holdFull && !url.searchParams.has('lod') && coarse.has(url.pathname))
        heldFull.push(route);
      else void route.continue();
    });

    // The style sheet that sizes the canvas arrives after the early script has run: the frame is
    // drawn at the canvas's real size all the same (it waits for the sheet), not at 300 × 150.
    await page.route('**/assets/index-*.css', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });

    // The first script is inline in the page, allowed by its hash: no policy refuses anything.
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(linkPath);
    await expect.poll(() => firstFrameMark(page), { timeout: READY_TIMEOUT }).not.toBeNull();
    // The app is asked for once the frame is on screen.
    await expect.poll(() => heldCode.length, { timeout: READY_TIMEOUT }).toBeGreaterThan(0);
    await expect(page.locator('#cusp-first-frame')).toHaveCount(1);
    await expect(page.locator('.viewer__canvas')).toHaveCount(0);
    const early = await viewportMiddle(page, 'first-frame-early.png');
    const before = modelPixels(early);
    expect(before.n).toBeGreaterThan(5_000);

    // The entry first, then the viewer's chunk it asks for.
    await page.unroute('**/assets/ViewerPage-*.js');
    await page.unroute('**/assets/index-*.js');
    for (const r of heldCode.splice(0)) await r.continue();
    await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
      timeout: READY_TIMEOUT,
    });
    // Gone once the viewer has drawn; the first-frame mark stays the early script's.
    await expect(page.locator('#cusp-first-frame')).toHaveCount(0);
    await expect(viewerCanvas(page)).toHaveAttribute('data-lod', 'coarse');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const viewer = await viewportMiddle(page, 'first-frame-viewer.png');
    const after = modelPixels(viewer);
    const changed = differing(early, viewer, 48);
    console.log(
      `first frame: early ${JSON.stringify(before)} viewer ${JSON.stringify(after)}; ` +
        `${(changed * 100).toFixed(2)} % of pixels differ by more than 48 levels`,
    );
    // Same camera, same shape: the silhouette moves by at most a few pixels, the shading is close.
    for (let k = 0; k < 4; k++)
      expect(Math.abs(before.box[k]! - after.box[k]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(before.n - after.n) / after.n).toBeLessThan(0.02);
    expect(changed).toBeLessThan(0.01);

    // The viewer is the viewer: the full level still replaces the coarse one.
    holdFull = false;
    for (const r of heldRoom.splice(0)) await r.continue();
    for (const r of heldFull.splice(0)) await r.continue();
    await expect(viewerCanvas(page)).toHaveAttribute('data-lod', 'full', {
      timeout: READY_TIMEOUT,
    });
    // Each coarse level downloaded once: the page's preload, taken by the first script, whose
    // decoded model the app's own copy of that code takes over.
    expect(coarse.size).toBeGreaterThan(0);
    expect([...coarse.values()].every((n) => n === 1)).toBe(true);
    expect(refused).toEqual([]);
  });
});
