import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

const isOverloaded = (res: LightMyRequestResponse): boolean => {
  if (res.statusCode !== 503 || !res.body) return false;
  try {
    return (JSON.parse(res.body) as { code?: unknown }).code === 'overloaded';
  } catch {
    return false;
  }
};

/**
 * `app.inject`, sent again while the app's load guard (@fastify/under-pressure) answers 503
 * `overloaded`, as a client honouring Retry-After would. On a busy machine PGlite (in the same
 * process) can block the event loop long enough to trip the guard at any moment, and that
 * answer is not what these tests are about. (A HEAD answer has no body to tell; it is as sent.)
 */
export async function injectServed(
  app: FastifyInstance,
  opts: InjectOptions,
): Promise<LightMyRequestResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await app.inject(opts);
    if (!isOverloaded(res) || attempt >= 100) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}
