/**
 * The first viewer code a link runs. The viewer's HTML loads this as an async module script
 * (api/src/routes/viewerPage.ts) and the entry chunk imports the same module, so it runs once,
 * whichever comes first: on a viewer path it starts the decode worker, whose script and wasm then
 * download with the app's code instead of after it, and which later fetches and decodes the
 * models without waiting for the page's main thread — and, on a public link, draws the first
 * frame there (firstFrame.ts).
 */
import { startDecodeWorker } from '../mesh/decodeClient';
import { firstFramePossible, startFirstFrame } from './firstFrame';
import { FIRST_FRAME_WORKER } from './firstFrameProtocol';
import { publicTokenOf } from './prefetch';

if (typeof window !== 'undefined' && window.location.pathname.startsWith('/viewer/')) {
  const token = publicTokenOf(window.location.pathname);
  // The page lists its models before this script's tag (api/src/routes/viewerPage.ts).
  const listed = document.querySelector<HTMLMetaElement>('meta[name="cusp-views"]')?.content;
  const urls = listed ? listed.split(' ') : [];
  const firstFrame = token !== undefined && firstFramePossible(urls);
  const worker = startDecodeWorker(firstFrame ? FIRST_FRAME_WORKER : undefined);
  if (worker && firstFrame) startFirstFrame(worker, token, urls);
}
