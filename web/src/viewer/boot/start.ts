/**
 * On a public viewer link, start the project request and the viewer's code now (see
 * prefetch.ts). Called by `src/start.ts`, the entry chunk's first module, so it runs before the
 * rest of the entry chunk is evaluated; the page loader it is given is the router's lazy route's
 * own dynamic import, so one chunk load.
 */
import './early';
import { firstFrameSettled } from './firstFrame';
import { prefetchViewer } from './prefetch';

export function startViewer(loadPage: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const listed = document.querySelector<HTMLMetaElement>('meta[name="cusp-views"]')?.content;
  prefetchViewer(
    window.location.pathname,
    // Once the first frame, where the page draws one, is on screen (firstFrame.ts).
    () => firstFrameSettled().then(loadPage),
    listed ? listed.split(' ') : [],
  );
}
