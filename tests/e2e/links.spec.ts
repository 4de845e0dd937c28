/**
 * Link control journey: the owner sets a PIN and a 7-day expiry from the dashboard card's Link
 * settings, the doctor opens the link, enters the PIN and views the case, the owner sees the
 * opening in the view log (card, settings, owner viewer), withdraws the link, and the doctor's
 * reload shows the withdrawn page with nothing of the project.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/cusp';
import { createProject, signInBrowser, technician } from './support/projects';
import { showPanel } from './support/viewerPanels';
import { shotPath, viewerCanvas } from './support/shots';

const PIN = '48151623';

async function openLinkSettings(page: Page, projectName: string) {
  const card = page.getByTestId('project-card').filter({ hasText: projectName });
  await card.getByRole('button', { name: `More actions for ${projectName}` }).click();
  await page.getByRole('menuitem', { name: 'Link settings' }).click();
  const modal = page.getByTestId('link-settings-modal');
  await expect(modal.getByTestId('link-state')).toBeVisible();
  return { card, modal };
}

test('owner protects the link with a PIN and an expiry, sees the view log, and withdraws it', async ({
  page,
  browser,
  cusp,
}) => {
  test.setTimeout(120_000);
  const tech = await technician(cusp, 'links.owner@lab.test', 'Lena Links');
  const { projectId, publicLink } = await createProject(cusp, {
    name: 'Bridge 24-26',
    token: tech.token,
  });
  const viewerPath = new URL(publicLink).pathname;

  // Owner: Link settings from the card's ⋯ menu.
  await signInBrowser(page, tech);
  await page.goto('/dashboard');
  const { card, modal } = await openLinkSettings(page, 'Bridge 24-26');
  await expect(modal.getByTestId('link-state')).toContainText('No expiry');
  await expect(modal.getByTestId('link-state')).toContainText('Not opened yet');
  await expect(modal.getByTestId('link-view-log')).toContainText('Nobody has opened the link yet.');
  await modal.getByLabel('7 days').check();
  await modal.getByLabel('Require a PIN').check();
  await modal.getByLabel(/^PIN/).fill(PIN);
  await page.screenshot({ path: shotPath('links-settings-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  // The dialog fits a phone: nothing wider than the screen.
  const box = await modal.getByRole('dialog').or(modal).first().boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shotPath('links-settings-mobile.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await modal.getByRole('button', { name: 'Save settings' }).click();
  await expect(modal.getByTestId('link-state')).toContainText('PIN required');
  const expires = new Date(Date.now() + 7 * 24 * 60 * 60_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  await expect(modal.getByTestId('link-state')).toContainText(`Expires ${expires}`);
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(card.getByTestId('card-link-summary')).toContainText('PIN');

  // Doctor: a fresh browser context, no account.
  const doctorContext = await browser.newContext({
    baseURL: cusp.baseURL,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  });
  const doctor = await doctorContext.newPage();
  await doctor.goto(viewerPath);
  const prompt = doctor.getByTestId('pin-prompt');
  await expect(
    prompt.getByRole('heading', { name: 'This case is protected by a PIN' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(doctor.getByText('Bridge 24-26')).toHaveCount(0);
  await prompt.getByLabel('PIN').fill('00000000');
  await prompt.getByRole('button', { name: 'Open case' }).click();
  await expect(prompt.getByRole('alert')).toContainText('not correct');
  await doctor.screenshot({ path: shotPath('links-pin-prompt-mobile.png') });
  await prompt.getByLabel('PIN').fill(PIN);
  await prompt.getByRole('button', { name: 'Open case' }).press('Enter');
  await expect(viewerCanvas(doctor)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: 60_000,
  });
  await doctor.screenshot({ path: shotPath('links-doctor-viewer-mobile.png') });
  // The doctor is told that opening the link is recorded (Project Info).
  await showPanel(doctor, 'Info');
  await expect(doctor.getByTestId('opening-recorded')).toContainText('recorded for the sender');
  await doctor.screenshot({ path: shotPath('links-doctor-info-mobile.png') });

  // Owner: the opening is in the view log (card, settings, owner viewer).
  await page.reload();
  await expect(card.getByTestId('card-link-summary')).toContainText('Opened once', {
    timeout: 10_000,
  });
  const again = await openLinkSettings(page, 'Bridge 24-26');
  await expect(again.modal.getByTestId('link-view-log')).toContainText('Phone');
  await page.screenshot({ path: shotPath('links-view-log-desktop.png') });
  await again.modal.getByRole('button', { name: 'Close' }).first().click();

  // The owner viewer shows the link's state and the same log, and opening it there is not logged.
  await page.goto(`/viewer/${projectId}`);
  const ownerLink = page.getByTestId('owner-link');
  await expect(ownerLink.getByTestId('owner-link-state')).toContainText('Opened once', {
    timeout: 30_000,
  });
  await expect(ownerLink.getByTestId('link-view-log')).toContainText('Phone · Chrome');
  await page.screenshot({ path: shotPath('links-owner-viewer-desktop.png') });
  await page.goto('/dashboard');
  await expect(card.getByTestId('card-link-summary')).toContainText('Opened once');
  const third = await openLinkSettings(page, 'Bridge 24-26');

  // Withdraw: the doctor's reload shows the withdrawn page, nothing of the project.
  await third.modal.getByRole('button', { name: 'Withdraw link…' }).click();
  await expect(third.modal.getByTestId('link-confirm')).toContainText(
    'stops working at once for everyone who has it',
  );
  await third.modal.getByRole('button', { name: 'Withdraw link', exact: true }).click();
  await expect(third.modal.getByTestId('link-state')).toContainText('Withdrawn');
  await third.modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(card.getByText('Link withdrawn')).toBeVisible();
  await page.screenshot({ path: shotPath('links-dashboard-withdrawn-desktop.png') });

  await doctor.reload();
  const withdrawn = doctor.getByTestId('link-revoked');
  await expect(
    withdrawn.getByRole('heading', { name: 'This link was withdrawn by the sender' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(doctor.getByText('Bridge 24-26')).toHaveCount(0);
  await expect(viewerCanvas(doctor)).toHaveCount(0);
  await doctor.screenshot({ path: shotPath('links-withdrawn-mobile.png') });
  await doctor.setViewportSize({ width: 1280, height: 800 });
  await doctor.screenshot({ path: shotPath('links-withdrawn-desktop.png') });
  await doctorContext.close();
});
