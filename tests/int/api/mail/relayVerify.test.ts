/**
 * Honest mail: the SMTP relay is verified at start-up and the outcome is one
 * clear log line — a relay offering STARTTLS with a certificate Cusp does not trust is reported
 * as refused (before: nothing was said until mails silently failed) — and the API says a mail
 * to the doctor is queued, not sent.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer, verifyMailRelay } from '../../../../api/src/mail/transports.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { freshIp } from '../../../support/accounts.js';
import { testDrivers } from '../../../support/db.js';
import { createProjectWith, fixture, signUp, smallStl } from '../../../support/projects.js';
import { startSmtpPeer } from '../../../support/smtpPeer.js';

function capturedLog() {
  const lines: { level: number; msg: string; reason?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

/** A relay that offers STARTTLS with smtp-server's own self-signed certificate. */
async function untrustedTlsRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({ authOptional: true, logger: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the SMTP relay at start-up', () => {
  it('logs one line that the relay is verified when it takes mail', async () => {
    const peer = await startSmtpPeer();
    const { log, lines } = capturedLog();
    const mailer = new SmtpMailer(peer.url, 'Cusp <no-reply@cusp.test>');
    try {
      expect(await verifyMailRelay(mailer, peer.url, log)).toBe(true);
    } finally {
      await mailer.close();
      await peer.close();
    }
    expect(lines.map((l) => l.msg)).toEqual(['mail relay verified: mail will be delivered']);
  });

  it('logs one error line with the reason for a relay whose certificate is not trusted', async () => {
    const relay = await untrustedTlsRelay();
    const { log, lines } = capturedLog();
    const mailer = new SmtpMailer(relay.url, 'Cusp <no-reply@cusp.test>');
    try {
      expect(await verifyMailRelay(mailer, relay.url, log)).toBe(false);
    } finally {
      await mailer.close();
      await relay.close();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: expect.stringMatching(/^mail relay refused/),
    });
    expect(lines[0]!.reason).toMatch(/certificate/i);
  });
});

describe.each(testDrivers())('sending the link to a doctor (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers that the mail is queued, not that it was sent', async () => {
    const user = await signUp(t);
    const { projectId } = await createProjectWith(t, user, [
      { filename: 'a.stl', data: smallStl(fixture('mesh', 'molar-crown-fdi16.stl'), 20) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/send-email`,
      headers: { ...user.auth, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      payload: { doctorEmail: 'dr.who@clinic.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Email to dr.who@clinic.example queued for delivery',
    });
  });
});
