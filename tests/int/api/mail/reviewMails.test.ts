import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, waitForMail, type ReceivedMail } from '../../../support/accounts.js';
import { bearer, seedProject, seedUser, type SeededUser } from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { startSmtpPeer, type SmtpPeer } from '../../../support/smtpPeer.js';

const subjectOf = (m: ReceivedMail) => /^Subject: (.*?)\r?$/m.exec(m.raw)?.[1] ?? '';

/** The mails of a review, as they reach a real SMTP peer. */
describe.each(testDrivers())('review mails over SMTP (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let tech: SeededUser;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp(driver, { SMTP_URL: peer.url });
    tech = await seedUser(t.deps, {
      name: 'Tina Tech',
      email: `tina.${driver}@lab.example`,
      companyName: 'Tina Dental',
    });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('tells the doctor who shares the case: the technician’s name and company', async () => {
    const p = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Case 17',
      patientName: 'Jane Patient',
    });
    const doctor = `doc.${driver}@clinic.example`;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.id}/send-email`,
      headers: { ...bearer(tech.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ doctorEmail: doctor }),
    });
    expect(sent.statusCode).toBe(200);
    const mail = await waitForMail(() => peer.mails, mailTo(doctor));
    expect(mail.decoded).toContain('Tina Tech (Tina Dental) has shared a 3D case with you');
    expect(mail.decoded).not.toContain('A dental laboratory');
    expect(subjectOf(mail)).toBe('A dental case is ready for your review');
    expect(subjectOf(mail)).not.toContain('Jane');
  });

  it('tells the technician of an approval as an approval, without the patient in the subject', async () => {
    const p = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Case 18',
      patientName: 'John Patient',
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${p.publicToken}/approve`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ version: 1 }),
    });
    expect(approved.statusCode).toBe(200);
    const mail = await waitForMail(
      () => peer.mails,
      (m) => mailTo(tech.email)(m) && m.decoded.includes('Case 18'),
    );
    expect(subjectOf(mail)).toBe('A doctor approved your case on Cusp');
    expect(subjectOf(mail)).not.toContain('John');
    expect(mail.decoded).toContain('The doctor approved the case');
    expect(mail.decoded).not.toMatch(/comment|unread/i);
  });
});
