import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes "the socket and the next n−1
 * X-Forwarded-For entries from the right are proxies", so the client is the entry n hops from
 * the right; Fastify itself trusts nothing for a bare number, and `true` would take the
 * left-most entry, which the client writes.
 */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): NonNullable<FastifyServerOptions['trustProxy']> {
  if (value === false) return false;
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}
