import { createServer } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import {
  STRONG_PASSWORD,
  freshIp,
  solveBotCheck,
  verificationToken,
  waitForMail,
} from '../../../support/accounts.js';
import { testDrivers } from '../../../support/db.js';
import { startSmtpPeer } from '../../../support/smtpPeer.js';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.each(testDrivers())('mail over SMTP (%s)', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  afterAll(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function registerOn(t: TestApp, email: string, name = 'Ada Lab') {
    return t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-forwarded-for': freshIp() },
      payload: {
        name,
        email,
        companyName: 'Lab & Co <b>',
        password: STRONG_PASSWORD,
        turnstileToken: await solveBotCheck(t.app, 'register'),
      },
    });
  }

  it(
    'delivers the verification mail to a real SMTP peer with escaped HTML and a plain-text part',
    { timeout: 180_000 },
    async () => {
      const peer = await startSmtpPeer();
      cleanups.push(peer.close);
      const t = await startTestApp(driver, {
        SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
        TRUST_PROXY: 'true',
      });
      cleanups.push(t.close);
      const xss = '<img src=x onerror=alert(1)>';
      expect((await registerOn(t, `smtp.${driver}@example.com`, xss)).statusCode).toBe(201);
      const mail = await waitForMail(
        () => peer.mails,
        () => true,
      );
      expect(mail.raw).toMatch(/^To: smtp\.\w+@example\.com\r?$/m);
      expect(mail.raw).toMatch(/^Subject: Verify your email address\r?$/m);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      const [, textPart, htmlPart] = mail.decoded.split(/--[-_=A-Za-z0-9]+\r?\n/);
      expect(htmlPart).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(htmlPart).not.toContain(xss);
      expect(textPart).toContain(xss);
      const token = verificationToken(mail)!;
      expect(mail.decoded).toContain(`http://cusp.test/verify-email?token=${token}`);
      // Nothing was written to the embedded outbox folder. The row is marked sent once the peer
      // has acknowledged, which may be just after the mail landed there.
      await vi.waitFor(
        async () => {
          const sent = await t.deps.db.query<{ status: string; message: string | null }>(
            'SELECT status, message FROM outbox',
          );
          expect(sent.rows).toEqual([{ status: 'sent', message: null }]);
        },
        { timeout: 10_000, interval: 50 },
      );
    },
  );

  it('accepts the request while SMTP is down and delivers the mail exactly once when it is back', async () => {
    const port = await freePort();
    const t = await startTestApp(driver, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      TRUST_PROXY: 'true',
    });
    cleanups.push(t.close);
    const res = await registerOn(t, `down.${driver}@example.com`);
    expect(res.statusCode).toBe(201);

    // The first attempt fails and a retry is scheduled with backoff.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const r = await t.deps.db.query<{ attempts: number; status: string }>(
        'SELECT attempts, status FROM outbox',
      );
      if (r.rows[0] && r.rows[0].attempts >= 1 && r.rows[0].status === 'pending') break;
      if (Date.now() > deadline) throw new Error('no failed attempt recorded');
      await new Promise((s) => setTimeout(s, 100));
    }
    const peer = await startSmtpPeer(port);
    cleanups.push(peer.close);
    await waitForMail(
      () => peer.mails,
      () => true,
      30_000,
    );
    // Give the sender time to (wrongly) send again.
    await new Promise((s) => setTimeout(s, 3_000));
    expect(peer.mails).toHaveLength(1);
    const row = await t.deps.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM outbox',
    );
    expect(row.rows[0]!.status).toBe('sent');
    expect(row.rows[0]!.attempts).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
