/**
 * Health that tells the truth: `/api/health` reports the event store and the
 * file store beside the database; with either unreachable it answers 503 `unavailable` with
 * Retry-After, and so do writes — S3 cut off behind a TCP proxy, and an EventStoreDB URL
 * pointing at a closed local port (before: health said ok and register answered 500).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { freshIp, solveBotCheck, STRONG_PASSWORD } from '../../support/accounts.js';
import { testDrivers } from '../../support/db.js';
import { multipart, projectData, signUp, smallStl, fixture } from '../../support/projects.js';
import { startS3Server, type TestS3 } from '../../support/s3Server.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.js';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health' });

describe.each(testDrivers())('health and writes with a store unreachable (%s)', (driver) => {
  describe('files on S3', () => {
    let s3: TestS3;
    let proxy: TcpProxy;
    let t: TestApp;

    beforeAll(async () => {
      s3 = await startS3Server();
      const u = new URL(s3.endpoint);
      proxy = await startTcpProxy(u.hostname, Number(u.port));
      t = await startTestApp(driver, {
        ...s3.env,
        S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
        TRUST_PROXY: 'true',
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await s3?.close();
    });

    it('reports every store while they are up', async () => {
      const res = await health(t);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ok',
        stores: { events: { kind: 'postgres', ok: true }, blobs: { kind: 's3', ok: true } },
      });
    });

    it('answers 503 with Retry-After, naming the file store, while S3 is cut off', async () => {
      const user = await signUp(t);
      proxy.cut();
      try {
        // A good probe is shared for up to a second (PROBE_REUSE_MS): the cut shows after it.
        await expect.poll(async () => (await health(t)).statusCode, { timeout: 10_000 }).toBe(503);
        const res = await health(t);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({
          code: 'unavailable',
          db: { ok: true },
          stores: { events: { ok: true }, blobs: { kind: 's3', ok: false } },
        });
        const body = multipart([
          { name: 'projectData', value: JSON.stringify(projectData()) },
          {
            name: 'models',
            filename: 'm.stl',
            data: smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 20),
          },
        ]);
        const write = await t.app.inject({
          method: 'POST',
          url: '/api/projects',
          payload: body.payload,
          headers: { ...body.headers, ...user.auth, 'x-forwarded-for': freshIp() },
        });
        expect(write.statusCode).toBe(503);
        expect(write.headers['retry-after']).toBeDefined();
        expect(write.json()).toMatchObject({ code: 'unavailable' });
      } finally {
        proxy.restore();
      }
      expect((await health(t)).statusCode).toBe(200);
    });
  });

  describe('EventStoreDB at a closed port', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp(driver, {
        EVENT_STORE: 'esdb',
        ESDB_URL: `esdb://127.0.0.1:${await closedPort()}?tls=false`,
        TRUST_PROXY: 'true',
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('does not say ok: health is 503 naming the event store', async () => {
      const res = await health(t);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        code: 'unavailable',
        stores: { events: { kind: 'esdb', ok: false }, blobs: { kind: 'fs', ok: true } },
      });
    });

    it('answers a registration 503 unavailable with Retry-After, not 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'x-forwarded-for': freshIp() },
        payload: {
          name: 'Tess Technician',
          email: `esdb.${driver}@example.com`,
          companyName: 'Tess Dental Lab',
          password: STRONG_PASSWORD,
          turnstileToken: await solveBotCheck(t.app, 'register'),
        },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({ code: 'unavailable' });
    });
  });
});
