import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers of security.md §1.4. `'wasm-unsafe-eval'` is the one addition: Chromium refuses
 * `WebAssembly.instantiate` without it, and the mesh module runs in the page's worker.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const FILE_CSP = "default-src 'none'; sandbox";

const common: Record<string, string> = {
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
  'x-frame-options': 'DENY',
};

export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [k, v] of Object.entries(common)) reply.header(k, v);
  const path = request.url.split('?')[0] ?? '/';
  if (!reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', path.startsWith('/api/') ? FILE_CSP : PAGE_CSP);
  }
  if (path.startsWith('/assets/')) {
    // Vite names these by content hash: they never change under the same URL.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else if (!reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-store');
  }
  if (path.startsWith('/viewer/') || path.startsWith('/api/public/')) {
    reply.header('x-robots-tag', 'noindex, nofollow, noarchive');
  }
}
