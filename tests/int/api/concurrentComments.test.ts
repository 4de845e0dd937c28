import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../support/accounts.js';
import { bearer, seedProject, seedUser } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';

const json = { 'content-type': 'application/json' };
const WRITERS = 40;

/**
 * With doctors commenting at once, the command handler gave up after two attempts and
 * comments were refused with 409 `conflict`. The order of comments does not change the outcome,
 * so none may be refused.
 */
describe.each(testDrivers())('comments under concurrent writers (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it(`stores all ${WRITERS} comments sent at once on one project`, async () => {
    const tech = await seedUser(t.deps, { name: 'Cora Crowd', email: `cora-${driver}@lab.test` });
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Case C', files: 1 });
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/projects/${p.publicToken}/comments`,
          headers: { ...json, 'x-forwarded-for': freshIp() },
          payload: JSON.stringify({ authorName: `Dr. Writer ${i}`, body: `note ${i}` }),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(WRITERS).fill(201));
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${p.id}/comments`,
      headers: bearer(tech.token),
    });
    const bodies = (thread.json().comments as Array<{ body: string }>).map((c) => c.body).sort();
    expect(bodies).toEqual(Array.from({ length: WRITERS }, (_, i) => `note ${i}`).sort());
  });
});
