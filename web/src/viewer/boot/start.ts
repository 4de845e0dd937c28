/**
 * Side-effect module, imported first by main.tsx so it runs before the rest of the entry chunk is
 * evaluated: on a public viewer link, start the project request and the viewer's code now
 * (see prefetch.ts). The same dynamic import as the router's lazy route, so one chunk load.
 */
import './early';
import { firstFrameSettled } from './firstFrame';
import { prefetchViewer } from './prefetch';

if (typeof window !== 'undefined') {
  const listed = document.querySelector<HTMLMetaElement>('meta[name="cusp-views"]')?.content;
  prefetchViewer(
    window.location.pathname,
    // Once the first frame, where the page draws one, is on screen (firstFrame.ts).
    () => firstFrameSettled().then(() => import('../../pages/Viewer/ViewerPage')),
    listed ? listed.split(' ') : [],
  );
}
