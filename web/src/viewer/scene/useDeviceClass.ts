import { useSyncExternalStore } from 'react';
import { deviceClassForWidth, MOBILE_MAX_WIDTH, type DeviceClass } from './renderProfile';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** 'mobile' below 768 px of viewport width, else 'desktop'; follows resizes and rotation. */
export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(
    subscribe,
    () => deviceClassForWidth(window.innerWidth),
    () => 'desktop',
  );
}
