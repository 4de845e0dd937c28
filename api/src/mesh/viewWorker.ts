/** Worker-thread entry of ViewWorkerPool: builds one view derivative (or thumbnail) at a time. */
import { parentPort } from 'node:worker_threads';
import {
  handleThumbnailRequest,
  isThumbnailRequest,
  type ThumbnailRequest,
} from './thumbnailBuild.js';
import { handleViewRequest, type ViewRequest } from './viewBuild.js';

const port = parentPort;
if (!port) throw new Error('viewWorker must run in a worker thread');

port.on('message', (req: ViewRequest | ThumbnailRequest) => {
  const job = isThumbnailRequest(req) ? handleThumbnailRequest(req) : handleViewRequest(req);
  void job.then(({ response, transfer }) => port.postMessage(response, transfer));
});
