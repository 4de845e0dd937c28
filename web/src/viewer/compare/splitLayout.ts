/**
 * Where the two halves of the side-by-side compare are drawn: older | newer next to each other,
 * or older above newer on a narrow (phone) view, inside the part of the canvas the floating
 * panels leave free. Rectangles in CSS pixels from the canvas's top-left corner. Pure.
 */

/** Below this canvas width the halves are stacked. */
export const STACK_BELOW_PX = 640;
/** Panels that would leave less than this are ignored (an expanded phone panel covers all). */
const MIN_HALF_PX = 160;

export interface SplitRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SplitLayout {
  stacked: boolean;
  older: SplitRect;
  newer: SplitRect;
}

/** Space taken by panels over the canvas's edges, CSS pixels. */
export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const NO_INSETS: Insets = { left: 0, right: 0, top: 0, bottom: 0 };

/** Canvas-relative boxes of the panels over it → the insets they take along each edge. */
export function insetsOf(width: number, height: number, panels: readonly SplitRect[]): Insets {
  const stacked = width < STACK_BELOW_PX;
  const out = { ...NO_INSETS };
  for (const p of panels) {
    if (p.width <= 0 || p.height <= 0) continue;
    if (stacked) {
      // Phone: panel buttons along the top, the quick review sheet along the bottom.
      if (p.y + p.height / 2 < height / 2) out.top = Math.max(out.top, p.y + p.height);
      else out.bottom = Math.max(out.bottom, height - p.y);
    } else if (p.x + p.width / 2 < width / 2) out.left = Math.max(out.left, p.x + p.width);
    else out.right = Math.max(out.right, width - p.x);
  }
  if (width - out.left - out.right < 2 * MIN_HALF_PX) [out.left, out.right] = [0, 0];
  if (height - out.top - out.bottom < 2 * MIN_HALF_PX) [out.top, out.bottom] = [0, 0];
  return out;
}

export function splitLayout(
  width: number,
  height: number,
  insets: Insets = NO_INSETS,
): SplitLayout {
  const x = Math.round(insets.left);
  const y = Math.round(insets.top);
  const w = Math.max(1, Math.round(width - insets.left - insets.right));
  const h = Math.max(2, Math.round(height - insets.top - insets.bottom));
  if (width < STACK_BELOW_PX) {
    const top = Math.floor(h / 2);
    return {
      stacked: true,
      older: { x, y, width: w, height: top },
      newer: { x, y: y + top, width: w, height: h - top },
    };
  }
  const left = Math.floor(w / 2);
  return {
    stacked: false,
    older: { x, y, width: left, height: h },
    newer: { x: x + left, y, width: w - left, height: h },
  };
}

/** The half a point (CSS pixels from the canvas's top-left corner) falls in; null: neither. */
export function halfAt(layout: SplitLayout, px: number, py: number): 'older' | 'newer' | null {
  const inside = (r: SplitRect) =>
    px >= r.x && px < r.x + r.width && py >= r.y && py < r.y + r.height;
  return inside(layout.older) ? 'older' : inside(layout.newer) ? 'newer' : null;
}

export function sameLayout(a: SplitLayout | null, b: SplitLayout): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Vertical field of view (degrees) for one half: widened so the half shows as much across as the
 * whole free area did with `fov` (a half is narrower than the view the camera was framed for),
 * never narrowed.
 */
export function halfFov(fov: number, layout: SplitLayout, half: SplitRect): number {
  const { older, newer } = layout;
  const width = layout.stacked ? older.width : older.width + newer.width;
  const height = layout.stacked ? older.height + newer.height : older.height;
  const k = Math.max(1, width / height / (half.width / half.height));
  return (2 * Math.atan(Math.tan((fov * Math.PI) / 360) * k) * 180) / Math.PI;
}
