import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import type { Challenge } from 'altcha-lib';
import { STRONG_PASSWORD, encodeSolution } from '../../support/accounts.js';
import { bearer, seedProject, seedUser } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { createPgDatabase, withDatabase } from '../../support/db.js';
import { injectServed } from '../../support/loadGuard.js';
import { fixture, multipart, projectData, smallStl } from '../../support/projects.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.js';

/**
 * While the database is unreachable, every route answers 503 `{ error, code: 'unavailable' }`
 * with `Retry-After` — never a 500 — and the app recovers without a restart.
 *
 * The routes are read from Fastify as they are registered (`onRoute`), so a new route is walked
 * without editing this file. A route that needs the database must answer 503; one that does not
 * is listed in WITHOUT_DATABASE with what it answers instead. A new route whose default request
 * (the admin's bearer token, params filled in, no body) is refused before it reaches the database
 * needs a valid request in REQUESTS, else it fails here, naming itself.
 *
 * PostgreSQL: the API talks to its database through a TCP proxy that the test cuts (every
 * connection dropped, new ones refused). PGlite runs inside the process and cannot be cut off
 * while the process lives; what can happen to it is the instance failing (closed, or dead after a
 * WASM abort). The PGlite pass closes the live instance under the running app and walks the same
 * routes: the answers must be the same 503s.
 */

interface Seeded {
  auth: { authorization: string };
  projectId: string;
  publicToken: string;
  feedbackId: string;
  modelId: string;
  filename: string;
  otherUserId: string;
  registerCheck: string;
  uploadCheck: string;
  resetCheck: string;
}

/** Routes that answer without the database, and their status during an outage. */
const WITHOUT_DATABASE: Record<string, number> = {
  // A constant table.
  'GET /api/materials': 200,
  // The API's description and its docs page, built from the contract at start-up.
  'GET /api/openapi.json': 200,
  'GET /api/docs': 200,
  // A signed challenge; verifying the answer needs the database.
  'GET /api/botcheck/challenge': 200,
  // Conversion runs on a worker thread and stores nothing.
  'POST /api/dcm/convert': 200,
  'GET /robots.txt': 200,
  // The viewer's HTML without its preload hints; the project request it makes then gets 503.
  'GET /viewer/:id': 200,
  // The web app's static files.
  'GET /*': 200,
};

/** Well-formed (256 bits, base64url) but never issued: the lookup needs the database. */
const RESET_TOKEN = 'A'.repeat(43);
const stl = smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 40);
const json = (payload: object): Partial<InjectOptions> => ({ payload });

