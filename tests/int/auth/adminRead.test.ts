import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRead } from '../../../api/src/http/guards.js';
import { seedUser, type SeededUser } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { runUserCommand } from '../../../api/src/commands/userCommand.js';

const requestWith = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;

describe.each(testDrivers())('admin reads (%s)', (driver) => {
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let reads = 0;
  const read = async () => {
    reads++;
    return 'secret list';
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: 'ada@cusp.test', role: 'admin' });
    user = await seedUser(t.deps, { name: 'Uma User', email: 'uma@lab.test' });
  });
  afterAll(async () => t?.close());

  it('never runs the read for an anonymous, forged or non-admin caller', async () => {
    reads = 0;
    for (const auth of [undefined, 'Bearer forged-token', `Bearer ${user.token}`]) {
      for (let i = 0; i < 2; i++) {
        await expect(adminRead(t.deps, requestWith(auth), read)).rejects.toMatchObject({
          status: auth === `Bearer ${user.token}` ? 403 : 401,
        });
      }
    }
    expect(reads).toBe(0);
  });

  it('answers an admin, and still checks in full once the token is known', async () => {
    reads = 0;
    const req = requestWith(`Bearer ${admin.token}`);
    expect(await adminRead(t.deps, req, read)).toBe('secret list');
    expect(await adminRead(t.deps, req, read)).toBe('secret list');
    expect(reads).toBe(2);

    // Admin rights revoked: the next call is refused although its read may have started.
    const r = await runUserCommand(
      t.deps,
      admin.id,
      {
        type: 'RevokeRole',
        data: { userId: admin.id, role: 'admin', at: t.deps.now().toISOString() },
      },
      'system',
    );
    if (r.position) await t.deps.projections.waitFor(r.position, 5_000);
    await expect(adminRead(t.deps, req, read)).rejects.toMatchObject({ status: 403 });
    // Known as refused now: the read waits for the check again.
    reads = 0;
    await expect(adminRead(t.deps, req, read)).rejects.toMatchObject({ status: 403 });
    expect(reads).toBe(0);
  });
});
