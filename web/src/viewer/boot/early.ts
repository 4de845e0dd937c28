/**
 * The first viewer code a link runs. The viewer's HTML carries its chunk inline (a public link
 * that draws the first frame) or loads it as an async module script (api/src/routes/viewerPage.ts),
 * and the app's entry imports the same chunk: it runs once per page, whichever copy comes first
 * (pageShared.ts). On a public link whose page lists its models it draws the first frame
 * (firstFrame.ts); the page then names the app's entry in `<meta name="cusp-app">` instead of
 * loading it, and this script loads it once that frame is on screen (or at once where the frame
 * cannot be drawn here). On a viewer path it also starts the decode worker — after that frame,
 * where there is one — whose script and wasm then download with the app's code instead of after
 * it, and which later fetches and decodes the models without waiting for the main thread.
 */
import { startDecodeWorker } from '../mesh/decodeClient';
import { firstFramePossible, firstFrameSettled, startFirstFrame } from './firstFrame';
import { pageShared } from './pageShared';
import { prefetchViewer, publicTokenOf } from './prefetch';

/** The app's entry chunk as the server names it (a built asset, nothing else). */
const APP_ENTRY = /^\/assets\/[\w.-]+\.js$/;

const once = pageShared('early', () => ({ ran: false }));

if (!once.ran && typeof window !== 'undefined' && window.location.pathname.startsWith('/viewer/')) {
  once.ran = true;
  const token = publicTokenOf(window.location.pathname);
  // The page lists its models before this script's tag (api/src/routes/viewerPage.ts).
  const listed = document.querySelector<HTMLMetaElement>('meta[name="cusp-views"]')?.content;
  const urls = listed ? listed.split(' ') : [];
  if (token !== undefined && firstFramePossible(urls)) startFirstFrame(token, urls);
  // The project and the models' levels for the viewer: the full levels start downloading once
  // the first frame's coarse ones are in (prefetch.ts), before the app's code is asked for.
  prefetchViewer(window.location.pathname, undefined, urls);
  const app = document.querySelector<HTMLMetaElement>('meta[name="cusp-app"]')?.content;
  void firstFrameSettled().then(() => {
    startDecodeWorker();
    if (app && APP_ENTRY.test(app)) void import(/* @vite-ignore */ app);
  });
}
