import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProject } from '../../../api/src/commands/deleteProject.js';
import { deleteUserCascade } from '../../../api/src/commands/deleteUser.js';
import { COMMENT_CAP_MESSAGE } from '../../../api/src/routes/review.js';
import { sendDueDigests } from '../../../api/src/commands/reviewMails.js';
import { DIGEST_SUBJECT } from '../../../api/src/mail/projectMails.js';
import { freshIp, mailTo, waitForMail, type ReceivedMail } from '../../support/accounts.js';
import { bearer, seedProject, seedUser, type SeededUser } from '../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtpPeer.js';

const json = { 'content-type': 'application/json' };
const MIN = 60_000;
const CAP = 5;
const FEEDBACK_SUBJECT = 'A doctor left feedback on your case on Cusp';
const subjectOf = (m: ReceivedMail) => /^Subject: (.*?)\r?$/m.exec(m.raw)?.[1] ?? '';

/**
 * 120 comments from rotating addresses in 32 s were all taken, each one a mail to the
 * technician (a load run sent 359 mails to one technician).
 */
describe.each(testDrivers())('comment cap per link and comment mails (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let clock = new Date('2026-12-01T09:00:00.000Z');
  let n = 0;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp(
      driver,
      { SMTP_URL: peer.url, TRUST_PROXY: 'true', COMMENTS_PER_LINK_PER_HOUR: String(CAP) },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  async function technician(): Promise<SeededUser> {
    n += 1;
    return seedUser(t.deps, { name: 'Mila Mail', email: `mila${n}.${driver}@lab.example` });
  }
  const comment = (token: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${token}/comments`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ authorName: 'Dr. Rota', body }),
    });
  const setMode = (who: SeededUser, commentMails: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/comment-mails',
      headers: { ...json, ...bearer(who.token) },
      payload: JSON.stringify({ commentMails }),
    });
  /** Waits until the outbox has delivered everything, then the mails the technician received. */
  async function delivered(who: SeededUser): Promise<ReceivedMail[]> {
    for (let i = 0; i < 200; i++) {
      const r = await t.deps.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM outbox WHERE status IN ('pending', 'sending')`,
      );
      if (r.rows[0]!.n === '0') break;
      await new Promise((res) => setTimeout(res, 50));
    }
    return peer.mails.filter(mailTo(who.email));
  }

  it('takes at most N comments per link per hour from all addresses, then 429 rate_limited', async () => {
    const tech = await technician();
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Capped', files: 1 });
    const other = await seedProject(t.deps, { userId: tech.id, name: 'Other', files: 1 });
    for (let i = 0; i < CAP; i++)
      expect((await comment(p.publicToken, `c${i}`)).statusCode).toBe(201);
    const over = await comment(p.publicToken, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: COMMENT_CAP_MESSAGE, code: 'rate_limited' });
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // The other doctor writes share the cap.
    const changes = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/request-changes`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ authorName: 'Dr. Rota', body: 'more' }),
    });
    expect(changes.statusCode).toBe(429);
    const feedback = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/feedback`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ message: 'more' }),
    });
    expect(feedback.statusCode).toBe(429);
    // Nothing of the refused ones was stored; another link keeps its own allowance.
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${p.id}/comments`,
      headers: bearer(tech.token),
    });
    expect(thread.json().comments).toHaveLength(CAP);
    expect((await comment(other.publicToken, 'fine')).statusCode).toBe(201);
    // The window ends after an hour.
    clock = new Date(clock.getTime() + 61 * MIN);
    expect((await comment(p.publicToken, 'next hour')).statusCode).toBe(201);
  });

  it('digest (the default): the first comment mailed at once, the next ones in one mail after 10 minutes', async () => {
    const tech = await technician();
    const mode = await t.app.inject({
      method: 'GET',
      url: '/api/me/comment-mails',
      headers: bearer(tech.token),
    });
    expect(mode.json()).toEqual({ commentMails: 'digest' });
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Digest case', files: 1 });
    for (const body of ['first note', 'second note', 'third note']) {
      expect((await comment(p.publicToken, body)).statusCode).toBe(201);
    }
    await waitForMail(
      () => peer.mails,
      (m) => mailTo(tech.email)(m) && m.decoded.includes('first note'),
    );
    await sendDueDigests(t.deps);
    let mails = await delivered(tech);
    expect(mails.map(subjectOf)).toEqual([FEEDBACK_SUBJECT]);

    clock = new Date(clock.getTime() + 10 * MIN);
    await sendDueDigests(t.deps);
    const digest = await waitForMail(
      () => peer.mails,
      (m) => mailTo(tech.email)(m) && subjectOf(m) === DIGEST_SUBJECT,
    );
    expect(digest.decoded).toContain('Doctors left 2 more comments on the case "Digest case".');
    expect(digest.decoded).not.toContain('second note');
    mails = await delivered(tech);
    expect(mails.map(subjectOf)).toEqual([FEEDBACK_SUBJECT, DIGEST_SUBJECT]);

    // Within 10 minutes of the digest a comment waits; after a quiet spell one goes at once.
    clock = new Date(clock.getTime() + 11 * MIN);
    await sendDueDigests(t.deps);
    expect((await comment(p.publicToken, 'after the quiet')).statusCode).toBe(201);
    await waitForMail(
      () => peer.mails,
      (m) => mailTo(tech.email)(m) && m.decoded.includes('after the quiet'),
    );
    expect((await delivered(tech)).map(subjectOf)).toEqual([
      FEEDBACK_SUBJECT,
      DIGEST_SUBJECT,
      FEEDBACK_SUBJECT,
    ]);
  });

  it('instant mails every comment; none mails no comment but still the approval', async () => {
    const instant = await technician();
    expect((await setMode(instant, 'instant')).json()).toEqual({ commentMails: 'instant' });
    const p = await seedProject(t.deps, { userId: instant.id, name: 'Instant case', files: 1 });
    for (const body of ['i1', 'i2', 'i3'])
      expect((await comment(p.publicToken, body)).statusCode).toBe(201);
    await waitForMail(
      () => peer.mails,
      (m) => mailTo(instant.email)(m) && m.decoded.includes('i3'),
    );
    expect(await delivered(instant)).toHaveLength(3);

    const quiet = await technician();
    expect((await setMode(quiet, 'none')).statusCode).toBe(200);
    const q = await seedProject(t.deps, { userId: quiet.id, name: 'Quiet case', files: 1 });
    for (const body of ['n1', 'n2'])
      expect((await comment(q.publicToken, body)).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 11 * MIN);
    await sendDueDigests(t.deps);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${q.publicToken}/approve`,
      headers: { ...json, 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ version: 1 }),
    });
    expect(approved.statusCode).toBe(200);
    await waitForMail(() => peer.mails, mailTo(quiet.email));
    expect((await delivered(quiet)).map(subjectOf)).toEqual([
      'A doctor approved your case on Cusp',
    ]);

    const bad = await setMode(quiet, 'hourly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('leaves no counters of a deleted project and no setting of a deleted account', async () => {
    const tech = await technician();
    expect((await setMode(tech, 'instant')).statusCode).toBe(200);
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Gone case', files: 1 });
    await setMode(tech, 'digest');
    for (const body of ['g1', 'g2'])
      expect((await comment(p.publicToken, body)).statusCode).toBe(201);
    const rows = async (sql: string, id: string) => (await t.deps.db.query(sql, [id])).rows.length;
    const digestRows = 'SELECT 1 FROM comment_mail_digests WHERE project_id = $1';
    const settingRows = 'SELECT 1 FROM comment_mail_settings WHERE user_id = $1';
    expect(await rows(digestRows, p.id)).toBe(1);
    await deleteProject(t.deps, p.id, 'owner', { actor: `user:${tech.id}` });
    expect(await rows(digestRows, p.id)).toBe(0);
    expect(await rows(settingRows, tech.id)).toBe(1);
    await deleteUserCascade(t.deps, tech.id, { actor: 'system' });
    expect(await rows(settingRows, tech.id)).toBe(0);
  });
});
