import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCheck } from '../../../../api/src/auth/guard.js';
import { seedUser, type SeededUser } from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { runUserCommand } from '../../../../api/src/commands/userCommand.js';

describe.each(testDrivers())('admin reads (%s)', (driver) => {
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: 'ada@cusp.test', role: 'admin' });
    user = await seedUser(t.deps, { name: 'Uma User', email: 'uma@lab.test' });
  });
  afterAll(async () => t?.close());

  const list = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/projects?limit=5',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('never lets an anonymous, forged or non-admin caller start a read early', async () => {
    for (const auth of [undefined, 'Bearer forged-token', `Bearer ${user.token}`]) {
      for (let i = 0; i < 2; i++) {
        const { check, known } = adminCheck(t.deps, auth);
        expect(known).toBe(false);
        await expect(check).rejects.toMatchObject({
          status: auth === `Bearer ${user.token}` ? 403 : 401,
        });
      }
    }
    expect((await list()).statusCode).toBe(401);
    expect((await list(user.token)).statusCode).toBe(403);
  });

  it('answers an admin, and refuses one revoked since although the read started', async () => {
    const first = adminCheck(t.deps, `Bearer ${admin.token}`);
    expect(first.known).toBe(false);
    await first.check;
    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBeDefined();
    const again = adminCheck(t.deps, `Bearer ${admin.token}`);
    expect(again.known).toBe(true);
    await again.check;

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
    // Known as an admin, so the list ran alongside the check: the check's refusal is the answer,
    // and nothing the list's handler set leaks with it.
    const refused = await list(admin.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(refused.headers['x-total-count']).toBeUndefined();
    // Known as refused now: the next read waits for the check again.
    const after = adminCheck(t.deps, `Bearer ${admin.token}`);
    expect(after.known).toBe(false);
    await expect(after.check).rejects.toMatchObject({ status: 403 });
  });
});
