/**
 * Whether the main pointer is a finger ('coarse': the hints say "Tap") or a mouse or pen ('fine':
 * "Click"), from the `pointer` media feature; follows a change (a tablet's keyboard docked).
 */
import { useSyncExternalStore } from 'react';

export type PointerKind = 'fine' | 'coarse';

const QUERY = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function usePointerKind(): PointerKind {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(QUERY).matches ? 'coarse' : 'fine'),
    () => 'fine',
  );
}

/** "Click" or "Tap", as the sentence starts. */
export const pressVerb = (kind: PointerKind) => (kind === 'coarse' ? 'Tap' : 'Click');
