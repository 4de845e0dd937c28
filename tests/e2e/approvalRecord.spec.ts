/**
 * The approval record in the browser: a doctor approves through the link, then downloads the
 * record from the viewer's Info panel (on a 1280 px screen and from the Info sheet on a 390 px
 * phone); the owner downloads it from the dashboard card and the owner viewer. Each PDF is read
 * back with PDF.js: the project, the doctor's name and the digest the JSON form carries.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from '@playwright/test';
import { pdfPages } from '../support/pdfText';
import { test, expect } from './support/cusp';
import { createProject, MOLAR_STL, signInBrowser, technician } from './support/projects';
import { shotPath } from './support/shots';
import { showPanel } from './support/viewerPanels';

const NAME = 'Crown 26 record';
const DOCTOR = 'Dr Rivera';

async function pdfText(download: Download): Promise<string> {
  const pages = await pdfPages(readFileSync((await download.path())!));
  return pages.map((p) => p.text).join(' ');
}

async function noGraveAxe(page: Page, include: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const grave = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(grave.map((v) => v.id)).toEqual([]);
}

/** Fully on screen: nothing of the control is cut off at a phone's edge. */
async function inViewport(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
  expect(box.height).toBeGreaterThanOrEqual(24);
}

test('a doctor approves, then doctor and owner download the approval record', async ({
  page,
  browser,
  cusp,
}) => {
  test.setTimeout(240_000);
  const tech = await technician(cusp, `rhea.${Date.now()}@record.test`, 'Rhea Technician');
  const { projectId, publicLink } = await createProject(cusp, {
    token: tech.token,
    name: NAME,
    models: ['Crown 26', 'Antagonist'],
  });

  // The doctor approves through the link; the record is offered once approved.
  const doctorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const doctor = await doctorContext.newPage();
  await doctor.goto(new URL(publicLink).pathname);
  const info = doctor.getByRole('region', { name: 'Project Info' });
  await expect(info).toContainText(NAME, { timeout: 60_000 });
  await expect(info.getByTestId('approval-record')).toHaveCount(0);
  await doctor.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = doctor.getByTestId('approve-dialog');
  await confirm.getByLabel('Your name').fill(DOCTOR);
  await confirm.getByRole('button', { name: 'Approve v1' }).click();
  await expect(info.getByTestId('approval-summary')).toContainText(`Approved v1 by ${DOCTOR}`);
  const doctorLink = info.getByRole('link', { name: 'Download approval record' });
  await expect(doctorLink).toBeVisible();
  await doctor.screenshot({ path: shotPath('approval-record-doctor-1280.png') });
  await noGraveAxe(doctor, '.vinfo-panel');
  const [doctorPdf] = await Promise.all([doctor.waitForEvent('download'), doctorLink.click()]);
  expect(doctorPdf.suggestedFilename()).toBe('cusp-approval-record-crown-26-record-v1.pdf');
  const doctorText = await pdfText(doctorPdf);
  expect(doctorText).toContain(NAME);
  expect(doctorText).toContain(`Version 1 approved by ${DOCTOR}`);

  // On a phone the record is in the Info sheet, fully on screen.
  await doctor.setViewportSize({ width: 390, height: 844 });
  await doctor.reload();
  const sheet = await showPanel(doctor, 'Info');
  const phoneLink = sheet.getByRole('link', { name: 'Download approval record' });
  await expect(phoneLink).toBeVisible({ timeout: 60_000 });
  await inViewport(doctor, phoneLink);
  await doctor.screenshot({ path: shotPath('approval-record-doctor-390.png') });
  await doctorContext.close();

  // The owner's dashboard card offers the record; its PDF carries the JSON form's digest.
  const json = (await (
    await fetch(`${cusp.baseURL}/api/projects/${projectId}/approval-record?format=json`, {
      headers: { authorization: `Bearer ${tech.token}` },
    })
  ).json()) as { digest: { value: string } };
  await signInBrowser(page, tech);
  await page.goto('/dashboard');
  const card = page.getByTestId('project-card').filter({ hasText: NAME });
  const ownerButton = card.getByRole('button', { name: 'Approval record (PDF)' });
  await expect(ownerButton).toBeVisible({ timeout: 30_000 });
  await card.screenshot({ path: shotPath('approval-record-card-1280.png') });
  await noGraveAxe(page, '[data-testid="project-card"]');
  const [ownerPdf] = await Promise.all([page.waitForEvent('download'), ownerButton.click()]);
  expect(ownerPdf.suggestedFilename()).toBe('cusp-approval-record-crown-26-record-v1.pdf');
  const ownerText = await pdfText(ownerPdf);
  expect(ownerText).toContain(DOCTOR);
  expect(ownerText).toContain(json.digest.value);

  // Both hashes of each file: as the lab uploaded it (the fixture's bytes) and as stored.
  await card.getByText('SHA-256 of the approved files').click();
  const hashes = card.getByTestId('approval-hashes');
  const uploaded = createHash('sha256').update(readFileSync(MOLAR_STL)).digest('hex');
  await expect(hashes.locator('li').first()).toContainText(`As uploaded${uploaded}`);
  await expect(hashes.locator('li').first()).toContainText('As stored');

  await page.setViewportSize({ width: 390, height: 844 });
  await inViewport(page, ownerButton);
  await card.screenshot({ path: shotPath('approval-record-card-390.png') });

  // The owner viewer offers it too, beside the approval.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/viewer/${projectId}`);
  const ownerInfo = page.getByRole('region', { name: 'Project Info' });
  await expect(ownerInfo.getByRole('button', { name: 'Approval record (PDF)' })).toBeVisible({
    timeout: 60_000,
  });
  await page.screenshot({ path: shotPath('approval-record-owner-viewer-1280.png') });
});
