import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The security headers of every answer: a strict CSP, no sniffing, no framing, no referrer.
 * `'wasm-unsafe-eval'` is the CSP's one relaxation: Chromium refuses `WebAssembly.instantiate`
 * without it, and the mesh module runs in the page's worker.
 */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** A CSP hash source of a SHA-256 digest. */
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The page policy. With Turnstile as the bot check, its origin is allowed for scripts and frames,
 * except on viewer pages: capability URLs load no third-party script.
 * `scriptHashes` (`'sha256-…'`) allow those exact inline scripts: the viewer's page carries the
 * first frame's code inline (api/src/routes/viewerPage.ts); nothing else inline runs.
 */
export function pageCsp(opts: {
  turnstile: boolean;
  viewer: boolean;
  scriptHashes?: readonly string[];
}): string {
  const hashes = opts.scriptHashes ?? [];
  if (hashes.some((h) => !SCRIPT_HASH.test(h))) throw new Error('not a CSP sha256 source');
  const base = hashes.length
    ? PAGE_CSP.replace(
        "script-src 'self' 'wasm-unsafe-eval'",
        `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`,
      )
    : PAGE_CSP;
  if (!opts.turnstile || opts.viewer) return base;
  return base
    .replace(
      "script-src 'self' 'wasm-unsafe-eval'",
      `script-src 'self' 'wasm-unsafe-eval' ${TURNSTILE_ORIGIN}`,
    )
    .replace("frame-ancestors 'none'", `frame-src ${TURNSTILE_ORIGIN}; frame-ancestors 'none'`);
}

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

export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { turnstile: boolean } = { turnstile: false },
): void {
  for (const [k, v] of Object.entries(common)) reply.header(k, v);
  const path = request.url.split('?')[0] ?? '/';
  if (!reply.hasHeader('content-security-policy')) {
    reply.header(
      'content-security-policy',
      path.startsWith('/api/')
        ? FILE_CSP
        : pageCsp({ turnstile: opts.turnstile, viewer: path.startsWith('/viewer/') }),
    );
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
