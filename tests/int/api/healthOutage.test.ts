import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, withDatabase } from '../../support/db.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.js';

/**
 * Needs a PostgreSQL server (DATABASE_URL): the embedded PGlite lives inside the process and
 * cannot go down on its own. CI runs this in its PostgreSQL pass.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('health during a database outage (pg)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPgDatabase();
    dropDb = created.drop;
    const u = new URL(created.url);
    proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    const viaProxy = new URL(withDatabase(created.url, u.pathname.slice(1)));
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    t = await startTestApp('pglite', { DATABASE_URL: viaProxy.toString() });
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
    await dropDb();
  });

  it('answers 503 while the database is down and 200 again after, without a restart', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    proxy.cut();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'database_unavailable' });
    proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  });
});
