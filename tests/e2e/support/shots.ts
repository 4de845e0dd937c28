/** Screenshots the journeys keep (under SCREENSHOT_DIR) and read back as pixels. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths';
import { decodePng, type Rgba } from './png';

/** Where a kept screenshot called `name` goes. */
export function shotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}

/** A part of the viewport, as fractions of its width and height. */
export interface ViewportArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The middle, clear of the side panels and the toolbar. */
const MIDDLE: ViewportArea = { x: 0.3, y: 0.2, width: 0.4, height: 0.55 };

/** A part of the viewport (its middle unless told), read back as pixels (kept when named). */
export async function viewportMiddle(
  page: Page,
  name?: string,
  area: ViewportArea = MIDDLE,
): Promise<Rgba> {
  const vp = page.viewportSize()!;
  const clip = {
    x: Math.round(vp.width * area.x),
    y: Math.round(vp.height * area.y),
    width: Math.round(vp.width * area.width),
    height: Math.round(vp.height * area.height),
  };
  return decodePng(await page.screenshot({ clip, ...(name ? { path: shotPath(name) } : {}) }));
}

/**
 * The interactive viewer's canvas — not the first frame's, which the early script draws before
 * the app and which is on the page until the viewer has drawn (web/src/viewer/boot/firstFrame.ts).
 */
export function viewerCanvas(page: Page): Locator {
  return page.locator('.viewer__canvas canvas');
}
