import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../api/src/config.js';
import { trustProxyOption } from '../../../../api/src/http/trustProxy.js';

/** A bare Fastify with Cusp's reading of TRUST_PROXY, answering the client address it sees. */
async function echoApp(trustProxy: string): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: trustProxyOption(loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY),
  });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

describe('TRUST_PROXY', () => {
  const apps: Record<string, FastifyInstance> = {};
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1.
    for (const v of ['false', 'true', '2', '127.0.0.1,10.0.0.0/8']) apps[v] = await echoApp(v);
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
  });

  const ipOf = async (setting: string, xff: string) =>
    (
      await apps[setting]!.inject({
        method: 'GET',
        url: '/ip',
        headers: { 'x-forwarded-for': xff },
      })
    ).json<{ ip: string }>().ip;

  it('ignores X-Forwarded-For when off', async () => {
    expect(await ipOf('false', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('true is one hop: the right-most entry, never what the client wrote to its left', async () => {
    expect(await ipOf('true', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf('true', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a hop count takes the address that many hops from the right', async () => {
    expect(await ipOf('2', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await ipOf('2', '203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('a list skips only the listed proxies, from the right', async () => {
    expect(await ipOf('127.0.0.1,10.0.0.0/8', '6.6.6.6, 203.0.113.9, 10.1.2.3, 10.0.0.2')).toBe(
      '203.0.113.9',
    );
    expect(await ipOf('127.0.0.1,10.0.0.0/8', '10.0.0.5, 203.0.113.9')).toBe('203.0.113.9');
  });
});
