/**
 * Where the measurement labels' anchors are on the canvas, handed from the scene (which projects
 * them every frame it draws) to the labels over the page (which place them). Per-frame values:
 * plain mutable state, not React state.
 */
import type { Measurement, Vec3 } from './measureModel';

export interface LabelFeed {
  /** Anchor of each labelled measurement on the canvas (CSS px); absent when off screen. */
  anchors: Map<string, { x: number; y: number }>;
  canvas: HTMLCanvasElement | null;
  /** Set by the labels: places them again (called after every frame the scene draws). */
  relayout: (() => void) | null;
}

export const labelFeed: LabelFeed = { anchors: new Map(), canvas: null, relayout: null };

const mid = (a: Vec3, b: Vec3): Vec3 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

/** Where a measurement's label belongs: a distance's middle, an angle's vertex, a line's end. */
export function labelAnchor(m: Measurement): Vec3 | undefined {
  const pts = m.points.map((p) => p.point);
  if (m.kind === 'angle') return pts[1];
  if (m.kind === 'distance' && pts.length === 2) return mid(pts[0]!, pts[1]!);
  return pts[pts.length - 1];
}
