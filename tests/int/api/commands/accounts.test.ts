import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from '../../../../api/src/auth/passwords.js';
import { userSubject } from '../../../../api/src/domain/user.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import {
  STRONG_PASSWORD,
  freshIp,
  mailTo,
  mailedVerificationToken,
  readOutboxDir,
  solveBotCheck,
  verificationToken,
  waitForMail,
} from '../../../support/accounts.js';
import { testDrivers } from '../../../support/db.js';
import { deleteAccount } from '../../../../api/src/commands/deleteUser.js';
import { setRole } from '../../../../api/src/commands/roles.js';

const REGISTERED =
  'Registration successful! Please check your email to verify your account before logging in.';

describe.each(testDrivers())('accounts API (%s)', (driver) => {
  let t: TestApp;
  let n = 0;
  const uniqueEmail = () => `lab${++n}.${driver}@example.com`;

  beforeAll(async () => {
    t = await startTestApp(driver, {
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: `boss.${driver}@example.com`,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });

  async function register(email: string, extra: Record<string, unknown> = {}, headers = {}) {
    return post(
      '/api/register',
      {
        name: 'Ada Lab',
        email,
        companyName: 'Ada Dental Lab',
        password: STRONG_PASSWORD,
        turnstileToken: await solveBotCheck(t.app, 'register'),
        ...extra,
      },
      headers,
    );
  }

  const tokenFor = (email: string, after: string[] = []) =>
    mailedVerificationToken(t.dataDir, email, after);

  async function verifiedUser(email = uniqueEmail()) {
    expect((await register(email)).statusCode).toBe(201);
    const token = await tokenFor(email);
    expect((await post(`/api/verify-email/${token}`, undefined)).statusCode).toBe(200);
    return email;
  }

  async function login(
    email: string,
    password = STRONG_PASSWORD,
    extra: Record<string, unknown> = {},
  ) {
    return post('/api/login', { email, password, ...extra });
  }

  it('registers, verifies by the mailed link, logs in, answers /me and logs out', async () => {
    const email = uniqueEmail();
    const reg = await register(email, {}, { host: 'evil.example' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ requiresVerification: true, message: REGISTERED });

    const mail = await waitForMail(() => readOutboxDir(t.dataDir), mailTo(email));
    // Links come from PUBLIC_BASE_URL, never from the Host header (row 56).
    expect(mail.decoded).toContain('http://cusp.test/verify-email?token=');
    expect(mail.decoded).not.toContain('evil.example');
    const token = verificationToken(mail)!;

    // Before verification a correct password gets no session.
    const early = await login(email);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({
      requiresVerification: true,
      message: 'Please verify your email address before logging in.',
    });

    // The GET (a mail scanner) changes nothing (row 62).
    const peek = await t.app.inject({ method: 'GET', url: `/api/verify-email/${token}` });
    expect(peek.statusCode).toBe(200);
    expect((await login(email)).json().requiresVerification).toBe(true);

    const verify = await post(`/api/verify-email/${token}`, undefined);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      message: 'Email verified successfully!',
      user: {
        email,
        name: 'Ada Lab',
        companyName: 'Ada Dental Lab',
        emailVerified: true,
        role: 'user',
      },
    });
    const again = await post(`/api/verify-email/${token}`, undefined);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBeTruthy();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/verify-email/${token}` })).statusCode,
    ).toBe(410);

    // The welcome mail follows.
    await waitForMail(
      () => readOutboxDir(t.dataDir),
      (m) => mailTo(email)(m) && /Subject: Welcome to Cusp/.test(m.raw),
    );

    const ok = await login(email);
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      requiresVerification: false,
      user: { email, emailVerified: true, role: 'user' },
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: body.user.id, email, name: 'Ada Lab' });

    const out = await post('/api/logout', undefined, { authorization: `Bearer ${body.token}` });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers a second registration of an address like a new one and creates no second account', async () => {
    const email = await verifiedUser();
    const before = await t.deps.db.query('SELECT count(*)::int AS c FROM user_emails');
    const dup = await register(`  ${email.toUpperCase()} `);
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual({ requiresVerification: true, message: REGISTERED });
    const afterCount = await t.deps.db.query('SELECT count(*)::int AS c FROM user_emails');
    expect(afterCount.rows).toEqual(before.rows);
    // The owner learns about it by mail instead.
    await waitForMail(
      () => readOutboxDir(t.dataDir),
      (m) => mailTo(email)(m) && /Subject: You already have a Cusp account/.test(m.raw),
    );
  });

  it('answers unknown and known addresses the same on a wrong password, in similar time', async () => {
    const email = await verifiedUser();
    const unknown = `nobody.${driver}@example.com`;
    const a = await login(email, 'wrong-password-123');
    const b = await login(unknown, 'wrong-password-123');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({
      error: 'Invalid email or password',
      code: 'invalid_credentials',
      captchaRequired: false,
    });

    // Timing: both paths run exactly one full argon2id verification (row "Account enumeration").
    // Counted, not timed: wall-clock assertions flake on a loaded machine; the benchmark times it.
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      verify.mockClear();
      await login(await verifiedUser(`t${driver}${n}@example.com`), 'wrong-password-123');
      expect(verify).toHaveBeenCalledTimes(1);
      verify.mockClear();
      await login(`u${driver}${n}@example.com`, 'wrong-password-123');
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('requires the bot check from the third attempt, counting failures server-side', async () => {
    const email = await verifiedUser();
    expect((await login(email, 'wrong-password-123')).json().captchaRequired).toBe(false);
    const second = await login(email, 'wrong-password-123');
    expect(second.statusCode).toBe(401);
    expect(second.json().captchaRequired).toBe(true);

    // Even the right password is refused without the check (row 61), and that counts as a failure.
    const missing = await login(email);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'captcha_required',
      error: 'Please complete the security verification.',
      captchaRequired: true,
    });
    const row = await t.deps.db.query<{ failures: number }>(
      'SELECT failures FROM login_failures ORDER BY last_failure_at DESC LIMIT 1',
    );
    expect(row.rows[0]!.failures).toBe(3);

    // A payload solved for another purpose does not pass.
    const wrongPurpose = await login(email, STRONG_PASSWORD, {
      turnstileToken: await solveBotCheck(t.app, 'register'),
    });
    expect(wrongPurpose.statusCode).toBe(403);

    const payload = await solveBotCheck(t.app, 'login');
    const ok = await login(email, STRONG_PASSWORD, { turnstileToken: payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    // The same payload cannot be used again (replay), and the counter was reset by the success.
    const replay = await login(email, STRONG_PASSWORD, { turnstileToken: payload });
    expect(replay.statusCode).toBe(200);
    await login(email, 'wrong-password-123');
    await login(email, 'wrong-password-123');
    const replayed = await login(email, STRONG_PASSWORD, { turnstileToken: payload });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('captcha_replay');
  });

  it('tells the login page before a submit whether the bot check is required, the same for unknown addresses', async () => {
    const email = await verifiedUser();
    const unknown = `nobody.check.${driver}@example.com`;
    const required = async (address: string) => {
      const r = await post('/api/login/bot-check', { email: address });
      expect(r.statusCode).toBe(200);
      return r.json() as { captchaRequired: boolean };
    };
    expect(await required(email)).toEqual({ captchaRequired: false });
    expect(await required(unknown)).toEqual({ captchaRequired: false });
    for (let i = 0; i < 2; i++) {
      await login(email, 'wrong-password-123');
      await login(unknown, 'wrong-password-123');
    }
    // Counted per address, whatever device failed: the page asks before the user submits.
    expect(await required(`  ${email.toUpperCase()} `)).toEqual({ captchaRequired: true });
    expect(await required(unknown)).toEqual({ captchaRequired: true });
    // Asking is not an attempt and resets nothing.
    expect(await required(email)).toEqual({ captchaRequired: true });
    const ok = await login(email, STRONG_PASSWORD, {
      turnstileToken: await solveBotCheck(t.app, 'login'),
    });
    expect(ok.statusCode).toBe(200);
    expect(await required(email)).toEqual({ captchaRequired: false });
    expect((await post('/api/login/bot-check', {})).statusCode).toBe(400);
  });

  it('caps failures at 100 per hour per account with 429 and Retry-After, even with a valid check', async () => {
    const email = await verifiedUser();
    await login(email, 'wrong-password-123');
    await t.deps.db.query(
      `UPDATE login_failures SET window_failures = 100 WHERE account_key = $1`,
      [t.deps.accounts.lookup(email)],
    );
    const res = await login(email, STRONG_PASSWORD, {
      turnstileToken: await solveBotCheck(t.app, 'login'),
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad registration input with 400 before any work (rows 46, 51–53, 55, 57)', async () => {
    const base = {
      name: 'Ada',
      email: uniqueEmail(),
      companyName: 'Lab',
      password: STRONG_PASSWORD,
      turnstileToken: 'x',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'fields_required'],
      [{ ...base, password: undefined }, 'fields_required'],
      [{ ...base, password: 'short-pass1' }, 'password_too_short'],
      [{ ...base, password: 'p'.repeat(2048) }, 'password_too_long'],
      [{ ...base, password: 'x'.repeat(1_000_000) }, 'validation_failed'],
      [{ ...base, password: 'Password1234' }, 'password_too_common'],
      [{ ...base, role: 'admin' }, 'validation_failed'],
      [{ ...base, emailVerified: true }, 'validation_failed'],
      [{ ...base, name: 'Ada\u0000' }, 'invalid_text'],
      [{ ...base, name: 'scan\u202Eexe' }, 'invalid_text'],
      [{ ...base, email: 'doc@x.com\r\nBcc: victim@y.com' }, 'captcha_invalid'],
    ];
    for (const [payload, code] of cases) {
      const res = await post('/api/register', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    // With a real check, a bad address is refused too, and no mail leaves.
    for (const email of [
      'doc@x.com\r\nBcc: victim@y.com',
      '"admin@lab.com" <evil@x.com>',
      'a@x.com,b@y.com',
      'аdmin@lab.com',
    ]) {
      const res = await register(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_email');
    }
    const missingCheck = await post('/api/register', { ...base, turnstileToken: undefined });
    expect(missingCheck.statusCode).toBe(400);
    expect(missingCheck.json()).toEqual({
      error: 'Please complete the security verification',
      code: 'captcha_required',
    });
    const events = await t.deps.db.query(
      `SELECT count(*)::int AS c FROM events WHERE data::text LIKE '%victim%'`,
    );
    expect(events.rows[0]).toEqual({ c: 0 });
  });

  it('refuses login input without both fields with the spec text', async () => {
    const res = await post('/api/login', { email: 'a@b.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Please enter both email and password.',
      code: 'fields_required',
    });
    const long = await post('/api/login', { email: 'a@b.co', password: 'x'.repeat(100_000) });
    expect(long.statusCode).toBe(400);
  });

  it('ends sessions after 30 minutes idle and after 12 hours, and on user deletion', async () => {
    const email = await verifiedUser();
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push((await login(email)).json().token as string);
    const me = (tok: string) =>
      t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${tok}` } });
    expect((await me(tokens[0]!)).statusCode).toBe(200);

    const { hashToken } = await import('../../../../api/src/auth/secrets.js');
    await t.deps.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`,
      [hashToken(tokens[0]!)],
    );
    expect((await me(tokens[0]!)).statusCode).toBe(401);
    await t.deps.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`,
      [hashToken(tokens[1]!)],
    );
    expect((await me(tokens[1]!)).statusCode).toBe(401);

    // Tampered, truncated and foreign tokens are 401 too.
    const live = tokens[2]!;
    for (const bad of [
      live.slice(0, -1),
      `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`,
      `${live}%20`,
      'x'.repeat(43),
    ]) {
      expect((await me(bad)).statusCode).toBe(401);
    }
    const userId = (await me(live)).json().user.id as string;
    await deleteAccount(t.deps, userId, { actor: 'admin:test' });
    expect((await me(live)).statusCode).toBe(401);
    // Crypto-shredded: the sealed fields in the events are unreadable now.
    const ev = await t.deps.db.query<{ data: { email: string } }>(
      `SELECT data FROM events WHERE stream = $1 AND type = 'UserRegistered'`,
      [`user-${userId}`],
    );
    expect(await t.deps.keys.open(userSubject(userId), 'email', ev.rows[0]!.data.email)).toBeNull();
    expect((await login(email)).statusCode).toBe(401);
  });

  it('resends the verification mail with the same answer for any address; the new link replaces the old', async () => {
    const email = uniqueEmail();
    expect((await register(email)).statusCode).toBe(201);
    const first = await tokenFor(email);
    const unknown = await post('/api/resend-verification', {
      email: `ghost.${driver}@example.com`,
    });
    const known = await post('/api/resend-verification', { email });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const second = await tokenFor(email, [first]);
    // The user asked for a new link: the one before it stops working.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/verify-email/${first}` })).statusCode,
    ).toBe(410);
    expect((await post(`/api/verify-email/${second}`, undefined)).statusCode).toBe(200);
  });

  it('makes ADMIN_EMAILS addresses admins and grants roles through the CLI path', async () => {
    const boss = await verifiedUser(`boss.${driver}@example.com`);
    expect((await login(boss)).json().user.role).toBe('admin');

    const email = await verifiedUser();
    const granted = await setRole(t.deps, { email, role: 'admin', grant: true });
    expect(granted.role).toBe('admin');
    const tok = (await login(email)).json().token as string;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${tok}` },
    });
    expect(me.json().user.role).toBe('admin');
    expect((await setRole(t.deps, { email, role: 'admin', grant: false })).role).toBe('user');
    await expect(
      setRole(t.deps, { email: 'nobody@example.com', role: 'admin', grant: true }),
    ).rejects.toThrow(/No account/);
  });

  it('limits register, login, resend and the challenge per client address with 429 and Retry-After', async () => {
    const ip = freshIp();
    const hit = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { 'x-forwarded-for': ip } });
    const cases: [number, () => ReturnType<typeof hit>][] = [
      [5, () => hit('POST', '/api/register', {})],
      [20, () => hit('POST', '/api/login', {})],
      [10, () => hit('POST', '/api/resend-verification', { email: 'x@example.com' })],
      [30, () => hit('GET', '/api/botcheck/challenge?purpose=login')],
    ];
    for (const [max, call] of cases) {
      for (let i = 0; i < max; i++) expect((await call()).statusCode).not.toBe(429);
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().code).toBe('too_many_requests');
    }
  });
});
