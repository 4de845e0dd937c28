/**
 * Downloads of the files as uploaded: the lab saves a version's zip from the dashboard card's menu
 * and single files and the zip from the viewer's Layers panel, each checked byte for byte (SHA-256
 * against the files it uploaded, and the zip's SHA256SUMS); the doctor's viewer offers no download
 * until the owner ticks "Allow the doctor to download files" in Link settings, then the same files.
 * Screenshots at 1280×800 and 390×844; axe on the Layers panel with its download controls.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { dcmFixtures, meshFixtures } from '../support/fixturePaths';
import { test, expect, type CuspServer } from './support/cusp';
import { signInBrowser, technician } from './support/projects';
import { shotPath, viewerCanvas } from './support/shots';
import { showPanel } from './support/viewerPanels';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const NAME = 'Crowns 16 and 26';
/** The lab's files: an STL whose header names the exporter, a revised one, a 3Shape DCM. */
const FILES = [
  {
    name: 'Upper crown 16.stl',
    bytes: readFileSync(path.join(meshFixtures, 'molar-crown-fdi16.stl')),
  },
  {
    name: 'Upper crown 26.stl',
    bytes: readFileSync(path.join(meshFixtures, 'molar-crown-fdi16-v2.stl')),
  },
  { name: 'example_ca.dcm', bytes: readFileSync(path.join(dcmFixtures, 'example_ca.dcm')) },
];
const SUMS = FILES.map((f) => `${sha256(f.bytes)}  ${f.name}\n`).join('');

async function upload(cusp: CuspServer, token: string) {
  const form = new FormData();
  form.append(
    'projectData',
    JSON.stringify({
      name: NAME,
      patientName: 'Jane Q. Patient',
      laboratoryName: 'Smile Lab',
      comment: '',
    }),
  );
  for (const f of FILES) form.append('models', new Blob([f.bytes]), f.name);
  const res = await fetch(`${cusp.baseURL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { projectId: string; publicLink: string };
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}
const bytesOf = async (d: Download) => readFileSync((await d.path())!);

/** The zip holds exactly the uploaded files and their SHA256SUMS. */
async function expectZip(d: Download): Promise<void> {
  expect(d.suggestedFilename()).toBe(`${NAME} v1.zip`);
  const files = unzipSync(new Uint8Array(await bytesOf(d)));
  expect(Object.keys(files)).toEqual([...FILES.map((f) => f.name), 'SHA256SUMS']);
  for (const f of FILES) expect(sha256(files[f.name]!), f.name).toBe(sha256(f.bytes));
  expect(new TextDecoder().decode(files.SHA256SUMS)).toBe(SUMS);
}

async function axe(page: Page, region: Locator, name: string): Promise<void> {
  await expect(region).toBeVisible();
  const result = await new AxeBuilder({ page })
    .include('.vlayers')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const grave = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    grave.map((v) => v.id),
    `serious or critical axe violations on ${name}`,
  ).toEqual([]);
}

test('the lab downloads the files as uploaded from the card and the viewer; the doctor once allowed', async ({
  page,
  browser,
  cusp,
}) => {
  test.setTimeout(240_000);
  const tech = await technician(cusp, 'downloads.owner@lab.test', 'Dana Downloads');
  const { projectId, publicLink } = await upload(cusp, tech.token);

  // The dashboard card's menu: the latest version as a zip.
  await signInBrowser(page, tech);
  await page.goto('/dashboard');
  const card = page.getByTestId('project-card').filter({ hasText: NAME });
  await card.getByRole('button', { name: `More actions for ${NAME}` }).click();
  const menuItem = page.getByRole('menuitem', { name: 'Download files (zip)' });
  await expect(menuItem).toBeVisible();
  await page.screenshot({ path: shotPath('downloads-card-menu-desktop.png') });
  await expectZip(await downloaded(page, () => menuItem.click()));

  // The owner's viewer: one file, then the version.
  await page.goto(`/viewer/${projectId}`);
  await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: 90_000,
  });
  let layers = await showPanel(page, 'Layers');
  const one = await downloaded(page, () =>
    layers.getByRole('button', { name: 'Download Upper crown 16' }).click(),
  );
  expect(one.suggestedFilename()).toBe('Upper crown 16.stl');
  expect(sha256(await bytesOf(one))).toBe(sha256(FILES[0]!.bytes));
  await expectZip(
    await downloaded(page, () =>
      layers.getByRole('button', { name: 'Download version (zip)' }).click(),
    ),
  );
  await axe(page, layers, 'owner layers, desktop');
  await page.screenshot({ path: shotPath('downloads-owner-layers-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  layers = await showPanel(page, 'Layers');
  await expect(layers.getByRole('button', { name: 'Download version (zip)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axe(page, layers, 'owner layers, phone');
  await page.screenshot({ path: shotPath('downloads-owner-layers-mobile.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The doctor: no download controls while the owner has not allowed them.
  const doctorContext = await browser.newContext({
    baseURL: cusp.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const doctor = await doctorContext.newPage();
  const viewerPath = new URL(publicLink).pathname;
  await doctor.goto(viewerPath);
  await expect(viewerCanvas(doctor)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: 90_000,
  });
  let doctorLayers = await showPanel(doctor, 'Layers');
  await expect(doctorLayers.getByTestId('layer-row')).toHaveCount(3);
  await expect(doctorLayers.getByTestId('layer-download')).toHaveCount(0);
  await expect(doctorLayers.getByTestId('version-download')).toHaveCount(0);

  // The owner allows downloads in Link settings.
  await page.goto('/dashboard');
  await card.getByRole('button', { name: `More actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Link settings' }).click();
  const modal = page.getByTestId('link-settings-modal');
  const allow = modal.getByRole('checkbox', { name: 'Allow the doctor to download files' });
  await expect(allow).not.toBeChecked();
  await allow.check();
  await modal.getByText('Allow the doctor to download files').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('downloads-link-settings-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shotPath('downloads-link-settings-mobile.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await modal.getByRole('button', { name: 'Save settings' }).click();
  await expect(allow).toBeChecked();
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(card.getByTestId('card-link-summary')).toContainText('Downloads allowed');

  // The doctor now gets the same files, streamed through plain links.
  await doctor.reload();
  await expect(viewerCanvas(doctor)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: 90_000,
  });
  doctorLayers = await showPanel(doctor, 'Layers');
  const dcm = await downloaded(doctor, () =>
    doctorLayers.getByRole('link', { name: 'Download example_ca' }).click(),
  );
  expect(dcm.suggestedFilename()).toBe('example_ca.dcm');
  expect(sha256(await bytesOf(dcm))).toBe(sha256(FILES[2]!.bytes));
  await expectZip(
    await downloaded(doctor, () =>
      doctorLayers.getByRole('link', { name: 'Download version (zip)' }).click(),
    ),
  );
  await axe(doctor, doctorLayers, 'doctor layers, phone');
  await doctor.screenshot({ path: shotPath('downloads-doctor-layers-mobile.png') });
  await doctor.setViewportSize({ width: 1280, height: 800 });
  doctorLayers = await showPanel(doctor, 'Layers');
  await doctor.screenshot({ path: shotPath('downloads-doctor-layers-desktop.png') });
  await doctorContext.close();
});
