/**
 * The upload benchmark's HTTP client, run in its own process (forked by `upload.bench.ts`) so it
 * never competes with the server for the server's event loop. It builds the multipart body once
 * in one pre-touched buffer (first touch of fresh memory is slow on the CI VM)
 * and, on each `{ run }` message, streams it in 1 MiB writes with back-pressure and answers
 * `{ ms, status }`: the time from the first byte sent to the end of the response.
 */
import { request } from 'node:http';

interface RunMessage {
  run: number;
  url: string;
  token: string;
}

const BOUNDARY = '----cuspbench';

/** A valid binary STL of `size` bytes (84 + 50·n), the same bytes every time. */
export function benchStl(size: number): Buffer {
  const triangles = Math.floor((size - 84) / 50);
  const buf = Buffer.alloc(84 + 50 * triangles);
  buf.writeUInt32LE(triangles, 80);
  for (let i = 0; i < triangles; i++) {
    const o = 84 + i * 50;
    for (let k = 0; k < 12; k++) buf.writeFloatLE((i % 97) + k * 0.5, o + k * 4);
  }
  return buf;
}

function body(stl: Buffer): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n` +
      JSON.stringify({ name: 'Bench', patientName: 'P', laboratoryName: 'L' }) +
      `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="models"; filename="bench.stl"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return Buffer.concat([head, stl, tail]);
}

async function upload(payload: Buffer, url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(payload.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          res.statusCode === 201 ? resolve(201) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    const STEP = 1024 * 1024;
    let off = 0;
    const pump = () => {
      while (off < payload.length) {
        const end = Math.min(payload.length, off + STEP);
        const more = req.write(payload.subarray(off, end));
        off = end;
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

if (process.env.CUSP_BENCH_CLIENT === '1' && process.send) {
  const size = Number(process.argv[2]);
  const payload = body(benchStl(size));
  process.on('message', (m: RunMessage) => {
    const t0 = performance.now();
    upload(payload, m.url, m.token).then(
      (status) => process.send!({ run: m.run, ms: performance.now() - t0, status }),
      (err: Error) => process.send!({ run: m.run, error: err.message }),
    );
  });
  process.send({ ready: true });
}
