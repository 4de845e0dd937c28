import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { putEncrypted } from '../../../../api/src/blobs/encrypted.js';
import { projectStream, projectSubject } from '../../../../api/src/domain/project.js';
import { deleteProject } from '../../../../api/src/commands/deleteProject.js';
import { hashPublicToken } from '../../../../api/src/links/projectLinks.js';
import { mailTo, readOutboxDir, waitForMail } from '../../../support/accounts.js';
import {
  bearer,
  seedProject,
  seedUser,
  type SeededProject,
  type SeededUser,
} from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { fixtureStl } from '../../../support/meshFiles.js';

const json = { 'content-type': 'application/json' };
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(testDrivers())('public link control (%s)', (driver) => {
  let t: TestApp;
  let clock = new Date('2026-11-26T10:00:00.000Z');
  let tech: SeededUser;
  let other: SeededUser;
  let admin: SeededUser;
  /** Moves the injected clock; the owner signs in again (sessions end after 30 idle minutes). */
  const advance = async (ms: number) => {
    clock = new Date(clock.getTime() + ms);
    tech = { ...tech, token: await t.deps.accounts.sessions.create(tech.id) };
  };

  const events = async (projectId: string) =>
    (await t.deps.store.readStream(projectStream(projectId))).map((e) => e.type);

  async function project(
    name: string,
  ): Promise<SeededProject & { modelId: string; filename: string }> {
    const p = await seedProject(t.deps, { userId: tech.id, name, files: 1 });
    // A real mesh, so the view-derivative route answers 200 on a live link.
    const dk = await t.deps.keys.keyFor(projectSubject(p.id));
    await putEncrypted(
      t.deps.blobs,
      p.blobKeys[0]!,
      Readable.from([fixtureStl('upper-arch-crowns.stl')]),
      dk,
    );
    const modelId = p.blobKeys[0]!.split('/').pop()!;
    return { ...p, modelId, filename: `${modelId}.stl` };
  }

  const owner = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, who = tech) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(who.token), ...(body !== undefined ? json : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const setLink = (p: { id: string }, body: unknown, who = tech) =>
    owner('PUT', `/api/projects/${p.id}/link`, body, who);
  const unlock = (token: string, pin: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${token}/unlock`,
      headers: json,
      payload: JSON.stringify({ pin }),
    });
  const opened = (token: string, browserId: string, ua = DESKTOP_FIREFOX, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${token}/opened`,
      headers: { ...json, 'user-agent': ua, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ browserId }),
    });

  /** Every public route of a link, by name → status and code. */
  async function everyPublicRoute(
    token: string,
    p: { modelId: string; filename: string },
    cookie?: string,
  ): Promise<Record<string, { status: number; code: string | undefined }>> {
    const headers = cookie ? { cookie } : {};
    const base = `/api/public/projects/${token}`;
    const calls = {
      project: () => t.app.inject({ method: 'GET', url: base, headers }),
      file: () => t.app.inject({ method: 'GET', url: `${base}/files/${p.filename}`, headers }),
      view: () => t.app.inject({ method: 'GET', url: `${base}/view/${p.modelId}`, headers }),
      opened: () =>
        t.app.inject({
          method: 'POST',
          url: `${base}/opened`,
          headers: { ...headers, ...json },
          payload: '{}',
        }),
      feedback: () =>
        t.app.inject({
          method: 'POST',
          url: `${base}/feedback`,
          headers: { ...headers, ...json },
          payload: JSON.stringify({ message: 'Looks good' }),
        }),
      approve: () =>
        t.app.inject({
          method: 'POST',
          url: `${base}/approve`,
          headers: { ...headers, ...json },
          payload: JSON.stringify({ version: 1 }),
        }),
    };
    const out: Record<string, { status: number; code: string | undefined }> = {};
    for (const [name, call] of Object.entries(calls)) {
      const r = await call();
      let code: string | undefined;
      try {
        code = (r.json() as { code?: string }).code;
      } catch {
        code = undefined;
      }
      out[name] = { status: r.statusCode, code };
    }
    return out;
  }
  const all = (status: number, code: string) =>
    Object.fromEntries(
      ['project', 'file', 'view', 'opened', 'feedback', 'approve'].map((n) => [
        n,
        { status, code },
      ]),
    );

  let n = 0;
  beforeAll(async () => {
    // A minimal built web app, so the viewer page's hints are served whether or not web/dist exists.
    const webRoot = mkdtempSync(join(tmpdir(), 'cusp-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    t = await startTestApp(driver, {}, { now: () => clock, webRoot });
  });
  // Fresh accounts per test: sessions expire on the injected clock, which the tests move on.
  beforeEach(async () => {
    n += 1;
    tech = await seedUser(t.deps, { name: 'Tina Tech', email: `tina${n}@lab.test` });
    other = await seedUser(t.deps, { name: 'Otto Other', email: `otto${n}@lab.test` });
    admin = await seedUser(t.deps, { name: 'Ada Admin', email: `ada${n}@lab.test`, role: 'admin' });
  });
  afterAll(async () => t?.close());

  it('shows the owner and admins the link; others get 404, anonymous callers 401', async () => {
    const p = await project('Case A');
    const mine = await owner('GET', `/api/projects/${p.id}/link`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      state: 'active',
      expiresAt: null,
      pinSet: false,
      downloadsAllowed: false,
      openCount: 0,
      lastOpenedAt: null,
      publicLink: `http://cusp.test/viewer/${p.publicToken}`,
      lockedUntil: null,
      pinFailures: 0,
      views: [],
    });
    expect((await owner('GET', `/api/projects/${p.id}/link`, undefined, admin)).statusCode).toBe(
      200,
    );
    for (const [method, url, body] of [
      ['GET', `/api/projects/${p.id}/link`, undefined],
      ['PUT', `/api/projects/${p.id}/link`, { expiresAt: null, pin: null }],
      ['POST', `/api/projects/${p.id}/link/revoke`, undefined],
      ['POST', `/api/projects/${p.id}/link/rotate`, {}],
    ] as const) {
      const r = await owner(method, url, body, other);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      const anon = await t.app.inject({ method, url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await events(p.id)).toEqual(['ProjectCreated']);
  });

  it('refuses bad settings with a code and leaves nothing behind', async () => {
    const p = await project('Case B');
    const cases: [unknown, string][] = [
      [{ expiresAt: null, pin: '12345' }, 'invalid_pin'],
      [{ expiresAt: null, pin: '1234567890123' }, 'invalid_pin'],
      [{ expiresAt: null, pin: 'abcdef' }, 'invalid_pin'],
      [{ expiresAt: null, pin: '12 3456' }, 'invalid_pin'],
      [{ expiresAt: null, pin: 123456 }, 'validation_failed'],
      [{ expiresAt: 'next week', pin: null }, 'invalid_expiry'],
      [{ expiresAt: '2026-12-01', pin: null }, 'invalid_expiry'],
      [{ expiresAt: new Date(clock.getTime() - MIN).toISOString(), pin: null }, 'expiry_in_past'],
      [{ expiresAt: clock.toISOString(), pin: null }, 'expiry_in_past'],
      [{ pin: '123456' }, 'validation_failed'],
      [{ expiresAt: null, pin: '123456', extra: 1 }, 'validation_failed'],
    ];
    for (const [body, code] of cases) {
      const r = await setLink(p, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code, JSON.stringify(body)).toBe(code);
    }
    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${p.id}/link`,
      headers: { ...bearer(tech.token), 'content-type': 'text/plain' },
      payload: '{"expiresAt":null}',
    });
    expect(text.statusCode).toBe(415);
    const rotate = await owner('POST', `/api/projects/${p.id}/link/rotate`, {
      doctorEmail: 'not-an-address',
    });
    expect(rotate.statusCode).toBe(400);
    expect(rotate.json().code).toBe('INVALID_EMAIL');
    const bad = await unlock(p.publicToken, '12ab56');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_pin');
    expect(await events(p.id)).toEqual(['ProjectCreated']);
    expect((await owner('GET', `/api/projects/${p.id}/link`)).json()).toMatchObject({
      state: 'active',
      expiresAt: null,
      pinSet: false,
    });
    const token = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${p.publicToken}`,
    });
    expect(token.statusCode).toBe(200);
  });

  it('a PIN guards every public route until the browser unlocks it; the hash never leaves the server', async () => {
    const p = await project('Case C');
    const expiresAt = new Date(clock.getTime() + 7 * DAY).toISOString();
    const set = await setLink(p, { expiresAt, pin: '246810' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ state: 'active', expiresAt, pinSet: true });
    expect(set.body).not.toMatch(/argon2|246810/);
    expect(await everyPublicRoute(p.publicToken, p)).toEqual(all(401, 'pin_required'));

    const wrong = await unlock(p.publicToken, '111111');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await unlock(p.publicToken, '246810');
    expect(right.statusCode).toBe(200);
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toContain(`Path=/api/public/projects/${p.publicToken}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;

    const live = await everyPublicRoute(p.publicToken, p, cookie);
    expect(live).toMatchObject({
      project: { status: 200 },
      file: { status: 200 },
      view: { status: 200 },
      opened: { status: 204 },
      feedback: { status: 201 },
      approve: { status: 200 },
    });
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${p.publicToken}`,
      headers: { cookie },
    });
    expect(pub.json().link).toBeUndefined();
    expect(pub.body).not.toMatch(/argon2/);
    // A forged or stale grant does not open it.
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/projects/${p.publicToken}`,
          headers: { cookie: forged },
        })
      ).statusCode,
    ).toBe(401);

    // A new PIN voids grants made under the old one; keeping the PIN (omitted) does not.
    expect((await setLink(p, { expiresAt: null })).json()).toMatchObject({
      pinSet: true,
      expiresAt: null,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/projects/${p.publicToken}`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(200);
    await setLink(p, { expiresAt: null, pin: '13579135' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/projects/${p.publicToken}`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(401);
    // Clearing the PIN opens the link to anyone holding it.
    expect((await setLink(p, { expiresAt: null, pin: null })).json().pinSet).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` }))
        .statusCode,
    ).toBe(200);

    const history = await owner('GET', `/api/projects/${p.id}/history`);
    const actions = (history.json().items as { action: string }[]).map((i) => i.action);
    expect(actions.filter((a) => a === 'LinkSettingsChanged')).toHaveLength(4);
  });

  it('five wrong PINs lock the link for 15 minutes, and an unknown link answers exactly the same', async () => {
    const p = await project('Case D');
    await setLink(p, { expiresAt: null, pin: '97531086' });
    const unknown = `pub_${'x'.repeat(43)}`;
    for (const token of [p.publicToken, unknown]) {
      for (let i = 1; i <= 4; i++) {
        const r = await unlock(token, '00000000');
        expect(r.statusCode, `${token} try ${i}`).toBe(401);
        expect(r.json()).toEqual({
          error: 'The PIN is not correct',
          code: 'pin_incorrect',
          attemptsLeft: 5 - i,
        });
      }
      const fifth = await unlock(token, '00000000');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().code).toBe('link_locked');
      expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);
    }
    // Locked: even the right PIN is refused, without being checked.
    const rightButLocked = await unlock(p.publicToken, '97531086');
    expect(rightButLocked.statusCode).toBe(429);
    expect(rightButLocked.json().code).toBe('link_locked');
    expect(await events(p.id)).toContain('LinkPinLocked');
    expect((await owner('GET', `/api/projects/${p.id}/link`)).json().lockedUntil).toBe(
      new Date(clock.getTime() + 15 * MIN).toISOString(),
    );

    await advance(14 * MIN);
    expect((await unlock(p.publicToken, '97531086')).statusCode).toBe(429);
    await advance(MIN + 1000);
    const after = await unlock(p.publicToken, '97531086');
    expect(after.statusCode).toBe(200);
    // The run of failures starts over after a success.
    expect((await unlock(p.publicToken, '00000000')).json().attemptsLeft).toBe(4);
  });

  it('shows the owner the wrong PINs and the lock as they happen, and their end', async () => {
    const p = await project('Case D2');
    await setLink(p, { expiresAt: null, pin: '86420135' });
    const details = async () => (await owner('GET', `/api/projects/${p.id}/link`)).json();
    expect(await details()).toMatchObject({ pinFailures: 0, lockedUntil: null });
    for (let i = 1; i <= 3; i++)
      expect((await unlock(p.publicToken, '00000000')).statusCode).toBe(401);
    expect(await details()).toMatchObject({ pinFailures: 3, lockedUntil: null });
    // A run older than the lock period no longer counts.
    await advance(15 * MIN + 1000);
    expect(await details()).toMatchObject({ pinFailures: 0, lockedUntil: null });
    for (let i = 1; i <= 5; i++) await unlock(p.publicToken, '00000000');
    // No wait for a read model: the very next answer shows the lock.
    expect(await details()).toMatchObject({
      pinFailures: 5,
      lockedUntil: new Date(clock.getTime() + 15 * MIN).toISOString(),
    });
    await advance(15 * MIN + 1000);
    expect(await details()).toMatchObject({ pinFailures: 0, lockedUntil: null });
    expect((await unlock(p.publicToken, '86420135')).statusCode).toBe(200);
    expect((await unlock(p.publicToken, '00000000')).statusCode).toBe(401);
    expect((await unlock(p.publicToken, '86420135')).statusCode).toBe(200);
    // A right PIN ends the run.
    expect(await details()).toMatchObject({ pinFailures: 0, lockedUntil: null });
  });

  it('logs each opening once per browser per 30 minutes with device and browser, and shows the count', async () => {
    const p = await project('Case E');
    expect((await opened(p.publicToken, 'browser-aaaa-1111', IPHONE)).statusCode).toBe(204);
    await advance(10 * MIN);
    expect((await opened(p.publicToken, 'browser-aaaa-1111', IPHONE)).statusCode).toBe(204);
    expect((await opened(p.publicToken, 'browser-bbbb-2222')).statusCode).toBe(204);
    await advance(25 * MIN);
    expect((await opened(p.publicToken, 'browser-aaaa-1111', IPHONE)).statusCode).toBe(204);
    const bad = await opened(p.publicToken, 'x');
    expect(bad.statusCode).toBe(400);

    const link = (await owner('GET', `/api/projects/${p.id}/link`)).json();
    expect(link.openCount).toBe(3);
    expect(link.lastOpenedAt).toBe(clock.toISOString());
    expect(link.views).toEqual([
      { openedAt: clock.toISOString(), device: 'phone', browser: 'Safari' },
      {
        openedAt: new Date(clock.getTime() - 25 * MIN).toISOString(),
        device: 'desktop',
        browser: 'Firefox',
      },
      {
        openedAt: new Date(clock.getTime() - 35 * MIN).toISOString(),
        device: 'phone',
        browser: 'Safari',
      },
    ]);
    const list = await owner('GET', '/api/projects');
    const card = (list.json() as { id: string; link: unknown }[]).find((x) => x.id === p.id);
    expect(card?.link).toMatchObject({
      state: 'active',
      openCount: 3,
      lastOpenedAt: clock.toISOString(),
    });
    // No address, User-Agent or browser id in the events.
    const stored = JSON.stringify(
      (await t.deps.store.readStream(projectStream(p.id))).map((e) => e.data),
    );
    expect(stored).not.toMatch(/browser-aaaa|iPhone OS|127\.0\.0\.1/);
  });

  it('an expired link answers 410 link_expired on every public route (injected clock)', async () => {
    const p = await project('Case F');
    await setLink(p, {
      expiresAt: new Date(clock.getTime() + 2 * 60 * MIN).toISOString(),
      pin: null,
    });
    expect((await everyPublicRoute(p.publicToken, p)).project?.status).toBe(200);
    // The owner's project and list answers are kept between calls, but not past the expiry.
    const ownerState = async () => [
      (await owner('GET', `/api/projects/${p.id}`)).json().link.state,
      (await owner('GET', '/api/projects')).json().find((x: { id: string }) => x.id === p.id).link
        .state,
    ];
    expect(await ownerState()).toEqual(['active', 'active']);
    await advance(2 * 60 * MIN);
    expect(await everyPublicRoute(p.publicToken, p)).toEqual(all(410, 'link_expired'));
    expect(await ownerState()).toEqual(['expired', 'expired']);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${p.publicToken}`,
    });
    expect(gone.json()).toEqual({ error: 'This link has expired', code: 'link_expired' });
    expect((await owner('GET', `/api/projects/${p.id}/link`)).json().state).toBe('expired');
    // Never again: the owner extends it.
    await setLink(p, { expiresAt: null });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` }))
        .statusCode,
    ).toBe(200);
    // That answer is kept for the next caller; a PIN set now still guards the next call.
    await setLink(p, { expiresAt: null, pin: '10293847' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` })).json(),
    ).toMatchObject({ code: 'pin_required' });
  });

  it('revoke withdraws the link everywhere; rotate gives a new one and the old token stays withdrawn', async () => {
    const p = await project('Case G');
    const revoked = await owner('POST', `/api/projects/${p.id}/link/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().state).toBe('revoked');
    expect(await everyPublicRoute(p.publicToken, p)).toEqual(all(410, 'link_revoked'));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` })).json(),
    ).toEqual({
      error: 'This link was withdrawn by the sender',
      code: 'link_revoked',
    });

    const rotated = await owner('POST', `/api/projects/${p.id}/link/rotate`, {
      doctorEmail: 'dr.who@clinic.test',
    });
    expect(rotated.statusCode).toBe(200);
    const publicLink = rotated.json().publicLink as string;
    const fresh = publicLink.split('/').pop()!;
    expect(fresh).not.toBe(p.publicToken);
    expect(await everyPublicRoute(p.publicToken, p)).toEqual(all(410, 'link_revoked'));
    // The unlock call tells nothing about the old token either.
    expect((await unlock(p.publicToken, '12345678')).json().code).toBe('pin_incorrect');
    expect(await everyPublicRoute(fresh, p)).toMatchObject({
      project: { status: 200 },
      file: { status: 200 },
      view: { status: 200 },
    });
    expect((await owner('GET', `/api/projects/${p.id}/link`)).json()).toMatchObject({
      state: 'active',
      publicLink,
    });
    const mail = await waitForMail(() => readOutboxDir(t.dataDir), mailTo('dr.who@clinic.test'));
    expect(mail.decoded).toContain(publicLink);

    // A second rotation withdraws the first new token too.
    const again = (await owner('POST', `/api/projects/${p.id}/link/rotate`, {})).json()
      .publicLink as string;
    expect(await everyPublicRoute(fresh, p)).toEqual(all(410, 'link_revoked'));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${again.split('/').pop()}` }))
        .statusCode,
    ).toBe(200);

    const types = await events(p.id);
    expect(types.filter((x) => x.startsWith('Link'))).toEqual([
      'LinkRevoked',
      'LinkRotated',
      'LinkOpened',
      'LinkRotated',
    ]);
    expect(types).toContain('ProjectSentToDoctor');
    const history = (await owner('GET', `/api/projects/${p.id}/history`)).json().items as {
      action: string;
    }[];
    expect(history.map((i) => i.action)).toEqual(
      expect.arrayContaining(['LinkRevoked', 'LinkRotated']),
    );

    // Deleted: old and new tokens are unknown, and the link's rows are gone.
    const counted = await t.deps.db.query('SELECT 1 FROM link_pin_failures WHERE token_hash = $1', [
      hashPublicToken(p.publicToken),
    ]);
    expect(counted.rows).toHaveLength(1);
    await deleteProject(t.deps, p.id, 'owner', { actor: `user:${tech.id}` });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/projects/${p.publicToken}` }))
        .statusCode,
    ).toBe(404);
    // The wrong PIN tried on the old token above left a counter; it went with the project.
    const counters = await t.deps.db.query(
      'SELECT 1 FROM link_pin_failures WHERE token_hash = $1',
      [hashPublicToken(p.publicToken)],
    );
    expect(counters.rows).toHaveLength(0);
    for (const table of [
      'project_link_state',
      'project_link_views',
      'project_link_retired_tokens',
    ]) {
      const r = await t.deps.db.query(`SELECT 1 FROM ${table} WHERE project_id = $1`, [p.id]);
      expect(r.rows, table).toHaveLength(0);
    }
  });

  it('the viewer page carries no project hints for a PIN-protected, expired or withdrawn link', async () => {
    const p = await project('Case H');
    const page = async () => {
      const r = await t.app.inject({ method: 'GET', url: `/viewer/${p.publicToken}` });
      expect(r.statusCode).toBe(200);
      return r.body;
    };
    expect(await page()).toContain('cusp-views');
    await setLink(p, { expiresAt: null, pin: '55556666' });
    expect(await page()).not.toMatch(/cusp-views|as="fetch"/);
    await setLink(p, { expiresAt: new Date(clock.getTime() + MIN).toISOString(), pin: null });
    expect(await page()).toContain('cusp-views');
    await advance(2 * MIN);
    expect(await page()).not.toMatch(/cusp-views|as="fetch"/);
    await setLink(p, { expiresAt: null });
    await owner('POST', `/api/projects/${p.id}/link/revoke`);
    expect(await page()).not.toMatch(/cusp-views|as="fetch"/);
  });
});
