import { useEffect, useLayoutEffect, useRef } from 'react';
import { adoptFirstFrame, releaseFirstFrame } from '../boot/firstFrame';
import { useViewerStore } from '../store/useViewerStore';

/**
 * Where the early script's first frame (boot/firstFrame.ts) stays until the viewer has drawn its
 * own: over the viewer's canvas, under its panels, the same size. Gone with the viewer's first
 * frame, or when the viewer leaves.
 */
export function FirstFrameSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const drawn = useViewerStore((s) => s.firstFrame);
  useLayoutEffect(() => {
    if (slot.current) adoptFirstFrame(slot.current);
    return releaseFirstFrame;
  }, []);
  useEffect(() => {
    if (drawn) releaseFirstFrame();
  }, [drawn]);
  return <div ref={slot} className="viewer__first-frame" aria-hidden="true" />;
}
