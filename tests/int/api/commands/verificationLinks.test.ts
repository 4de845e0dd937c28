import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_TTL_MS } from '../../../../api/src/auth/verificationTokens.js';
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

/**
 * A verification mail says its link is valid for 24 hours, so a second
 * registration with the address does not void it before then. (An explicit resend does, and its
 * mail says so: `resendVerification.test.ts`.)
 */
describe.each(testDrivers())('verification links (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let n = 0;
  let offsetMs = 0;
  const uniqueEmail = () => `links${++n}.${driver}@example.com`;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp(
      driver,
      { TRUST_PROXY: 'true', SMTP_URL: peer.url },
      { now: () => new Date(Date.now() + offsetMs) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': freshIp() } });
  const register = async (email: string) =>
    post('/api/register', {
      name: 'Ada Lab',
      email,
      companyName: 'Ada Dental Lab',
      password: STRONG_PASSWORD,
      turnstileToken: await solveBotCheck(t.app, 'register'),
    });
  /** The next mail to `email` carrying a verification link not seen before. */
  const nextLinkMail = (email: string, seen: string[]): Promise<ReceivedMail> =>
    waitForMail(
      () => peer.mails,
      (m) => mailTo(email)(m) && !!verificationToken(m) && !seen.includes(verificationToken(m)!),
    );

  it('keeps the first mail’s link valid after a second registration with the same address', async () => {
    const email = uniqueEmail();
    expect((await register(email)).statusCode).toBe(201);
    const firstMail = await nextLinkMail(email, []);
    const first = verificationToken(firstMail)!;
    expect(firstMail.decoded).toContain('The link is valid for 24 hours and can be used once.');

    expect((await register(email)).statusCode).toBe(201);
    const secondMail = await nextLinkMail(email, [first]);
    const second = verificationToken(secondMail)!;
    expect(secondMail.decoded).toContain('tried to register again');
    expect(secondMail.decoded).toContain(
      'Links we sent you earlier keep working until they expire.',
    );

    // The first mail told the truth: its link still verifies.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/verify-email/${first}` })).statusCode,
    ).toBe(200);
    const verified = await post(`/api/verify-email/${first}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email, emailVerified: true });
    // Verifying ends every other link of the address.
    expect((await post(`/api/verify-email/${second}`)).statusCode).toBe(410);
  });

  it('still ends the first link at its stated expiry of 24 hours', async () => {
    const email = uniqueEmail();
    expect((await register(email)).statusCode).toBe(201);
    const first = verificationToken(await nextLinkMail(email, []))!;
    expect((await register(email)).statusCode).toBe(201);
    const second = verificationToken(await nextLinkMail(email, [first]))!;
    offsetMs = VERIFICATION_TTL_MS + 1_000;
    try {
      expect((await post(`/api/verify-email/${first}`)).statusCode).toBe(410);
      expect((await post(`/api/verify-email/${second}`)).statusCode).toBe(410);
    } finally {
      offsetMs = 0;
    }
  });
});
