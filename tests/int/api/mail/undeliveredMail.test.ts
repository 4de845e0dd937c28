import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedProject, seedUser, type SeededUser } from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';
import { startSmtpPeer, type SmtpPeer } from '../../../support/smtpPeer.js';

interface OwnerAnswer {
  mailNotDelivered?: { reason: string; queuedAt: string };
}

/** A link mail the relay refuses until the retries run out says so. */
describe.each(testDrivers())('a link mail that is not delivered (%s)', (driver) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let user: SeededUser;

  beforeAll(async () => {
    peer = await startSmtpPeer(0, { refuse: (address) => address.startsWith('nobody@') });
    t = await startTestApp(
      driver,
      { SMTP_URL: peer.url, VIEW_PREBUILD: 'false' },
      { compose: { mailRetries: { maxAttempts: 2, backoffMs: () => 50 } } },
    );
    user = await seedUser(t.deps, { name: 'Nora Notice', email: `nora.${driver}@lab.example` });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const send = async (projectId: string, doctorEmail: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/send-email`,
      headers: bearer(user.token),
      payload: { doctorEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ message: string }>().message;
  };
  const owner = async (projectId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}`,
        headers: bearer(user.token),
      })
    ).json<OwnerAnswer>();

  it('shows the owner "not delivered" with the relay\'s reason once the retries run out, and clears it with the next mail', async () => {
    const project = await seedProject(t.deps, { userId: user.id, name: 'Bridge 34-36' });
    const projectId = project.id;
    // The API promises a queued mail, not a delivered one.
    expect(await send(projectId, 'nobody@clinic.example')).toMatch(/queued/);
    expect((await owner(projectId)).mailNotDelivered).toBeUndefined();

    await expect
      .poll(async () => (await owner(projectId)).mailNotDelivered, { timeout: 30_000 })
      .toBeDefined();
    const failed = (await owner(projectId)).mailNotDelivered!;
    expect(failed.reason).toContain('550');
    // The relay's answer names the address; the stored reason does not.
    expect(failed.reason).not.toContain('nobody@');
    expect(Date.parse(failed.queuedAt)).not.toBeNaN();

    // The doctor's answer never carries it.
    const doctor = await t.app.inject({
      method: 'GET',
      url: `/api/public/projects/${project.publicToken}`,
    });
    expect(doctor.statusCode).toBe(200);
    expect(doctor.json()).not.toHaveProperty('mailNotDelivered');

    // Sent again to a good address: the newest mail is on its way, the warning goes.
    await send(projectId, 'doctor@clinic.example');
    expect((await owner(projectId)).mailNotDelivered).toBeUndefined();
    await expect
      .poll(() => peer.mails.filter((m) => m.raw.includes('doctor@clinic.example')).length, {
        timeout: 30_000,
      })
      .toBe(1);
    expect((await owner(projectId)).mailNotDelivered).toBeUndefined();
  });
});
