import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** True once the window has scrolled at least `px` pixels; re-renders only when that flips. */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY >= px,
    () => false,
  );
}

/** The current vertical scroll position (re-renders on every scroll; use sparingly). */
export function useScrollY(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY,
    () => 0,
  );
}
