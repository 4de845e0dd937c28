import { useSyncExternalStore } from 'react';

/**
 * From this width the panels dock beside the 3D area (a side panel with tabs, folding to a rail);
 * below it the model has the screen and the panels open as sheets from a bottom bar. The same
 * breakpoint sizes the early script's first frame (`.first-frame` in styles/layout.css).
 */
export const WIDE_MIN_PX = 1024;

export type ViewerLayout = 'wide' | 'narrow';

const QUERY = `(min-width: ${WIDE_MIN_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** 'wide' from WIDE_MIN_PX of viewport width, else 'narrow'; follows resizes and rotation. */
export function useViewerLayout(): ViewerLayout {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(QUERY).matches ? 'wide' : 'narrow'),
    () => 'wide',
  );
}
