/**
 * Compare side by side: v1 | v2 of a crown drawn in one canvas with one camera. Both halves show
 * a model (pixels), an orbit dragged on one half turns both, nothing is drawn while nothing
 * moves, and a phone stacks v1 above v2.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { meshFixtures } from '../support/fixturePaths';
import { test as base, expect, type CuspServer } from './support/cusp';
import { decodePng } from './support/png';
import { addVersion, createProject, technician, type Technician } from './support/projects';
import { shotPath, viewerCanvas } from './support/shots';

const CROWN_V2 = path.join(meshFixtures, 'molar-crown-fdi16-v2.stl');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Brightness (0–255) of each pixel of a part of the page. */
async function brightness(page: Page, clip: Box): Promise<Uint8Array> {
  const img = decodePng(await page.screenshot({ clip }));
  const out = new Uint8Array(img.width * img.height);
  for (let i = 0; i < out.length; i++) {
    out[i] = (img.data[i * 4]! + img.data[i * 4 + 1]! + img.data[i * 4 + 2]!) / 3;
  }
  return out;
}

/** Pixels of a model (lit enamel / gypsum), far brighter than the dark blue background. */
const modelPixels = (b: Uint8Array) => b.filter((v) => v > 110).length;

/** Share of pixels whose brightness changed noticeably. */
function changed(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) n++;
  return n / a.length;
}

/** The two halves as drawn (their label boxes), below the labels. */
async function halves(page: Page): Promise<{ older: Box; newer: Box }> {
  const half = async (label: string): Promise<Box> => {
    const el = page.getByTestId(label);
    const b = (await el.locator('..').boundingBox())!;
    const l = (await el.boundingBox())!;
    const top = Math.ceil(l.y + l.height + 4);
    return { x: b.x + 4, y: top, width: b.width - 8, height: b.y + b.height - top - 4 };
  };
  return { older: await half('side-by-side-older'), newer: await half('side-by-side-newer') };
}

/** Counts WebGL draw calls from the page's first script on (window.__draws). */
async function countDraws(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __draws: number };
    w.__draws = 0;
    for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
      for (const name of ['drawElements', 'drawArrays'] as const) {
        const original = proto[name] as (...a: unknown[]) => void;
        (proto as unknown as Record<string, unknown>)[name] = function (
          this: unknown,
          ...a: unknown[]
        ) {
          w.__draws++;
          return original.apply(this, a);
        };
      }
    }
  });
}
const draws = (page: Page) =>
  page.evaluate(() => (window as unknown as { __draws: number }).__draws);

async function openWithTwoVersions(
  cusp: CuspServer,
  tech: Technician,
  name: string,
): Promise<string> {
  const { projectId, publicLink } = await createProject(cusp, {
    token: tech.token,
    name,
    models: ['Crown 16', 'Antagonist'],
  });
  await addVersion(cusp, tech.token, projectId, {
    note: 'Buccal contour of 16 moved out by 0.1 mm',
    keep: ['Antagonist'],
    files: [{ path: CROWN_V2, name: 'Crown 16' }],
  });
  return new URL(publicLink).pathname;
}

const test = base.extend<object, { cusp: CuspServer; tech: Technician }>({
  tech: [
    async ({ cusp }, use) => {
      await use(await technician(cusp, `sid.${Date.now()}@sidebyside.test`, 'Sid Technician'));
    },
    { scope: 'worker' },
  ],
});

