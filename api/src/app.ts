import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import underPressure from '@fastify/under-pressure';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { AppDeps } from './deps.js';
import { attachContract } from './http/contractSchemas.js';
import { accessGuards } from './http/guards.js';
import { errorHandler } from './http/errorHandler.js';
import { redactUrl } from './http/redact.js';
import { setSecurityHeaders } from './http/securityHeaders.js';
import { trustProxyOption } from './http/trustProxy.js';
import { uploadBodyGuard } from './http/uploadBody.js';
import { registerRoutes } from './routes/index.js';
import { viewerPageRoute } from './routes/viewerPage.js';

export interface BuildAppOptions {
  /** Passed to Fastify; main.ts hands in its pino options, tests usually `false`. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Told of every route as it is registered (the outage test walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Parse every JSON answer with its API contract schema; a mismatch is a 500 (test apps). */
  checkAnswers?: boolean;
}

/** Pino options for request logs: request ids, no tokens, no authorization headers. */
export const requestSerializers = {
  req(req: { method: string; url: string; id: string }) {
    return { id: req.id, method: req.method, url: redactUrl(req.url) };
  },
};

/**
 * The whole HTTP application, built from its adapters. The process entry (main.ts) only adds
 * `listen` and shutdown; tests call this and use `app.inject`.
 */
export async function buildApp(
  deps: AppDeps,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? false }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Streams of large uploads must not be cut by a short timeout; slowloris is bounded by this.
    requestTimeout: 10 * 60_000,
    return503OnClosing: true,
  });

  const onRoute = opts.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setErrorHandler(errorHandler);
  attachContract(app, { checkAnswers: opts.checkAnswers ?? false, guards: accessGuards(deps) });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const headerOpts = { turnstile: deps.config.BOT_CHECK === 'turnstile' };
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, headerOpts);
    return payload;
  });

  await app.register(underPressure, {
    maxEventLoopDelay: deps.config.LOAD_GUARD_MAX_DELAY_MS,
    retryAfter: 5,
    pressureHandler: (_request, reply) => {
      void reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: 'Server busy, please retry shortly', code: 'overloaded' });
    },
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: deps.config.UPLOAD_MAX_BYTES,
      files: 50,
      fields: 50,
      fieldSize: 1024 * 1024,
      parts: 120,
      headerPairs: 200,
    },
  });

  uploadBodyGuard(app, {
    windowMs: deps.config.UPLOAD_BODY_WINDOW_MS,
    minBytesPerSecond: deps.config.UPLOAD_MIN_BYTES_PER_SECOND,
  });
  await registerRoutes(app, deps);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send('User-agent: *\nDisallow: /viewer/\nDisallow: /api/\n'),
  );

  const webRoot = deps.webRoot;
  const indexHtml = webRoot ? join(webRoot, 'index.html') : undefined;
  if (webRoot && indexHtml && existsSync(indexHtml)) {
    // Cache headers come from setSecurityHeaders: hashed assets immutable, everything else no-store.
    await app.register(fastifyStatic, {
      root: webRoot,
      // Looked up per request (not globbed at start-up), so a rebuilt web app is served as is.
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      // `.br`/`.gz` copies written at build time (scripts/compress-web.ts).
      preCompressed: true,
    });
    viewerPageRoute(app, deps, webRoot);
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      !path.startsWith('/api/') &&
      request.method === 'GET' &&
      indexHtml &&
      existsSync(indexHtml)
    ) {
      // The SPA owns every other path; it renders its own 404 page.
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not found', code: 'not_found' });
  });

  return app;
}
