import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSubject } from '../../../../api/src/domain/project.js';
import { deletePublicLink } from '../../../../api/src/links/projectLinks.js';
import { NEW_VERSION_SUBJECT } from '../../../../api/src/mail/projectMails.js';
import { freshIp, mailTo, waitForMail, type ReceivedMail } from '../../../support/accounts.js';
import {
  bearer,
  seedProject,
  seedUser,
  type SeededProject,
  type SeededUser,
} from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { fixture, multipart } from '../../../support/projects.js';
import { startSmtpPeer, type SmtpPeer } from '../../../support/smtpPeer.js';

const json = { 'content-type': 'application/json' };
const crownV2 = fixture('mesh', 'molar-crown-fdi16-v2.stl');
const subjectOf = (m: ReceivedMail) => /^Subject: (.*?)\r?$/m.exec(m.raw)?.[1] ?? '';
const isVersionMail = (m: ReceivedMail) => subjectOf(m) === NEW_VERSION_SUBJECT;

/** The doctors' mail of a new version, as it reaches a real SMTP peer. */
describe.each(testDrivers())('new version mails (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let tech: SeededUser;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestApp(driver, { SMTP_URL: peer.url, VIEW_PREBUILD: 'false' });
    tech = await seedUser(t.deps, { name: 'Tina Tech', email: `tina.${driver}@lab.example` });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...json, 'x-forwarded-for': freshIp(), ...headers },
      payload: JSON.stringify(body),
    });

  async function sendTo(p: SeededProject, doctorEmail: string): Promise<void> {
    const r = await post(`/api/projects/${p.id}/send-email`, { doctorEmail }, bearer(tech.token));
    expect(r.statusCode, r.body).toBe(200);
  }

  async function comment(p: SeededProject, authorName: string, authorEmail?: string) {
    const r = await post(`/api/public/projects/${p.publicToken}/comments`, {
      authorName,
      ...(authorEmail === undefined ? {} : { authorEmail }),
      body: `A note from ${authorName}`,
    });
    expect(r.statusCode, r.body).toBe(201);
  }

  /** Uploads v2 through the API: the seeded file stays, the crown's second design is added. */
  async function addVersion(p: SeededProject, note: string): Promise<number> {
    const body = multipart([
      { name: 'versionData', value: JSON.stringify({ note, keep: [p.modelIds[0]] }) },
      { name: 'models', filename: 'Crown 16 v2.stl', data: crownV2 },
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.id}/versions`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tech.token), 'x-forwarded-for': freshIp() },
    });
    expect(r.statusCode, r.body).toBe(201);
    const answer = r.json() as { version: number; doctorsNotified: number };
    expect(answer.version).toBe(2);
    return answer.doctorsNotified;
  }

  /** Waits until the outbox has sent (or given up on) every mail of the project. */
  async function outboxDrained(p: SeededProject): Promise<void> {
    const until = Date.now() + 15_000;
    for (;;) {
      const r = await t.deps.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox
          WHERE subject_id = $1 AND status IN ('pending', 'sending')`,
        [projectSubject(p.id)],
      );
      if (r.rows[0]!.n === 0) return;
      if (Date.now() > until) throw new Error('the outbox did not drain');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const versionMailsTo = (address: string) =>
    peer.mails.filter((m) => isVersionMail(m) && mailTo(address)(m));

  it('mails each doctor once — sent to, commented, any case — with the note and a compare link', async () => {
    const p = await seedProject(t.deps, {
      userId: tech.id,
      name: 'Upper crowns 16',
      patientName: 'Jane Patientname',
      laboratoryName: 'Smile Lab Ltd',
    });
    const ada = `ada.${driver}@clinic.example`;
    const ben = `ben.${driver}@clinic.example`;
    await sendTo(p, ada);
    await sendTo(p, ada.toUpperCase());
    await comment(p, 'Dr Ada Rivera', ada);
    await comment(p, 'Dr Ben Okafor', ben.toUpperCase());
    await comment(p, 'Dr Ben Okafor', ben);
    await comment(p, 'Dr Nobody'); // no address: nothing to send to

    const note = 'Margin of 16 lowered by 0.2 mm; contact to 15 opened.';
    expect(await addVersion(p, note)).toBe(2);

    const toAda = await waitForMail(
      () => peer.mails,
      (m) => isVersionMail(m) && mailTo(ada)(m),
    );
    const toBen = await waitForMail(
      () => peer.mails,
      (m) => isVersionMail(m) && mailTo(ben)(m),
    );
    await outboxDrained(p);
    expect(versionMailsTo(ada)).toHaveLength(1);
    expect(versionMailsTo(ben)).toHaveLength(1);

    const link = `http://cusp.test/viewer/${p.publicToken}?v=2&compare=1`;
    for (const mail of [toAda, toBen]) {
      expect(mail.decoded).toContain(note);
      expect(mail.decoded).toContain(
        'Smile Lab Ltd uploaded version 2 of the case "Upper crowns 16" on Cusp.',
      );
      expect(mail.decoded).toContain('Compare version 2 with version 1');
      expect(mail.decoded).toContain(link);
      expect(mail.decoded).toContain(`href="${link.replace('&', '&amp;')}"`);
      expect(subjectOf(mail)).not.toContain('Jane');
    }
    expect(toAda.decoded).toContain('Hello Dr Ada Rivera,');
    expect(toBen.decoded).toContain('Hello Dr Ben Okafor,');
  });

  it('sends nothing while the link is withdrawn', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Withdrawn case' });
    const doctor = `cleo.${driver}@clinic.example`;
    await sendTo(p, doctor);
    await waitForMail(() => peer.mails, mailTo(doctor)); // the link mail itself
    const revoked = await post(`/api/projects/${p.id}/link/revoke`, {}, bearer(tech.token));
    expect(revoked.statusCode, revoked.body).toBe(200);

    expect(await addVersion(p, 'Occlusion adjusted')).toBe(0);
    await outboxDrained(p);
    expect(versionMailsTo(doctor)).toHaveLength(0);
    const queued = await t.deps.db.query(
      `SELECT 1 FROM outbox WHERE subject_id = $1 AND kind = 'version-notice'`,
      [projectSubject(p.id)],
    );
    expect(queued.rows).toHaveLength(0);
  });

  it('sends nothing once the link is past its expiry', async () => {
    let now = new Date();
    const clocked = await startTestApp(
      driver,
      { SMTP_URL: peer.url, VIEW_PREBUILD: 'false' },
      { now: () => now },
    );
    try {
      const owner = await seedUser(clocked.deps, {
        name: 'Otto Owner',
        email: `otto.${driver}@lab.example`,
      });
      const p = await seedProject(clocked.deps, { userId: owner.id, name: 'Expiring case' });
      const doctor = `dora.${driver}@clinic.example`;
      const auth = { ...json, ...bearer(owner.token) };
      const sent = await clocked.app.inject({
        method: 'POST',
        url: `/api/projects/${p.id}/send-email`,
        headers: auth,
        payload: JSON.stringify({ doctorEmail: doctor }),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const expiresAt = new Date(now.getTime() + 60_000).toISOString();
      const set = await clocked.app.inject({
        method: 'PUT',
        url: `/api/projects/${p.id}/link`,
        headers: auth,
        payload: JSON.stringify({ expiresAt }),
      });
      expect(set.statusCode, set.body).toBe(200);
      now = new Date(now.getTime() + 2 * 60_000);

      const body = multipart([
        { name: 'versionData', value: JSON.stringify({ note: 'Late', keep: [] }) },
        { name: 'models', filename: 'Crown 16 v2.stl', data: crownV2 },
      ]);
      const r = await clocked.app.inject({
        method: 'POST',
        url: `/api/projects/${p.id}/versions`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner.token) },
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({ version: 2, doctorsNotified: 0 });
      const queued = await clocked.deps.db.query(
        `SELECT 1 FROM outbox WHERE subject_id = $1 AND kind = 'version-notice'`,
        [projectSubject(p.id)],
      );
      expect(queued.rows).toHaveLength(0);
    } finally {
      await clocked.close();
    }
  });

  it('tells only the doctors of the current link: a new link cuts off those of the old one', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Rotated case' });
    const before = `fay.${driver}@clinic.example`;
    const after = `gus.${driver}@clinic.example`;
    await sendTo(p, before);
    await comment(p, 'Dr Fay', before);
    const rotated = await post(`/api/projects/${p.id}/link/rotate`, {}, bearer(tech.token));
    expect(rotated.statusCode, rotated.body).toBe(200);
    const current = new URL((rotated.json() as { publicLink: string }).publicLink);
    await sendTo(p, after);

    expect(await addVersion(p, 'Shade adjusted')).toBe(1);
    const mail = await waitForMail(
      () => peer.mails,
      (m) => isVersionMail(m) && mailTo(after)(m),
    );
    expect(mail.decoded).toContain(`${current.pathname}?v=2&compare=1`);
    await outboxDrained(p);
    expect(versionMailsTo(before)).toHaveLength(0);
  });

  it('sends nothing for a project without a link', async () => {
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Linkless case' });
    const doctor = `eli.${driver}@clinic.example`;
    await comment(p, 'Dr Eli', doctor);
    await deletePublicLink(t.deps, p.id);

    expect(await addVersion(p, 'New margin')).toBe(0);
    await outboxDrained(p);
    expect(versionMailsTo(doctor)).toHaveLength(0);
  });
});
