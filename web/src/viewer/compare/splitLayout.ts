/**
 * Where the two halves of the side-by-side compare are drawn: older | newer next to each other,
 * or older above newer on a narrow (phone) view. Rectangles in CSS pixels from the canvas's
 * top-left corner. Pure.
 */

/** Below this canvas width the halves are stacked (matches `.vsplit` in versions.css). */
export const STACK_BELOW_PX = 640;

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

export function splitLayout(width: number, height: number): SplitLayout {
  if (width < STACK_BELOW_PX) {
    const top = Math.floor(height / 2);
    return {
      stacked: true,
      older: { x: 0, y: 0, width, height: top },
      newer: { x: 0, y: top, width, height: height - top },
    };
  }
  const left = Math.floor(width / 2);
  return {
    stacked: false,
    older: { x: 0, y: 0, width: left, height },
    newer: { x: left, y: 0, width: width - left, height },
  };
}

/** The half a point (CSS pixels from the canvas's top-left corner) falls in. */
export function halfAt(layout: SplitLayout, x: number, y: number): 'older' | 'newer' {
  return layout.stacked
    ? y < layout.newer.y
      ? 'older'
      : 'newer'
    : x < layout.newer.x
      ? 'older'
      : 'newer';
}
