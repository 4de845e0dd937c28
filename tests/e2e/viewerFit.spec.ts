import type { Page } from '@playwright/test';
import { expect } from './support/cusp';
import { test } from './support/smtpCusp';
import { createCase, registerTechnician, type ReviewCase } from './support/reviewCase';
import { shotPath, viewerCanvas } from './support/shots';

/**
 * The doctor's viewer on real screens (laptops, tablets in both orientations, phones), on a
 * doctor's link with the default panels: the 3D canvas is the topmost element on most of the
 * window, the models are framed inside that free part, and Approve and Comment are on screen and
 * not covered. Each size leaves a screenshot.
 */

const READY_TIMEOUT = 90_000;

const SIZES = [
  { width: 1280, height: 800, kind: 'laptop' },
  { width: 1366, height: 768, kind: 'laptop' },
  { width: 1440, height: 900, kind: 'laptop' },
  { width: 1920, height: 1080, kind: 'laptop' },
  { width: 820, height: 1180, kind: 'tablet' },
  { width: 1180, height: 820, kind: 'tablet' },
  { width: 390, height: 844, kind: 'phone' },
  { width: 360, height: 740, kind: 'phone' },
] as const;

/** Least share of the window where the canvas is the topmost element. */
const MIN_SHARE = { laptop: 0.6, tablet: 0.6, phone: 0.7 } as const;

/** Grid step of the samples, in CSS pixels. */
const STEP = 8;

interface Fit {
  /** Share of the window's sample points where the 3D canvas is topmost. */
  share: number;
  /** The models' framed box on screen (CSS px), from the canvas's `data-model-rect`. */
  model: { left: number; top: number; right: number; bottom: number };
  /** Share of the sample points inside the models' box where the canvas is topmost. */
  modelFree: number;
}

async function measureFit(page: Page): Promise<Fit> {
  return page.evaluate((step) => {
    const canvas = document.querySelector<HTMLCanvasElement>('.viewer__canvas canvas');
    if (!canvas) throw new Error('no viewer canvas');
    const w = window.innerWidth;
    const h = window.innerHeight;
    const free = (x: number, y: number) => document.elementFromPoint(x, y) === canvas;
    let all = 0;
    let onCanvas = 0;
    for (let y = step / 2; y < h; y += step) {
      for (let x = step / 2; x < w; x += step) {
        all++;
        if (free(x, y)) onCanvas++;
      }
    }
    const raw = canvas.dataset.modelRect?.split(',').map(Number);
    if (!raw || raw.length !== 4) throw new Error('the canvas has no data-model-rect');
    const box = canvas.getBoundingClientRect();
    const model = {
      left: box.left + raw[0]!,
      top: box.top + raw[1]!,
      right: box.left + raw[2]!,
      bottom: box.top + raw[3]!,
    };
    let inside = 0;
    let insideFree = 0;
    for (let y = model.top + 1; y < model.bottom; y += step / 2) {
      for (let x = model.left + 1; x < model.right; x += step / 2) {
        inside++;
        if (x >= 0 && y >= 0 && x < w && y < h && free(x, y)) insideFree++;
      }
    }
    return { share: onCanvas / all, model, modelFree: inside ? insideFree / inside : 0 };
  }, STEP);
}

/** The element is inside the window and is what a click at its middle reaches. */
async function expectReachable(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true }).first();
  await expect(button).toBeVisible();
  const ok = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inWindow =
      r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inWindow && !!top && (top === el || el.contains(top));
  });
  expect(ok, `${name} is inside the window and not covered`).toBe(true);
}

let caseOnce: Promise<ReviewCase> | null = null;

test.describe('the doctor viewer fits real screens', () => {
  for (const size of SIZES) {
    test(`${size.width}×${size.height}: the model has the screen, Approve and Comment in reach`, async ({
      page,
      cusp,
      smtp,
    }) => {
      test.setTimeout(240_000);
      caseOnce ??= registerTechnician(cusp, smtp, {
        name: 'Fiona Fit',
        email: 'fiona@fit-e2e.test',
        password: 'correct-otter-lamp-42',
      }).then((t) => createCase(cusp, t.token, 'Crown 16 on screens'));
      const c = await caseOnce;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(c.linkPath);
      const canvas = viewerCanvas(page);
      await expect(canvas).toHaveAttribute('data-viewer-ready', 'true', {
        timeout: READY_TIMEOUT,
      });
      await expect(canvas).toHaveAttribute('data-lod', 'full', { timeout: READY_TIMEOUT });
      await expect(canvas).toHaveAttribute('data-model-rect', /,/, { timeout: READY_TIMEOUT });
      // The tools and the conversation load after the first frame and take their places.
      await expect(
        page
          .getByRole('toolbar', { name: 'Viewer tools' })
          .or(page.getByRole('button', { name: 'Tools' })),
      ).toBeVisible({ timeout: READY_TIMEOUT });
      await page.waitForTimeout(300);
      const fit = await measureFit(page);
      await page.screenshot({ path: shotPath(`viewer-fit-${size.width}x${size.height}.png`) });
      console.log(
        `viewer fit ${size.width}×${size.height}: canvas ${(fit.share * 100).toFixed(1)} % of the window, ` +
          `model box ${(fit.modelFree * 100).toFixed(1)} % free`,
      );
      expect(fit.share, 'share of the window where the canvas is topmost').toBeGreaterThanOrEqual(
        MIN_SHARE[size.kind],
      );
      expect(fit.modelFree, 'share of the models’ box clear of panels').toBeGreaterThanOrEqual(
        0.97,
      );
      await expectReachable(page, 'Approve');
      await expectReachable(page, 'Comment');
    });
  }
});