test.describe('compare side by side', () => {
  test('v1 | v2 with one camera: both halves drawn, an orbit turns both, idle when still', async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(180_000);
    await countDraws(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(await openWithTwoVersions(cusp, tech, 'Crown 16 side by side'));
    const canvas = viewerCanvas(page);
    await expect(canvas).toHaveAttribute('data-viewer-ready', 'true', { timeout: 60_000 });
    const info = page.getByRole('region', { name: 'Project Info' });

    // Keyboard: Tab to the toggle, Enter turns it on.
    const toggle = info.getByRole('button', { name: 'Side by side' });
    // The compare panel is loaded after the first frame.
    await expect(toggle).toHaveAttribute('aria-pressed', 'false', { timeout: 60_000 });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('side-by-side-older')).toHaveText('v1');
    await expect(page.getByTestId('side-by-side-newer')).toHaveText('v2');
    await expect(info.getByTestId('side-by-side-note')).toContainText(
      'Pins, measurements, the section and the view cube belong to a single view',
    );
    const older = page.getByTestId('side-by-side-older');
    const newer = page.getByTestId('side-by-side-newer');
    const [o, n] = [(await older.boundingBox())!, (await newer.boundingBox())!];
    expect(n.x).toBeGreaterThan(o.x + 200); // next to each other
    expect(Math.abs(n.y - o.y)).toBeLessThan(2);
    await page.waitForTimeout(800);
    await page.screenshot({ path: shotPath('compare-side-by-side-1280.png') });

    const box = await halves(page);
    const before = {
      older: await brightness(page, box.older),
      newer: await brightness(page, box.newer),
    };
    expect(modelPixels(before.older), 'v1 half drawn').toBeGreaterThan(2000);
    expect(modelPixels(before.newer), 'v2 half drawn').toBeGreaterThan(2000);

    // Nothing moves: nothing is drawn.
    const still = await draws(page);
    await page.waitForTimeout(1500);
    expect(await draws(page)).toBe(still);

    // Orbit by dragging on the newer half: the older half turns too.
    const from = { x: box.newer.x + box.newer.width / 2, y: box.newer.y + box.newer.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 160, from.y + 40, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(1200);
    const after = {
      older: await brightness(page, box.older),
      newer: await brightness(page, box.newer),
    };
    expect(changed(before.newer, after.newer), 'v2 half turned').toBeGreaterThan(0.01);
    expect(changed(before.older, after.older), 'v1 half turned').toBeGreaterThan(0.01);

    // With the deviation map on, the newer half is coloured and the older one stays plain.
    await info.getByRole('button', { name: 'Show deviation map' }).click();
    await expect(page.getByTestId('deviation-legend')).toBeVisible({ timeout: 60_000 });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(800);
    await page.screenshot({ path: shotPath('compare-side-by-side-deviation-1280.png') });

    // Off again: one view, labels gone.
    await toggle.click();
    // The compare panel is loaded after the first frame.
    await expect(toggle).toHaveAttribute('aria-pressed', 'false', { timeout: 60_000 });
    await expect(page.getByTestId('side-by-side')).toHaveCount(0);
  });

  test('a phone stacks v1 above v2', async ({ page, cusp, tech }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await openWithTwoVersions(cusp, tech, 'Crown 16 stacked'));
    const canvas = viewerCanvas(page);
    await expect(canvas).toHaveAttribute('data-viewer-ready', 'true', { timeout: 60_000 });
    // The Info sheet holds the compare tools; closed, the model has the screen.
    const fold = page.getByRole('button', { name: 'Info', exact: true });
    await fold.click();
    const toggle = page.getByRole('button', { name: 'Side by side' });
    await toggle.click({ timeout: 60_000 });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
    await fold.click();
    await expect(toggle).toBeHidden();
    const o = (await page.getByTestId('side-by-side-older').boundingBox())!;
    const n = (await page.getByTestId('side-by-side-newer').boundingBox())!;
    expect(n.y).toBeGreaterThan(o.y + 150); // one above the other
    expect(Math.abs(n.x - o.x)).toBeLessThan(2);
    await page.waitForTimeout(800);
    await page.screenshot({ path: shotPath('compare-side-by-side-390.png') });
    const box = await halves(page);
    expect(modelPixels(await brightness(page, box.older)), 'v1 half drawn').toBeGreaterThan(1000);
    expect(modelPixels(await brightness(page, box.newer)), 'v2 half drawn').toBeGreaterThan(1000);
  });
});
