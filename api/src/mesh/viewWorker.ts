/** Worker-thread entry of ViewWorkerPool: builds one view derivative at a time. */
import { parentPort } from 'node:worker_threads';
import { handleViewRequest, type ViewRequest } from './viewBuild.js';

const port = parentPort;
if (!port) throw new Error('viewWorker must run in a worker thread');

port.on('message', (req: ViewRequest) => {
  void handleViewRequest(req).then(({ response, transfer }) =>
    port.postMessage(response, transfer),
  );
});
