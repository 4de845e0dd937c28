import type { FastifyRequest } from 'fastify';

/** Whether the request's `Accept-Encoding` takes brotli (`br`, unless with q=0). */
export function acceptsBrotli(request: FastifyRequest): boolean {
  const ae = request.headers['accept-encoding'];
  return (
    typeof ae === 'string' && /(^|[\s,])br(\s*;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i.test(ae)
  );
}
