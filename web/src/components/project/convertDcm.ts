let worker: Worker | undefined;
let seq = 0;
const pending = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./dcmWorker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<{ id: number; stl?: Uint8Array; error?: string }>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.stl) p.resolve(e.data.stl);
    else p.reject(new Error(e.data.error ?? 'conversion failed'));
  };
  return worker;
}

/** DCM bytes → binary STL bytes, in the mesh Web Worker. Rejects with the module's message. */
export async function convertDcm(file: File): Promise<Uint8Array> {
  const bytes = await file.arrayBuffer();
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ id, bytes }, [bytes]);
  });
}
