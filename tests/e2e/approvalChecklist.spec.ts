/**
 * The clinical checklist in the browser: the lab, in the owner viewer at 1280×800, stops asking
 * about shade; the doctor, on a 390×844 phone, reads the approval's confirmation (version, files,
 * the open comment), answers the four items asked — margins pointing to the pinned comment — and
 * approves; the thread's approval line and the owner's thread show the answers.
 */
import type { Page } from '@playwright/test';
import { test as base, expect, type CuspServer } from './support/cusp';
import { createProject, signInBrowser, technician, type Technician } from './support/projects';
import { shotPath, viewerCanvas } from './support/shots';
import { showPanel } from './support/viewerPanels';

const test = base.extend<object, { cusp: CuspServer; tech: Technician }>({
  tech: [
    async ({ cusp }, use) => {
      await use(await technician(cusp, `cora.${Date.now()}@checklist.test`, 'Cora Technician'));
    },
    { scope: 'worker' },
  ],
});

const READY = { timeout: 90_000 };

async function viewerReady(page: Page): Promise<void> {
  await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', READY);
}

test('the lab picks the items; the doctor answers them on a phone and approves', async ({
  page,
  browser,
  cusp,
  tech,
}) => {
  test.setTimeout(300_000);
  const { projectId, publicLink } = await createProject(cusp, {
    token: tech.token,
    name: 'Crown 16 checklist',
  });
  const token = new URL(publicLink).pathname.split('/').pop()!;
  const project = (await (
    await fetch(`${cusp.baseURL}/api/projects/${projectId}`, {
      headers: { authorization: `Bearer ${tech.token}` },
    })
  ).json()) as { models: { id: string }[] };
  // A pinned comment the margin answer will point to.
  const pinned = await fetch(`${cusp.baseURL}/api/public/projects/${token}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      authorName: 'Dr. Lena Ortiz',
      body: 'Distal margin of 16: check the fit here.',
      anchor: {
        modelId: project.models[0]!.id,
        point: [0, 0, 5],
        normal: [0, 0, 1],
        camera: { position: [0, -40, 40], target: [0, 0, 0], up: [0, 0, 1] },
      },
    }),
  });
  expect(pinned.status).toBe(201);

  // The lab, at 1280×800, stops asking about shade and material.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(page, tech);
  await page.goto(`/viewer/${projectId}`);
  await viewerReady(page);
  const info = await showPanel(page, 'Info');
  const owned = info.getByTestId('owner-checklist');
  await expect(owned.getByRole('checkbox')).toHaveCount(5);
  const shade = owned.getByRole('checkbox', { name: 'Shade and material' });
  await expect(shade).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/projects/${projectId}/checklist`) && r.status() === 200,
  );
  await shade.uncheck();
  await saved;
  await expect(shade).not.toBeChecked();
  await owned.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('checklist-owner-1280.png') });

  // The doctor, on a phone.
  const dctx = await browser.newContext({
    baseURL: cusp.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  try {
    const doctor = await dctx.newPage();
    await doctor.goto(new URL(publicLink).pathname);
    await viewerReady(doctor);
    const bar = doctor.getByRole('navigation', { name: 'Viewer panels and actions' });
    await bar.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = doctor.getByTestId('approve-dialog');
    await expect(confirm.getByRole('heading', { name: 'Approve v1?' })).toBeVisible();
    await expect(confirm.getByTestId('approve-files')).toContainText('Molar crown 16');
    await expect(confirm.getByTestId('approve-open-comments')).toContainText(
      '1 comment is still open',
    );
    const checklist = confirm.getByTestId('checklist');
    await expect(checklist.getByRole('radiogroup')).toHaveCount(4);
    await expect(checklist).not.toContainText('Shade and material');
    await doctor.screenshot({ path: shotPath('checklist-doctor-confirm-390.png') });

    const margins = checklist.getByTestId('checklist-margins');
    await margins.getByRole('radio', { name: 'Acceptable' }).check();
    await margins
      .getByLabel('Pin')
      .selectOption({ label: 'Pin 1 · Distal margin of 16: check the fit here.' });
    await checklist
      .getByTestId('checklist-proximal_contacts')
      .getByRole('radio', { name: 'Acceptable' })
      .check();
    await checklist
      .getByTestId('checklist-occlusion')
      .getByRole('radio', { name: 'Not assessed' })
      .check();
    await confirm.getByLabel('Your name').fill('Dr. Lena Ortiz');
    await confirm.getByLabel('Your name').scrollIntoViewIfNeeded();
    await doctor.screenshot({ path: shotPath('checklist-doctor-answered-390.png') });
    // The confirm button stays on screen on the phone while the sheet scrolls.
    const approve = confirm.getByRole('button', { name: 'Approve v1' });
    const box = (await approve.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await approve.click();
    await expect(doctor.getByText('Project approved successfully!')).toBeVisible(READY);

    const thread = await showPanel(doctor, 'Conversation');
    const line = thread.getByTestId('thread-status').filter({ hasText: 'Approved' });
    const summary = line.getByTestId('checklist-summary');
    await expect(summary).toContainText('Margins: Acceptable (pin 1)', READY);
    await expect(summary).toContainText('Proximal contacts: Acceptable');
    await expect(summary).toContainText('Occlusion: Not assessed');
    await expect(summary).not.toContainText('Anatomy');
    await doctor.screenshot({ path: shotPath('checklist-doctor-thread-390.png') });
  } finally {
    await dctx.close();
  }

  // The owner's thread says the same.
  await page.reload();
  await viewerReady(page);
  const own = await showPanel(page, 'Conversation');
  await expect(
    own
      .getByTestId('thread-status')
      .filter({ hasText: 'Approved' })
      .getByTestId('checklist-summary'),
  ).toContainText('Margins: Acceptable (pin 1)', READY);
  await page.screenshot({ path: shotPath('checklist-owner-thread-1280.png') });
});
