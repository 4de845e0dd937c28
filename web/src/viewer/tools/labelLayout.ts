/**
 * Screen placement of the measurement labels: each label wants to sit centred on its anchor; when
 * that spot collides with a label already placed or with a panel over the canvas, it is moved to
 * the nearest free spot around the anchor (a leader line then leads back). Pure: screen pixels in,
 * placements out.
 */

/** A rectangle in screen pixels: left, top, width, height. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LabelRequest {
  id: string;
  /** Where the label belongs (its measurement's point), screen pixels. */
  anchorX: number;
  anchorY: number;
  w: number;
  h: number;
}

export interface LabelPlacement {
  id: string;
  /** The label's box. */
  rect: Rect;
  /** False when it sits on its anchor; true when moved away (draw a leader line). */
  moved: boolean;
}

/** Space kept between two labels (px). */
const GAP = 4;
/** How far from the anchor a moved label starts (px): clear of the point marker. */
const CLEAR = 10;
/** Rings of candidate spots tried around the anchor. */
const RINGS = 8;

export function intersects(a: Rect, b: Rect, gap = 0): boolean {
  return (
    a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap
  );
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Candidate boxes for one label, nearest first: on the anchor, then rings around it. */
function candidates(l: LabelRequest): Rect[] {
  const cx = l.anchorX - l.w / 2;
  const cy = l.anchorY - l.h / 2;
  const out: Rect[] = [{ x: cx, y: cy, w: l.w, h: l.h }];
  for (let k = 0; k < RINGS; k++) {
    const dy = CLEAR + k * (l.h + GAP);
    const dx = CLEAR + k * (l.h + GAP);
    const above = l.anchorY - dy - l.h;
    const below = l.anchorY + dy;
    const right = l.anchorX + dx;
    const left = l.anchorX - dx - l.w;
    out.push(
      { x: cx, y: above, w: l.w, h: l.h },
      { x: cx, y: below, w: l.w, h: l.h },
      { x: right, y: cy, w: l.w, h: l.h },
      { x: left, y: cy, w: l.w, h: l.h },
      { x: right, y: above, w: l.w, h: l.h },
      { x: left, y: above, w: l.w, h: l.h },
      { x: right, y: below, w: l.w, h: l.h },
      { x: left, y: below, w: l.w, h: l.h },
    );
  }
  return out;
}

const inside = (r: Rect, b: Rect) =>
  r.x >= b.x && r.y >= b.y && r.x + r.w <= b.x + b.w && r.y + r.h <= b.y + b.h;

/**
 * Places the labels in order (earlier ones keep their spot): the first candidate inside `bounds`
 * that touches neither a placed label (with a small gap) nor an obstacle; when none is free, the
 * one that overlaps least.
 */
export function placeLabels(
  labels: readonly LabelRequest[],
  obstacles: readonly Rect[],
  bounds: Rect,
): LabelPlacement[] {
  const placed: LabelPlacement[] = [];
  for (const l of labels) {
    const options = candidates(l);
    let best: Rect | null = null;
    let bestCost = Infinity;
    for (const r of options) {
      const blocked =
        placed.some((p) => intersects(r, p.rect, GAP)) || obstacles.some((o) => intersects(r, o));
      if (!blocked && inside(r, bounds)) {
        best = r;
        break;
      }
      let cost = 0;
      for (const p of placed) cost += overlapArea(r, p.rect) * 4;
      for (const o of obstacles) cost += overlapArea(r, o) * 2;
      if (!inside(r, bounds)) cost += l.w * l.h;
      if (cost < bestCost) {
        bestCost = cost;
        best = r;
      }
    }
    const rect = best ?? options[0]!;
    placed.push({ id: l.id, rect, moved: rect !== options[0] });
  }
  return placed;
}

/** The point of `r`'s border nearest to (x, y): where a leader line from the anchor ends. */
export function leaderEnd(r: Rect, x: number, y: number): [number, number] {
  return [Math.min(Math.max(x, r.x), r.x + r.w), Math.min(Math.max(y, r.y), r.y + r.h)];
}
