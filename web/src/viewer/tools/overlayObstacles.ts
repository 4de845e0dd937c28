/**
 * What the canvas's own drawings keep clear of: the panels over it. The tools' panels mark
 * themselves with `data-label-obstacle`; the viewer's side panels are `.vpanel`.
 */
import type { Rect } from './labelLayout';

export const OBSTACLES = '[data-label-obstacle], .vpanel';

/** The panels' boxes relative to `origin` (page px), empty ones left out. */
export function obstacleRects(origin: DOMRect): Rect[] {
  const out: Rect[] = [];
  for (const el of document.querySelectorAll(OBSTACLES)) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      out.push({ x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height });
    }
  }
  return out;
}
