import { describe, expect, it } from 'vitest';
import {
  intersects,
  leaderEnd,
  placeLabels,
  type LabelRequest,
  type Rect,
} from '../../../../../web/src/viewer/tools/labelLayout';

const VIEW: Rect = { x: 0, y: 0, w: 1280, h: 800 };
const label = (id: string, x: number, y: number, w = 70, h = 20): LabelRequest => ({
  id,
  anchorX: x,
  anchorY: y,
  w,
  h,
});

function noneOverlap(rects: Rect[]) {
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) expect(intersects(rects[i]!, rects[j]!)).toBe(false);
}

describe('placeLabels', () => {
  it('leaves a label on its anchor when nothing is in the way', () => {
    const [p] = placeLabels([label('a', 400, 300)], [], VIEW);
    expect(p!.moved).toBe(false);
    expect(p!.rect).toEqual({ x: 365, y: 290, w: 70, h: 20 });
  });

  it('moves colliding labels apart and says which were moved', () => {
    const placed = placeLabels(
      [label('a', 400, 300), label('b', 405, 302), label('c', 398, 296)],
      [],
      VIEW,
    );
    expect(placed.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(placed.map((p) => p.moved)).toEqual([false, true, true]);
    noneOverlap(placed.map((p) => p.rect));
    // Moved ones stay near their anchor (first rings), not across the screen.
    for (const p of placed) {
      const [ex, ey] = leaderEnd(p.rect, 400, 300);
      expect(Math.hypot(ex - 400, ey - 300)).toBeLessThan(60);
    }
  });

  it('keeps twenty labels on one spot apart', () => {
    const many = Array.from({ length: 20 }, (_, i) => label(`m${i}`, 640 + (i % 3), 400 - (i % 2)));
    const placed = placeLabels(many, [], VIEW);
    noneOverlap(placed.map((p) => p.rect));
  });

  it('keeps a label off a panel over the canvas (the measurement list)', () => {
    const list: Rect = { x: 16, y: 560, w: 300, h: 180 };
    const [p] = placeLabels([label('a', 200, 600)], [list], VIEW);
    expect(p!.moved).toBe(true);
    expect(intersects(p!.rect, list)).toBe(false);
  });

  it('stays inside the view near its edge', () => {
    const [p] = placeLabels([label('a', 5, 5), label('b', 6, 6)], [], VIEW);
    expect(p!.rect.x).toBeGreaterThanOrEqual(0);
    expect(p!.rect.y).toBeGreaterThanOrEqual(0);
  });

  it('still answers when there is no free spot: the least overlap', () => {
    const small: Rect = { x: 0, y: 0, w: 80, h: 24 };
    const placed = placeLabels([label('a', 40, 12), label('b', 40, 12)], [], small);
    expect(placed).toHaveLength(2);
    expect(placed[1]!.moved).toBe(true);
  });
});

describe('leaderEnd', () => {
  it('ends on the border of the label nearest to the anchor', () => {
    const r: Rect = { x: 100, y: 100, w: 50, h: 20 };
    expect(leaderEnd(r, 90, 110)).toEqual([100, 110]);
    expect(leaderEnd(r, 200, 50)).toEqual([150, 100]);
  });
});
