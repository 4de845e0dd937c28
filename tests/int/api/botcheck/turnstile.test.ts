import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnstileBotCheck } from '../../../../api/src/botcheck/turnstile.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { STRONG_PASSWORD } from '../../../support/accounts.js';

/**
 * A local stand-in for Cloudflare's siteverify, following its documented answers: the token
 * picks the behaviour (`ok:<action>`, `fail`, `dup`, `host`, `500`, `hang`, `text`).
 */
async function fakeSiteverify(): Promise<{ url: string; seen: unknown[]; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify();
  const seen: unknown[] = [];
  app.post('/siteverify', async (request, reply) => {
    const body = request.body as { secret: string; response: string; remoteip?: string };
    seen.push(body);
    const token = body.response;
    if (body.secret !== '1x0000000000000000000000000000000AA') {
      return { success: false, 'error-codes': ['invalid-input-secret'] };
    }
    if (token.startsWith('ok:')) {
      return {
        success: true,
        hostname: 'cusp.test',
        action: token.slice(3),
        challenge_ts: new Date().toISOString(),
      };
    }
    if (token === 'dup') return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    if (token === 'host') return { success: true, hostname: 'evil.example', action: 'register' };
    if (token === '500') return reply.code(500).send({ error: 'boom' });
    if (token === 'text') return reply.type('text/plain').send('not json');
    if (token === 'hang') return new Promise(() => {});
    return { success: false, 'error-codes': ['invalid-input-response'] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${addr.port}/siteverify`,
    seen,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

describe('Turnstile bot check against a local siteverify', () => {
  let fake: Awaited<ReturnType<typeof fakeSiteverify>>;
  const ctx = { purpose: 'register' as const, ip: '203.0.113.7' };
  let check: TurnstileBotCheck;

  beforeAll(async () => {
    fake = await fakeSiteverify();
    check = new TurnstileBotCheck({
      secret: '1x0000000000000000000000000000000AA',
      siteKey: '1x00000000000000000000AA',
      verifyUrl: fake.url,
      expectedHostname: 'cusp.test',
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('passes a token the verify endpoint accepts for this hostname and action, sending the client ip', async () => {
    expect(await check.verify('ok:register', ctx)).toEqual({ ok: true });
    expect(fake.seen.at(-1)).toMatchObject({ response: 'ok:register', remoteip: '203.0.113.7' });
  });

  it.each([
    ['fail', 'invalid'],
    ['dup', 'replayed'],
    ['host', 'invalid'],
    ['ok:login', 'wrong_purpose'],
    ['500', 'unavailable'],
    ['text', 'unavailable'],
    ['hang', 'unavailable'],
  ])('fails closed on %s', async (token, reason) => {
    expect(await check.verify(token, ctx)).toEqual({ ok: false, reason });
  });

  it('fails closed when the endpoint is unreachable', async () => {
    const down = new TurnstileBotCheck({
      secret: 's',
      siteKey: 'k',
      verifyUrl: 'http://127.0.0.1:9/siteverify',
      expectedHostname: 'cusp.test',
    });
    expect(await down.verify('ok:register', ctx)).toEqual({ ok: false, reason: 'unavailable' });
  });

  describe('selected by BOT_CHECK=turnstile', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite', {
        BOT_CHECK: 'turnstile',
        TURNSTILE_SECRET: '1x0000000000000000000000000000000AA',
        TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
        TURNSTILE_VERIFY_URL: fake.url,
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('hands the site key to the widget and guards registration with siteverify', async () => {
      const cfg = await t.app.inject({
        method: 'GET',
        url: '/api/botcheck/challenge?purpose=register',
      });
      expect(cfg.json()).toEqual({ provider: 'turnstile', siteKey: '1x00000000000000000000AA' });
      const body = {
        name: 'T',
        email: 'turnstile@example.com',
        companyName: 'L',
        password: STRONG_PASSWORD,
      };
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...body, turnstileToken: 'fail' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Security verification failed. Please try again.',
        code: 'captcha_failed',
      });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...body, turnstileToken: 'ok:register' },
      });
      expect(ok.statusCode).toBe(201);
    });
  });
});
