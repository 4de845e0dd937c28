import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type RouteContract } from '../../../api/src/contract/routes.js';
import { userSubject } from '../../../api/src/domain/user.js';
import { runUserCommand } from '../../../api/src/commands/userCommand.js';
import { seedUser, type SeededUser } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';

/** A path of the table with every parameter filled in. */
const SAMPLE: Record<string, string> = {
  id: randomUUID(),
  feedbackId: randomUUID(),
  modelId: randomUUID(),
  commentId: 'c1',
  filename: 'upper.stl',
  token: 'tok',
};
const urlOf = (path: string) => path.replace(/:(\w+)/g, (_, k: string) => SAMPLE[k] ?? 'x');

/**
 * Each route's guard comes from its `access` in the contract table (`http/contractSchemas.ts`):
 * it answers before the input is looked at, and its refusals are the same everywhere.
 */
describe('guards from the contract', () => {
  let t: TestApp;
  let user: SeededUser;
  let unverified: string;
  let unverifiedId: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    user = await seedUser(t.deps, { name: 'Uma User', email: 'uma@lab.test' });
    const id = randomUUID();
    const subject = userSubject(id);
    const [name, email, companyName] = await Promise.all([
      t.deps.keys.seal(subject, 'name', 'Nina New'),
      t.deps.keys.seal(subject, 'email', 'nina@lab.test'),
      t.deps.keys.seal(subject, 'companyName', 'Nina Lab'),
    ]);
    const r = await runUserCommand(
      t.deps,
      id,
      {
        type: 'RegisterUser',
        data: {
          userId: id,
          name,
          email,
          companyName,
          listedAdmin: false,
          at: t.deps.now().toISOString(),
        },
      },
      'anonymous',
    );
    if (r.position) await t.deps.projections.waitFor(r.position, 5_000);
    unverifiedId = id;
    unverified = await t.deps.accounts.sessions.create(id);
  });
  afterAll(async () => t?.close());

  const call = (route: string, token?: string, url?: string) => {
    const [method, path] = route.split(' ') as ['GET', string];
    return t.app.inject({
      method,
      url: url ?? urlOf(path),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  };

  it('refuses every signed-in route without a session, an unverified or a non-admin caller', async () => {
    for (const [route, c] of Object.entries(API_ROUTES) as [string, RouteContract][]) {
      if (c.access === 'public' || c.access === 'link') continue;
      const anonymous = await call(route);
      expect(anonymous.statusCode, route).toBe(401);
      const unverifiedRes = await call(route, unverified);
      if (c.access === 'verified') {
        expect(unverifiedRes.statusCode, route).toBe(403);
        expect(unverifiedRes.json(), route).toMatchObject({ code: 'email_unverified' });
      } else if (c.access === 'admin') {
        expect(unverifiedRes.statusCode, route).toBe(403);
        expect(unverifiedRes.json(), route).toMatchObject({ code: 'forbidden' });
        const userRes = await call(route, user.token);
        expect(userRes.statusCode, route).toBe(403);
      } else {
        expect([401, 403], route).not.toContain(unverifiedRes.statusCode);
        // `POST /api/logout` ends the session it was called with.
        unverified = await t.deps.accounts.sessions.create(unverifiedId);
      }
    }
  });

  it('checks the caller before the input, and the input before the handler', async () => {
    const route = 'GET /api/projects/:id';
    expect((await call(route, undefined, '/api/projects/not-a-uuid')).statusCode).toBe(401);
    const bad = await call(route, user.token, '/api/projects/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'id: invalid id',
      code: 'validation_failed',
      issues: [{ path: 'id', message: 'invalid id' }],
    });
    const search = await call('GET /api/projects', user.token, '/api/projects?sort=size');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'invalid_query' });
    expect(search.json().error).toMatch(/^Invalid search: sort: /);
    // HEAD, Fastify's twin of a GET route, has the same guard.
    const head = await t.app.inject({ method: 'HEAD', url: `/api/projects/${SAMPLE.id}` });
    expect(head.statusCode).toBe(401);
  });
});
