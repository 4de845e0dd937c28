import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const RESENT =
  'If an account with this email address is waiting for verification, a new link has been sent.';

/**
 * "Resend verification e-mail" — one answer for every address, a new link that
 * replaces the older ones, at most 3 mails an hour per address; mails through a real SMTP peer.
 */
describe.each(testDrivers())('resend verification (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let n = 0;
  const uniqueEmail = () => `resend${++n}.${driver}@example.com`;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp(driver, { TRUST_PROXY: 'true', SMTP_URL: peer.url });
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
  const register = async (email: string) =>
    post('/api/register', {
      name: 'Ada Lab',
      email,
      companyName: 'Ada Dental Lab',
      password: STRONG_PASSWORD,
      turnstileToken: await solveBotCheck(t.app, 'register'),
    });
  const resend = (email: string, headers: Record<string, string> = {}) =>
    post('/api/resend-verification', { email }, headers);
  const linkMails = (email: string) =>
    peer.mails.filter((m) => mailTo(email)(m) && !!verificationToken(m));
  /** The next mail to `email` carrying a verification link not seen before. */
  const nextLinkMail = (email: string, seen: string[]): Promise<ReceivedMail> =>
    waitForMail(
      () => peer.mails,
      (m) => mailTo(email)(m) && !!verificationToken(m) && !seen.includes(verificationToken(m)!),
    );
  /** The answered requests have queued their mails, and the sender had time to pass them on. */
  const settled = async () => {
    await t.deps.afterAnswer.idle();
    await new Promise((r) => setTimeout(r, 1_000));
  };

  it('answers the same for a waiting, a verified, an unknown and a malformed address', async () => {
    const waiting = uniqueEmail();
    const verified = uniqueEmail();
    for (const email of [waiting, verified]) expect((await register(email)).statusCode).toBe(201);
    const token = verificationToken(await nextLinkMail(verified, []))!;
    await nextLinkMail(waiting, []);
    expect((await post(`/api/verify-email/${token}`)).statusCode).toBe(200);

    const answers = await Promise.all(
      [waiting, verified, `ghost.${driver}@example.com`, 'not-an-address'].map((e) => resend(e)),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(a.json()).toEqual({ message: RESENT });
    }
    const before = linkMails(waiting).map((m) => verificationToken(m)!);
    expect(before).toHaveLength(1);
    await nextLinkMail(waiting, before);
    await settled();
    // Only the address waiting for verification got a new link.
    expect(linkMails(verified)).toHaveLength(1);
    expect(peer.mails.filter(mailTo(`ghost.${driver}@example.com`))).toHaveLength(0);
  });

  it('mails a new link that replaces the older one, and says so', async () => {
    const email = uniqueEmail();
    expect((await register(email)).statusCode).toBe(201);
    const first = verificationToken(await nextLinkMail(email, []))!;

    expect((await resend(email, { host: 'evil.example' })).statusCode).toBe(202);
    const mail = await nextLinkMail(email, [first]);
    const second = verificationToken(mail)!;
    expect(mail.decoded).toContain('It replaces the verification links we sent you before.');
    // Links come from PUBLIC_BASE_URL, never from the request's Host header.
    expect(mail.decoded).not.toContain('evil.example');

    const check = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/verify-email/${token}` });
    expect((await check(first)).statusCode).toBe(410);
    expect((await post(`/api/verify-email/${first}`)).statusCode).toBe(410);
    expect((await check(second)).statusCode).toBe(200);
    const verified = await post(`/api/verify-email/${second}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email, emailVerified: true });
  });

  it('sends at most 3 mails an hour per address, whatever the client address', async () => {
    const email = uniqueEmail();
    expect((await register(email)).statusCode).toBe(201);
    const seen = [verificationToken(await nextLinkMail(email, []))!];
    for (let i = 0; i < 5; i++) {
      const answer = await resend(email);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: RESENT });
    }
    // The three allowed mails arrive; no fourth follows.
    for (let i = 0; i < 3; i++) seen.push(verificationToken(await nextLinkMail(email, seen))!);
    await settled();
    expect(linkMails(email)).toHaveLength(4);
    // Only the newest link works.
    for (const old of seen.slice(0, -1)) {
      expect((await post(`/api/verify-email/${old}`)).statusCode).toBe(410);
    }
    expect((await post(`/api/verify-email/${seen.at(-1)!}`)).statusCode).toBe(200);
  });
});
