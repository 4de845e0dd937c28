import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A smooth scroll is given up this many times at most before the page is left where it is. */
const MAX_RESUMES = 3;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the top and keeps at it until there: a lazily loaded page that mounts mid-animation
 * changes the document's height, and Chromium then ends a smooth scroll short of its target
 * (`scrollend` fires with scrollY > 0). A user who scrolls in the meantime wins.
 */
function scrollToTop(behavior: ScrollBehavior): () => void {
  if (window.scrollY === 0) return () => undefined;
  let resumes = 0;
  let userScrolled = false;
  const onUser = () => {
    userScrolled = true;
  };
  const detach = () => {
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onUser);
    window.removeEventListener('scrollend', onEnd);
  };
  function onEnd() {
    if (userScrolled || window.scrollY === 0 || resumes >= MAX_RESUMES) {
      detach();
      return;
    }
    resumes += 1;
    window.scrollTo({ top: 0, left: 0, behavior });
  }
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onUser, { passive: true });
  window.addEventListener('scrollend', onEnd);
  window.scrollTo({ top: 0, left: 0, behavior });
  return detach;
}

/**
 * Every route change scrolls smoothly to the top; a link with a hash (/#features)
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
    if (isFirst) return undefined;
    return scrollToTop(behavior);
  }, [pathname, hash, key]);

  return null;
}
