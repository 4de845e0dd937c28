import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_TTL_MS } from '../../../../api/src/auth/passwordResetTokens.js';
import { userStream } from '../../../../api/src/domain/user.js';
import { redactUrl } from '../../../../api/src/http/redact.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import {
  STRONG_PASSWORD,
  freshIp,
  mailTo,
  solveBotCheck,
  verificationToken,
  waitForMail,
  type ReceivedMail,
} from '../../../support/accounts.js';
import { testDrivers } from '../../../support/db.js';
import { startSmtpPeer, type SmtpPeer } from '../../../support/smtpPeer.js';

const SENT =
  'If an account with this email address exists, we have sent it a link to choose a new password. The link is valid for 1 hour.';
const NEW_PASSWORD = 'violet-harbour-kettle-7';
const RESET_SUBJECT = /^Subject: Reset your Cusp password\r?$/m;

const resetToken = (m: ReceivedMail) =>
  /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(m.decoded)?.[1];

/** Forgot password, through the API, with a real SMTP peer. */
describe.each(testDrivers())('forgot password API (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let n = 0;
  let offsetMs = 0;
  const uniqueEmail = () => `reset${++n}.${driver}@example.com`;
  const admin = `admin.reset.${driver}@example.com`;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp(
      driver,
      { TRUST_PROXY: 'true', SMTP_URL: peer.url, ADMIN_EMAILS: admin },
      { now: () => new Date(Date.now() + offsetMs) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const login = (email: string, password: string) => post('/api/login', { email, password });
  const forgot = async (email: string) =>
    post('/api/forgot-password', {
      email,
      turnstileToken: await solveBotCheck(t.app, 'password-reset'),
    });

  async function verifiedUser(email = uniqueEmail()): Promise<{ email: string; id: string }> {
    const reg = await post('/api/register', {
      name: 'Rita Reset',
      email,
      companyName: 'Reset Dental',
      password: STRONG_PASSWORD,
      turnstileToken: await solveBotCheck(t.app, 'register'),
    });
    expect(reg.statusCode).toBe(201);
    const mail = await waitForMail(
      () => peer.mails,
      (m) => mailTo(email)(m) && !!verificationToken(m),
    );
    const verified = await post(`/api/verify-email/${verificationToken(mail)}`);
    expect(verified.statusCode).toBe(200);
    return { email, id: verified.json().user.id as string };
  }

  /** The reset link in the next reset mail to `email` that is not in `seen`. */
  async function mailedResetToken(email: string, seen: string[] = []): Promise<string> {
    const mail = await waitForMail(
      () => peer.mails,
      (m) => mailTo(email)(m) && !!resetToken(m) && !seen.includes(resetToken(m)!),
    );
    return resetToken(mail)!;
  }

  const userEvents = async (userId: string) =>
    (await t.deps.store.readStream(userStream(userId))).map((e) => ({
      type: e.type,
      data: e.data,
      actor: (e.metadata as { actor?: string }).actor,
    }));

  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const { email } = await verifiedUser();
    const ghost = `ghost.${driver}@example.com`;
    const unknown = await forgot(ghost);
    const known = await forgot(email);
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: SENT });

    const mail = await waitForMail(
      () => peer.mails,
      (m) => mailTo(email)(m) && RESET_SUBJECT.test(m.raw),
    );
    expect(mail.decoded).toContain('http://cusp.test/reset-password?token=');
    expect(mail.decoded).toContain('The link is valid for 1 hour and can be used once.');
    expect(peer.mails.filter(mailTo(ghost))).toEqual([]);
  });

  it('requires the bot check, bound to this purpose', async () => {
    const missing = await post('/api/forgot-password', { email: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'captcha_required' });
    const wrongPurpose = await post('/api/forgot-password', {
      email: 'a@example.com',
      turnstileToken: await solveBotCheck(t.app, 'login'),
    });
    expect(wrongPurpose.statusCode).toBe(403);
    const blank = await post('/api/forgot-password', { email: '  ' });
    expect(blank.json()).toEqual({
      error: 'Please enter your email address',
      code: 'fields_required',
    });
  });

  it('sets a new password under the policy once, ends every session, and is recorded and audited', async () => {
    const { email, id } = await verifiedUser();
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) sessions.push((await login(email, STRONG_PASSWORD)).json().token);
    for (const s of sessions) expect((await get('/api/me', s)).statusCode).toBe(200);

    expect((await forgot(email)).statusCode).toBe(202);
    const token = await mailedResetToken(email);

    // Checking the link is a read: it stays usable.
    for (let i = 0; i < 2; i++) {
      const check = await post('/api/reset-password/check', { token });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ valid: true });
    }

    // The password policy holds, and a refused password uses nothing up.
    const policy: [string, string][] = [
      ['short-pass1', 'password_too_short'],
      ['Password1234', 'password_too_common'],
      ['p'.repeat(300), 'password_too_long'],
    ];
    for (const [password, code] of policy) {
      const r = await post('/api/reset-password', { token, password });
      expect(r.statusCode, code).toBe(400);
      expect(r.json().code).toBe(code);
    }
    expect((await post('/api/reset-password', { token })).json()).toEqual({
      error: 'Please enter a new password',
      code: 'fields_required',
    });
    expect((await post('/api/reset-password/check', { token })).statusCode).toBe(200);
    expect((await get('/api/me', sessions[0]!)).statusCode).toBe(200);

    const done = await post('/api/reset-password', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your password has been changed. Please sign in with your new password.',
    });

    // Every session ended; the link is used up; only the new password works.
    for (const s of sessions) expect((await get('/api/me', s)).statusCode).toBe(401);
    const again = await post('/api/reset-password', { token, password: 'another-fine-password-9' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      error: 'This password reset link is invalid, has expired or was already used.',
      code: 'reset_link_invalid',
    });
    expect((await post('/api/reset-password/check', { token })).statusCode).toBe(410);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await get('/api/me', fresh.json().token)).statusCode).toBe(200);

    // The owner is told by mail.
    await waitForMail(
      () => peer.mails,
      (m) => mailTo(email)(m) && /^Subject: Your Cusp password was changed\r?$/m.test(m.raw),
    );

    // Events: past tense, no address, token or password in them.
    const events = await userEvents(id);
    const requested = events.filter((e) => e.type === 'PasswordResetRequested');
    const changed = events.filter((e) => e.type === 'PasswordChanged');
    expect(requested).toHaveLength(1);
    expect(requested[0]!.actor).toBe('anonymous');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.actor).toBe(`user:${id}`);
    expect(changed[0]!.data).toMatchObject({ userId: id, via: 'reset_link' });
    const raw = JSON.stringify(events);
    for (const secret of [token, NEW_PASSWORD, email, 'Rita Reset']) {
      expect(raw).not.toContain(secret);
    }
    const stored = await t.deps.db.query<{ c: number }>(
      `SELECT count(*)::int AS c FROM events WHERE data::text LIKE $1 OR metadata::text LIKE $1`,
      [`%${token.slice(0, 20)}%`],
    );
    expect(stored.rows[0]!.c).toBe(0);

    // The audit history shows both, for an admin.
    await verifiedUser(admin);
    const adminToken = (await login(admin, STRONG_PASSWORD)).json().token as string;
    await vi.waitFor(
      async () => {
        const audit = await get(`/api/admin/audit?userId=${id}`, adminToken);
        expect(audit.statusCode).toBe(200);
        const actions = (audit.json().items as { action: string }[]).map((i) => i.action);
        expect(actions).toEqual(
          expect.arrayContaining(['PasswordResetRequested', 'PasswordChanged']),
        );
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('stores reset links hashed: the table holds no token', async () => {
    const { email } = await verifiedUser();
    await forgot(email);
    const token = await mailedResetToken(email);
    const rows = await t.deps.db.query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM password_reset_tokens',
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) {
      expect(Buffer.from(r.token_hash).toString('base64url')).not.toBe(token);
      expect(Buffer.from(r.token_hash).toString('utf8')).not.toContain(token);
    }
  });

  it('keeps an earlier link valid after a later request, and a reset ends them all', async () => {
    const { email } = await verifiedUser();
    await forgot(email);
    const first = await mailedResetToken(email);
    await forgot(email);
    const second = await mailedResetToken(email, [first]);
    expect((await post('/api/reset-password/check', { token: first })).statusCode).toBe(200);
    expect(
      (await post('/api/reset-password', { token: second, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await post('/api/reset-password/check', { token: first })).statusCode).toBe(410);
    expect(
      (await post('/api/reset-password', { token: first, password: NEW_PASSWORD })).statusCode,
    ).toBe(410);
  });

  it('ends a link after 1 hour (injected clock)', async () => {
    const { email } = await verifiedUser();
    await forgot(email);
    const token = await mailedResetToken(email);
    try {
      offsetMs = PASSWORD_RESET_TTL_MS - 60_000;
      expect((await post('/api/reset-password/check', { token })).statusCode).toBe(200);
      offsetMs = PASSWORD_RESET_TTL_MS + 1_000;
      expect((await post('/api/reset-password/check', { token })).statusCode).toBe(410);
      const late = await post('/api/reset-password', { token, password: NEW_PASSWORD });
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe('reset_link_invalid');
    } finally {
      offsetMs = 0;
    }
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps reset links out of logged URLs: the page URL is redacted, API calls carry none', () => {
    const token = 'A'.repeat(43);
    expect(redactUrl(`/reset-password?token=${token}`)).toBe('/reset-password?token=[redacted]');
    expect(redactUrl(`/reset-password?x=1&token=${token}`)).not.toContain(token);
  });

  it('refuses malformed and unknown links with the same 410', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), '../../etc/passwd']) {
      const r = await post('/api/reset-password', { token, password: NEW_PASSWORD });
      expect(r.statusCode, token).toBe(410);
      expect(r.json().code).toBe('reset_link_invalid');
    }
    expect(
      (await post('/api/reset-password', { token: 'x'.repeat(101), password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(400);
  });

  it('is rate-limited like login: 20 a minute per client address, 3 mails an hour per account', async () => {
    for (const url of [
      '/api/forgot-password',
      '/api/reset-password',
      '/api/reset-password/check',
    ]) {
      const ip = freshIp();
      const hit = () => post(url, {}, { 'x-forwarded-for': ip });
      for (let i = 0; i < 20; i++) expect((await hit()).statusCode).not.toBe(429);
      const limited = await hit();
      expect(limited.statusCode, url).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }

    const { email, id } = await verifiedUser();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await forgot(email));
    for (const a of answers) expect(a.json()).toEqual({ message: SENT });
    await t.deps.afterAnswer.idle();
    const queued = await t.deps.db.query<{ c: number }>(
      `SELECT count(*)::int AS c FROM outbox WHERE kind = 'password-reset' AND subject_id = $1`,
      [`user-${id}`],
    );
    expect(queued.rows[0]!.c).toBe(3);
  });
});
