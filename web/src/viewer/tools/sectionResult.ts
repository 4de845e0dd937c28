/**
 * The current section's outlines, copied out of the slicers (which reuse their buffers) for the
 * 2D panel and the snapshot: one part per visible model, in its layer's colour.
 */
import { create } from 'zustand';
import type { PlaneFrame } from '../geometry/planeFrame';
import type { SectionOutline } from '../geometry/section';

export interface SectionPart {
  modelId: string;
  name: string;
  colour: string;
  outline: SectionOutline;
}

interface SectionResult {
  frame: PlaneFrame | null;
  parts: SectionPart[];
}

export const useSectionResult = create<SectionResult>()(() => ({ frame: null, parts: [] }));

/** A copy of an outline that later slices do not overwrite. */
export function copyOutline(o: SectionOutline): SectionOutline {
  return {
    chainCount: o.chainCount,
    chainStart: o.chainStart.slice(0, o.chainCount),
    chainLength: o.chainLength.slice(0, o.chainCount),
    chainClosed: o.chainClosed.slice(0, o.chainCount),
    pointCount: o.pointCount,
    world: o.world.slice(0, o.pointCount * 3),
    plane: o.plane.slice(0, o.pointCount * 2),
    trianglesTested: o.trianglesTested,
    segments: o.segments,
  };
}

/** Line segments (pairs of points, xyz) of every chain, closing segments included. */
export function outlineSegments(o: SectionOutline): Float32Array {
  let n = 0;
  for (let c = 0; c < o.chainCount; c++) {
    const len = o.chainLength[c]!;
    n += o.chainClosed[c] ? len : Math.max(0, len - 1);
  }
  const out = new Float32Array(n * 6);
  let k = 0;
  for (let c = 0; c < o.chainCount; c++) {
    const start = o.chainStart[c]!;
    const len = o.chainLength[c]!;
    const segs = o.chainClosed[c] ? len : len - 1;
    for (let i = 0; i < segs; i++) {
      const a = start + i;
      const b = start + ((i + 1) % len);
      out.set(o.world.subarray(a * 3, a * 3 + 3), k);
      out.set(o.world.subarray(b * 3, b * 3 + 3), k + 3);
      k += 6;
    }
  }
  return out;
}
