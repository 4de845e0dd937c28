/**
 * A benchmark's HTTP GET client, run in its own process (forked) so it never shares the server's
 * event loop or heap. On each `{ url, token }` message it sends one GET over a kept-alive
 * connection and answers `{ ms, status, bytes, body? }`: the time from sending the request to the
 * last byte of the response. The body is returned only when asked (`withBody`), for checks.
 */
import { Agent, request } from 'node:http';

export interface GetRequest {
  url: string;
  token: string;
  withBody?: boolean;
}

export interface GetAnswer {
  ready?: boolean;
  ms?: number;
  status?: number;
  bytes?: number;
  body?: string;
  error?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(m: GetRequest): Promise<GetAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      m.url,
      { agent, headers: { authorization: `Bearer ${m.token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          if (m.withBody) chunks.push(d);
        });
        res.on('end', () => {
          const ms = performance.now() - t0;
          resolve({
            ms,
            status: res.statusCode,
            bytes,
            ...(m.withBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

if (process.env.CUSP_BENCH_CLIENT === '1' && process.send) {
  process.on('message', (m: GetRequest) => {
    get(m).then(
      (answer) => process.send!(answer),
      (err: Error) => process.send!({ error: err.message }),
    );
  });
  process.on('disconnect', () => {
    agent.destroy();
  });
  process.send({ ready: true });
}
