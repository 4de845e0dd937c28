import { useFrame, useThree } from '@react-three/fiber';
import { useRef } from 'react';
import { markFirstFrame } from '../boot/firstFrame';

/** Name of the mark set on the viewer's own first frame: the doctor can turn the models now. */
export const INTERACTIVE_MARK = 'cusp:viewer:interactive';
import { openToolsGate } from '../tools/toolsGate';
import { useViewerStore } from '../store/useViewerStore';

export interface FrameProbeProps {
  /** Number of model meshes in the scene now. */
  meshCount: number;
  /** True once every model has finished loading. */
  complete: boolean;
  /** 'coarse' while any model is drawn at its coarse level, else 'full'. */
  lod: 'coarse' | 'full';
}

const PIXEL = new Uint8Array(4);

/**
 * Test and benchmark hook, in the spirit of drei's snapshot tests that wait for a ready event:
 * after a frame renders with a new number of meshes, the canvas gets `data-rendered-meshes`; each
 * load's first complete frame sets `data-viewer-ready` (cleared while another version or project
 * loads into the same canvas), and the page's very first one also sets a performance mark. Every
 * complete frame drawn with a new level of detail sets `data-lod` (`coarse` → `full` for models
 * with a coarse level; cleared with `data-viewer-ready`). Default priority: a positive one would
 * take over rendering from R3F. Writes only when the count, completeness or level changes, so
 * steady frames allocate nothing.
 */
export function FrameProbe({ meshCount, complete, lod }: FrameProbeProps) {
  const gl = useThree((s) => s.gl);
  const canvas = gl.domElement;
  const last = useRef(-1);
  const ready = useRef(false);
  useFrame(() => {
    if (!complete && ready.current) {
      ready.current = false;
      delete canvas.dataset.viewerReady;
      delete canvas.dataset.lod;
    }
    if (complete && canvas.dataset.lod !== lod) canvas.dataset.lod = lod;
    if (last.current === meshCount && (ready.current || !complete)) return;
    last.current = meshCount;
    canvas.dataset.renderedMeshes = String(meshCount);
    if (!complete || ready.current) return;
    ready.current = true;
    // useFrame runs just before gl.render in the same task; the microtask runs right after it.
    // Reading one pixel back waits until the GPU has really drawn the frame (shader compile and
    // raster included), not just until the commands were queued: that is when the doctor sees
    // it. The compositor would wait for the same work when it presents the canvas.
    queueMicrotask(() => {
      const ctx = gl.getContext();
      ctx.readPixels(0, 0, 1, 1, ctx.RGBA, ctx.UNSIGNED_BYTE, PIXEL);
      const viewer = useViewerStore.getState();
      if (!viewer.firstFrame) {
        // Unless the early script's frame (boot/firstFrame.ts) was on screen before this one.
        markFirstFrame();
        performance.mark(INTERACTIVE_MARK);
        // The tool code is fetched now, never before the first complete frame.
        openToolsGate();
        viewer.setFirstFrame();
      }
      canvas.dataset.viewerReady = 'true';
    });
  });
  return null;
}