/** Requests that would pass validation, so they reach the database. */
const REQUESTS: Record<string, (s: Seeded) => Partial<InjectOptions>> = {
  'POST /api/register': (s) =>
    json({
      name: 'Olga Outage',
      email: 'olga.outage@example.com',
      companyName: 'Outage Lab',
      password: STRONG_PASSWORD,
      turnstileToken: s.registerCheck,
    }),
  'POST /api/login': () => json({ email: 'olga.outage@example.com', password: STRONG_PASSWORD }),
  'POST /api/resend-verification': () => json({ email: 'olga.outage@example.com' }),
  'POST /api/login/bot-check': () => json({ email: 'olga.outage@example.com' }),
  'POST /api/forgot-password': (s) =>
    json({ email: 'olga.outage@example.com', turnstileToken: s.resetCheck }),
  'POST /api/reset-password/check': () => json({ token: RESET_TOKEN }),
  'POST /api/reset-password': () => json({ token: RESET_TOKEN, password: STRONG_PASSWORD }),
  'POST /api/projects': () =>
    multipart([
      { name: 'projectData', value: JSON.stringify(projectData()) },
      { name: 'models', filename: 'crown.stl', data: stl },
    ]),
  'POST /api/public/projects': (s) =>
    multipart([
      {
        name: 'projectData',
        value: JSON.stringify(projectData({ terms: true, turnstileToken: s.uploadCheck })),
      },
      { name: 'models', filename: 'crown.stl', data: stl },
    ]),
  'POST /api/projects/:id/versions': () =>
    multipart([
      { name: 'versionData', value: JSON.stringify({ note: 'New crown', keep: [] }) },
      { name: 'models', filename: 'crown.stl', data: stl },
    ]),
  'PUT /api/projects/:id/status': () => json({ status: 'approved' }),
  'POST /api/projects/:id/send-email': () => json({ doctorEmail: 'dr.outage@example.com' }),
  'POST /api/projects/:id/feedback': () => json({ message: 'Reply from the lab' }),
  'POST /api/public/projects/:token/feedback': () => json({ message: 'Margins look good' }),
  'POST /api/public/projects/:token/approve': () => json({ version: 1 }),
  'PUT /api/me/comment-mails': () => json({ commentMails: 'none' }),
  'PUT /api/projects/:id/link': () => json({ expiresAt: null, pin: '24681012' }),
  'POST /api/projects/:id/link/rotate': () => json({}),
  'POST /api/public/projects/:token/unlock': () => json({ pin: '24681012' }),
  'POST /api/public/projects/:token/opened': () => json({ browserId: 'outage-browser-1' }),
  'POST /api/public/projects/:token/comments': () =>
    json({ authorName: 'Dr. Outage', body: 'Margins look good' }),
  'POST /api/public/projects/:token/request-changes': () =>
    json({ authorName: 'Dr. Outage', body: 'Extend the margin' }),
  'POST /api/projects/:id/comments': () => json({ body: 'Reply from the lab' }),
  'POST /api/admin/projects/bulk-delete': (s) => json({ ids: [s.projectId] }),
  'POST /api/dcm/convert': () =>
    multipart([{ name: 'file', filename: 'scan.dcm', data: fixture('dcm', 'example_ca.dcm') }]),
  'GET /api/botcheck/challenge': () => ({ query: { purpose: 'login' } }),
  'GET /*': () => ({ url: '/index.html' }),
};

function paramValue(url: string, name: string, s: Seeded): string {
  if (name === 'id') return url.startsWith('/api/admin/users') ? s.otherUserId : s.projectId;
  if (name === 'token') {
    return url.startsWith('/api/verify-email')
      ? randomBytes(32).toString('base64url')
      : s.publicToken;
  }
  const known: Record<string, string> = {
    feedbackId: s.feedbackId,
    modelId: s.modelId,
    filename: s.filename,
    version: '1',
  };
  return known[name] ?? randomUUID();
}

interface Route {
  method: string;
  url: string;
}

/** `GET /x` for both GET and HEAD: HEAD answers as its GET does. */
const keyOf = (r: Route) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;

function requestFor(route: Route, s: Seeded): InjectOptions {
  const extra = REQUESTS[keyOf(route)]?.(s) ?? {};
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(paramValue(route.url, name, s)),
  );
  return {
    method: route.method as InjectOptions['method'],
    url,
    ...extra,
    headers: { ...s.auth, ...(extra.headers as Record<string, string> | undefined) },
  };
}

/** Every route of the real app, as Fastify registers them (HEAD included). */
async function registeredRoutes(t: TestApp): Promise<Route[]> {
  const routes: Route[] = [];
  const collect = (r: RouteOptions) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  };
  const app = await buildApp(t.deps, { onRoute: collect });
  await app.close();
  return routes;
}

async function solvedCheck(t: TestApp, purpose: string): Promise<string> {
  const res = await injectServed(t.app, {
    method: 'GET',
    url: '/api/botcheck/challenge',
    query: { purpose },
  });
  return encodeSolution((res.json() as { challenge: Challenge }).challenge);
}

