import { test, expect } from './support/cusp';
import { signInBrowser, technician } from './support/projects';
import { shotPath } from './support/shots';

const choice = (name: RegExp) => ({ name });

test.describe('account settings', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`${viewport.width}×${viewport.height}: the technician chooses which comment e-mails to get, and it holds`, async ({
      page,
      cusp,
    }) => {
      const tech = await technician(cusp, `settings-${viewport.width}@lab.example`, 'Sol Settings');
      await page.setViewportSize(viewport);
      await signInBrowser(page, tech);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByTestId('avatar-menu').getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL('/settings');
      await expect(page.getByTestId('page-badge')).toHaveText('Settings');

      const group = page.getByRole('group', { name: "E-mails about doctors' comments" });
      // The default: the first comment at once, then a digest.
      await expect(group.getByRole('radio', choice(/A digest/))).toBeChecked();
      await page.screenshot({ path: shotPath(`settings-${viewport.width}.png`), fullPage: true });

      await group.getByRole('radio', choice(/No e-mails/)).check();
      await expect(page.getByText('Settings saved')).toBeVisible({ timeout: 30_000 });
      const stored = await fetch(`${cusp.baseURL}/api/me/comment-mails`, {
        headers: { authorization: `Bearer ${tech.token}` },
      });
      expect(await stored.json()).toEqual({ commentMails: 'none' });

      await page.reload();
      await expect(group.getByRole('radio', choice(/No e-mails/))).toBeChecked();
      // Keyboard: the arrow keys move the choice within the group, and it is saved.
      await group.getByRole('radio', choice(/No e-mails/)).focus();
      await page.keyboard.press('ArrowUp');
      await expect(group.getByRole('radio', choice(/A digest/))).toBeChecked();
      await expect
        .poll(
          async () =>
            (
              (await (
                await fetch(`${cusp.baseURL}/api/me/comment-mails`, {
                  headers: { authorization: `Bearer ${tech.token}` },
                })
              ).json()) as { commentMails: string }
            ).commentMails,
          { timeout: 30_000 },
        )
        .toBe('digest');
      // Nothing sticks out of a phone's screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
    });
  }
});
