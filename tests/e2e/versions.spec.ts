/**
 * Versions of a case in the browser: the technician uploads v2 of the crown (the displaced crown
 * fixture) with a note from the owner viewer; the doctor opens the same link and sees v2, can look
 * at v1 (where Approve is refused), approves v2 with a name; the dashboard says "Approved v2 by …"
 * with the SHA-256 of each approved file (the hash of the file a download gives); a v3 uploaded
 * from the dashboard card menu turns the approval into "the approval was for v2".
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { meshFixtures } from '../support/fixturePaths';
import { test as base, expect, type CuspServer } from './support/cusp';
import { createProject, signInBrowser, technician, type Technician } from './support/projects';

const CROWN_V2 = path.join(meshFixtures, 'molar-crown-fdi16-v2.stl');
const NOTE = 'Buccal contour of 16 moved out by 0.1 mm';

const test = base.extend<object, { cusp: CuspServer; tech: Technician }>({
  tech: [
    async ({ cusp }, use) => {
      await use(await technician(cusp, `vera.${Date.now()}@versions.test`, 'Vera Technician'));
    },
    { scope: 'worker' },
  ],
});

test.describe('versions of a case', () => {
  test('v1 → v2 with a note → the doctor sees and approves v2 → dashboard shows the approval and hashes', async ({
    page,
    browser,
    cusp,
    tech,
  }) => {
    test.setTimeout(240_000);
    const { projectId, publicLink } = await createProject(cusp, {
      token: tech.token,
      name: 'Crown 16 versions',
      models: ['Crown 16', 'Antagonist'],
    });

    // The technician, in the owner viewer, uploads v2: the crown replaced, the antagonist kept.
    await signInBrowser(page, tech);
    await page.goto(`/viewer/${projectId}`);
    const info = page.getByRole('region', { name: 'Project Info' });
    await expect(info).toContainText('Crown 16 versions', { timeout: 60_000 });
    await info.getByRole('button', { name: 'Upload new version' }).click();
    const modal = page.getByTestId('new-version-modal');
    await expect(modal).toBeVisible();
    await modal.getByLabel('What happens to Crown 16').selectOption('replace');
    await modal.getByLabel('New file for Crown 16').setInputFiles(CROWN_V2);
    const upload = modal.getByRole('button', { name: 'Upload v2' });
    await expect(upload).toBeDisabled(); // no note yet
    await modal.getByLabel('What changed').fill(NOTE);
    await upload.click();
    await expect(modal).toBeHidden({ timeout: 60_000 });
    const switcher = page.getByTestId('version-switcher');
    await expect(switcher.getByRole('combobox')).toHaveValue('2', { timeout: 30_000 });
    await expect(page.getByTestId('version-note')).toHaveText(`v2: ${NOTE}`);

    // The doctor opens the same link (no account): the latest version, v2, with its note.
    const doctorContext = await browser.newContext();
    const doctor = await doctorContext.newPage();
    await doctor.goto(new URL(publicLink).pathname);
    const dInfo = doctor.getByRole('region', { name: 'Project Info' });
    await expect(dInfo).toContainText('Crown 16 versions', { timeout: 60_000 });
    const dSwitch = doctor.getByTestId('version-switcher').getByRole('combobox');
    await expect(dSwitch).toHaveValue('2');
    await expect(dSwitch.locator('option')).toHaveText([
      /^v2 · .* · Buccal contour .*\(latest\)$/,
      /^v1 · /,
    ]);
    // Looking at v1: said so, and Approve waits for the latest.
    await dSwitch.selectOption('1');
    await expect(doctor.getByTestId('version-old')).toHaveText(
      'You are looking at v1; the latest is v2.',
    );
    await expect(doctor).toHaveURL(/\?v=1$/);
    const approve = dInfo.getByRole('button', { name: 'Approve' });
    await expect(approve).toBeDisabled();
    await doctor.getByTestId('version-switcher').getByRole('combobox').selectOption('2');
    await expect(doctor.getByTestId('version-old')).toHaveCount(0);
    await dInfo.getByLabel('Your name (shown with the approval)').fill('Dr Rivera');
    await dInfo.getByRole('button', { name: 'Approve' }).click();
    await expect(dInfo.getByTestId('approval-summary')).toContainText(
      'Approved v2 by Dr Rivera on',
    );
    await doctorContext.close();

    // The dashboard: "Approved v2 by Dr Rivera", and the hash of every approved file, which is
    // the SHA-256 of the file as downloaded.
    await page.goto('/dashboard');
    const card = page.getByTestId('project-card').filter({ hasText: 'Crown 16 versions' });
    await expect(card.getByTestId('approval-summary')).toContainText('Approved v2 by Dr Rivera on');
    await card.getByText('SHA-256 of the approved files').click();
    const hashes = card.getByTestId('approval-hashes').locator('li');
    await expect(hashes).toHaveCount(2);
    const project = (await (
      await fetch(`${cusp.baseURL}/api/projects/${projectId}`, {
        headers: { authorization: `Bearer ${tech.token}` },
      })
    ).json()) as { models: { id: string; filename: string; name: string }[] };
    for (const m of project.models) {
      const file = await fetch(`${cusp.baseURL}/api/projects/${projectId}/files/${m.filename}`, {
        headers: { authorization: `Bearer ${tech.token}` },
      });
      const sha = createHash('sha256')
        .update(Buffer.from(await file.arrayBuffer()))
        .digest('hex');
      await expect(card.getByTestId('approval-hashes')).toContainText(sha);
    }

    // v3 from the card's menu (the antagonist removed): the approval was for v2.
    await card.getByRole('button', { name: 'More actions for Crown 16 versions' }).click();
    await page.getByRole('menuitem', { name: 'Upload new version' }).click();
    const modal3 = page.getByTestId('new-version-modal');
    await modal3.getByLabel('What happens to Antagonist').selectOption('remove');
    await modal3.getByLabel('What changed').fill('Antagonist no longer needed');
    await modal3.getByRole('button', { name: 'Upload v3' }).click();
    await expect(modal3).toBeHidden({ timeout: 60_000 });
    await expect(card.getByTestId('approval-outdated')).toHaveText(
      'The approval was for v2; v3 awaits review',
    );
    await expect(card.getByTestId('card-version')).toHaveText('v3');
    await expect(card.locator('.badge').first()).toHaveText('Pending Review');
  });
});
