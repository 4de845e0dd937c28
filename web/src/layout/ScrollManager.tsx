import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Every route change scrolls smoothly to the top (spec §2); a link with a hash (/#features)
 * scrolls to that section instead, also when it only changes the hash.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const isFirst = first.current;
    first.current = false;
    if (hash) {
      // The page may still be mounting: wait a frame for the section to exist.
      const id = decodeURIComponent(hash.slice(1));
      const frame = window.requestAnimationFrame(() => {
        document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' });
      });
      return () => window.cancelAnimationFrame(frame);
    }
    if (!isFirst) window.scrollTo({ top: 0, left: 0, behavior });
    return undefined;
  }, [pathname, hash, key]);

  return null;
}
