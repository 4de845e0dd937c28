/**
 * The load benchmarks' harness: autocannon against a real Cusp process, each request from its own
 * client address (the process runs with TRUST_PROXY, so per-address rate limits never kick in),
 * figures printed with the load average.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

export const load = () => `load ${loadavg()[0]!.toFixed(2)}`;

export interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  mbps: number;
}

let client = 0;

export async function hammer(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Figures> {
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        setupRequest: (req) => {
          client++;
          return {
            ...req,
            headers: {
              ...opts.headers,
              'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
            },
          };
        },
      },
    ],
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    mbps: r.throughput.average / 1e6,
  };
}

/** One line per target: req/s (and its share of `base`), p99, throughput, errors, load. */
export function show(name: string, f: Figures, base?: { f: Figures; label: string }): void {
  console.log(
    `  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s` +
      (base ? ` (${(f.rps / base.f.rps).toFixed(3)} of ${base.label})` : '') +
      `, p99 ${f.p99} ms, ${f.mbps.toFixed(1)} MB/s, errors ${f.errors}, non-2xx ${f.non2xx}; ${load()}`,
  );
}