async function seed(t: TestApp): Promise<Seeded> {
  const admin = await seedUser(t.deps, {
    name: 'Ada Admin',
    email: 'ada.outage@example.com',
    role: 'admin',
  });
  const other = await seedUser(t.deps, { name: 'Otto Other', email: 'otto.outage@example.com' });
  const project = await seedProject(t.deps, { userId: admin.id, name: 'Outage case' });
  const given = await injectServed(t.app, {
    method: 'POST',
    url: `/api/public/projects/${project.publicToken}/feedback`,
    payload: { message: 'First look' },
  });
  expect(given.statusCode, given.body).toBe(201);
  const loaded = await injectServed(t.app, {
    method: 'GET',
    url: `/api/projects/${project.id}`,
    headers: bearer(admin.token),
  });
  const model = (loaded.json() as { models: { id: string; filename: string }[] }).models[0]!;
  return {
    auth: bearer(admin.token),
    projectId: project.id,
    publicToken: project.publicToken,
    feedbackId: (given.json() as { feedback: { id: string } }).feedback.id,
    modelId: model.id,
    filename: model.filename,
    otherUserId: other.id,
    registerCheck: await solvedCheck(t, 'register'),
    uploadCheck: await solvedCheck(t, 'public-upload'),
    resetCheck: await solvedCheck(t, 'password-reset'),
  };
}

/** Walks every route with the database down; returns the routes that answered wrongly. */
async function walk(t: TestApp, routes: Route[], s: Seeded): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    const res = await injectServed(t.app, requestFor(route, s));
    const name = `${route.method} ${route.url}`;
    const expected = WITHOUT_DATABASE[keyOf(route)];
    if (expected !== undefined) {
      if (res.statusCode !== expected) wrong.push(`${name}: ${res.statusCode}, not ${expected}`);
      continue;
    }
    const retryAfter = res.headers['retry-after'];
    const body = route.method === 'HEAD' ? null : (res.json() as Record<string, unknown>);
    const ok =
      res.statusCode === 503 &&
      typeof retryAfter === 'string' &&
      /^\d+$/.test(retryAfter) &&
      (body === null || (body.code === 'unavailable' && typeof body.error === 'string'));
    if (!ok) {
      wrong.push(
        `${name}: ${res.statusCode} retry-after=${String(retryAfter)} ${res.body.slice(0, 200)}` +
          ' (needs the database? give it a valid request in REQUESTS; else list it in WITHOUT_DATABASE)',
      );
    }
  }
  return wrong;
}

async function statusOnceUp(t: TestApp, request: InjectOptions): Promise<number> {
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = (await injectServed(t.app, request)).statusCode;
    if (status !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  return status;
}

describe.runIf(Boolean(process.env.DATABASE_URL))('a PostgreSQL outage (pg)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let dropDb: () => Promise<void>;
  let routes: Route[];
  let seeded: Seeded;

  beforeAll(async () => {
    const created = await createPgDatabase();
    dropDb = created.drop;
    const u = new URL(created.url);
    proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    const viaProxy = new URL(withDatabase(created.url, u.pathname.slice(1)));
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    t = await startTestApp('pg', { DATABASE_URL: viaProxy.toString() });
    routes = await registeredRoutes(t);
    seeded = await seed(t);
  }, 120_000);
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
    await dropDb();
  });

  it('makes every route answer 503 unavailable with Retry-After, never 500', async () => {
    expect(routes.length).toBeGreaterThan(30);
    proxy.cut();
    try {
      expect(await walk(t, routes, seeded)).toEqual([]);
    } finally {
      proxy.restore();
    }
  }, 120_000);

  it('answers again once the database is back, without a restart', async () => {
    proxy.cut();
    expect((await injectServed(t.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    proxy.restore();
    expect(await statusOnceUp(t, { method: 'GET', url: '/api/health' })).toBe(200);
    const project = {
      method: 'GET' as const,
      url: `/api/projects/${seeded.projectId}`,
      headers: seeded.auth,
    };
    expect(await statusOnceUp(t, project)).toBe(200);
  });
});

describe('a failed embedded database (pglite)', () => {
  let t: TestApp;
  let routes: Route[];
  let seeded: Seeded;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    routes = await registeredRoutes(t);
    seeded = await seed(t);
  }, 120_000);
  afterAll(async () => t.close());

  it('makes every route answer 503 unavailable with Retry-After, never 500', async () => {
    expect(routes.length).toBeGreaterThan(30);
    await t.deps.db.close();
    expect(await walk(t, routes, seeded)).toEqual([]);
  }, 120_000);
});
