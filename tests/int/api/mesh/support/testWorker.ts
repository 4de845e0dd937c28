/** Worker entry for the WorkerPool failure tests: echoes, exits or throws on request. */
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('testWorker must run in a worker thread');

port.on('message', (req: { id: number; op: 'echo' | 'exit' | 'throw' }) => {
  if (req.op === 'exit') process.exit(3);
  if (req.op === 'throw')
    setImmediate(() => {
      throw new Error('boom in worker');
    });
  else port.postMessage({ id: req.id, value: req.op });
});
