import { startSmtpPeer, type SmtpPeer } from '../support/smtpPeer';
import {
  HEALTH_TIMEOUT_MS,
  test as base,
  expect,
  startCusp,
  type CuspServer,
} from './support/cusp';
import { createProject, signInBrowser } from './support/projects';
import { registerTechnician } from './support/reviewCase';
import { shotPath } from './support/shots';

/**
 * A link mail the relay refuses: after its last attempt (two here) the owner's dashboard card
 * says "Not delivered" with the relay's answer, until a later mail goes out.
 */
const test = base.extend<object, { smtp: SmtpPeer; cusp: CuspServer }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const peer = await startSmtpPeer(0, { refuse: (to) => to.startsWith('nobody@') });
      try {
        await use(peer);
      } finally {
        await peer.close();
      }
    },
    { scope: 'worker' },
  ],
  cusp: [
    async ({ smtp }, use) => {
      const { server, close } = await startCusp({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '2' });
      try {
        await use(server);
      } finally {
        await close();
      }
    },
    { scope: 'worker', timeout: HEALTH_TIMEOUT_MS + 30_000 },
  ],
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width}×${viewport.height}: a link mail the relay refuses shows "Not delivered" on the card, and a good address clears it`, async ({
    page,
    cusp,
    smtp,
  }) => {
    test.setTimeout(180_000);
    const tech = await registerTechnician(cusp, smtp, {
      name: 'Dora Delivery',
      email: `dora-${viewport.width}@lab.example`,
      password: 'correct-otter-lamp-42',
    });
    const me = (await (
      await fetch(`${cusp.baseURL}/api/me`, { headers: { authorization: `Bearer ${tech.token}` } })
    ).json()) as { user: { id: string; name: string; email: string; companyName: string } };
    const name = `Bridge ${viewport.width}`;
    await createProject(cusp, { name, token: tech.token });
    await page.setViewportSize(viewport);
    await signInBrowser(page, { token: tech.token, user: me.user });
    await page.goto('/dashboard');
    const card = page.getByTestId('project-card').filter({ hasText: name });

    const send = async (to: string) => {
      await card.getByRole('button', { name: /More actions/ }).click();
      await page.getByRole('menuitem', { name: 'Email' }).click();
      await page.getByLabel("Doctor's email").fill(to);
      await page.getByRole('button', { name: 'Send Email' }).click();
      await expect(page.getByText(`Email sent successfully to ${to}`)).toBeVisible({
        timeout: 30_000,
      });
    };

    await send('nobody@clinic.example');
    const failed = card.getByTestId('card-mail-failed');
    await expect
      .poll(
        async () => {
          await page.reload();
          return failed.count();
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(1);
    await expect(failed).toContainText('Not delivered');
    await expect(failed).toContainText('550');
    await expect(failed).not.toContainText('nobody@');
    await failed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(`mail-not-delivered-${viewport.width}.png`) });

    await send('doctor@clinic.example');
    await page.reload();
    await expect(card).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
}
