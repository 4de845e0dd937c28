import type { Locator, Page, Route } from '@playwright/test';
import type { ReceivedMail } from '../support/accounts';
import { showPanel } from './support/viewerPanels';
import { expect } from './support/cusp';
import { createCase, mailsTo, registerTechnician } from './support/reviewCase';
import { shotPath, viewerCanvas, viewportMiddle } from './support/shots';
import { test } from './support/smtpCusp';
import { brightPixels, differingPixels } from './support/png';

/**
 * The doctor's side of Cusp in a real browser with WebGL (SwiftShader): a project made through the
 * API from the real arches, opened anonymously by its public link, reviewed, approved; the
 * technician sees it on the dashboard and gets the mails at a real SMTP peer. Also the demo, the
 * phone layout and an unknown link. Readiness is awaited through the viewer's own signals
 * (`data-viewer-ready` on the canvas, the overlay), never with fixed sleeps.
 */

const PASSWORD = 'correct-otter-lamp-42';
const TECH_EMAIL = 'tess@viewer-e2e.test';
const TECH_NAME = 'Tess Viewer';
/** SwiftShader takes 5–8 s for a first frame on this machine; allow for a loaded box. */
const READY_TIMEOUT = 90_000;

type Mail = ReceivedMail;

const subjectOf = (m: Mail) => /^Subject: (.*)$/m.exec(m.decoded)?.[1]?.trim() ?? '';

async function viewerReady(page: Page): Promise<Locator> {
  const canvas = viewerCanvas(page);
  await expect(canvas).toHaveAttribute('data-viewer-ready', 'true', { timeout: READY_TIMEOUT });
  // The arch (85k triangles) is drawn coarse first: wait for its full level.
  await expect(canvas).toHaveAttribute('data-lod', 'full', { timeout: READY_TIMEOUT });
  return canvas;
}

test.describe('3D viewer', () => {
  test('doctor with the link: progress → model → hide → opacity → feedback → approve; the technician sees it', async ({
    page,
    cusp,
    smtp,
    browser,
  }) => {
    test.setTimeout(300_000);
    const { token } = await registerTechnician(cusp, smtp, {
      name: TECH_NAME,
      email: TECH_EMAIL,
      password: PASSWORD,
      companyName: 'Viewer Dental Lab',
    });
    const { linkPath: viewerPath } = await createCase(cusp, token, 'Upper crowns review', {
      laboratoryName: 'Viewer Dental Lab',
    });

    // Hold the two model downloads so the overlay's progress can be read step by step: the
    // arch's coarse level and the crown (the arch's full level, asked for after, goes through).
    const held: Route[] = [];
    await page.route('**/api/public/projects/*/view/*', (route) => {
      if (held.length < 2) held.push(route);
      else void route.continue();
    });

    // `page` is a fresh, anonymous context: no token, nothing in storage.
    await page.goto(viewerPath);
    const overlay = page.getByTestId('loading-overlay');
    await expect(overlay.getByRole('heading', { name: 'Loading 3D Models...' })).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(2);
    await expect(overlay).toContainText('0 of 2 models loaded');
    await expect(overlay.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await page.screenshot({ path: shotPath('viewer-review-loading.png') });
    await held[0]!.continue();
    await expect(overlay).toContainText('1 of 2 models loaded', { timeout: 60_000 });
    await expect(overlay).toContainText('50%');
    await expect(overlay.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await held[1]!.continue();

    await viewerReady(page);
    await expect(overlay).toHaveCount(0);
    await page.screenshot({ path: shotPath('viewer-review-desktop.png') });
    const shown = await viewportMiddle(page, 'viewer-review-canvas.png');
    expect(brightPixels(shown), 'lit model pixels in the middle of the canvas').toBeGreaterThan(
      5_000,
    );

    // Project Info (review mode): no Back to Dashboard, Go Home and Copy Link present.
    const info = page.getByRole('region', { name: 'Project Info' });
    await expect(info).toContainText('Upper crowns review');
    await expect(info).toContainText('Pending Review');
    await expect(info).toContainText('Jane Q. Patientname');
    await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toHaveCount(0);

    // Hide the upper arch (the side panel's Layers tab): the picture changes, most lit pixels go.
    await showPanel(page, 'Layers');
    await page.getByRole('button', { name: 'Hide Upper arch' }).click();
    await expect(page.getByRole('button', { name: 'Show Upper arch' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect
      .poll(async () => differingPixels(shown, await viewportMiddle(page)), { timeout: 30_000 })
      .toBeGreaterThan(5_000);
    const hidden = await viewportMiddle(page, 'viewer-review-hidden.png');
    expect(brightPixels(hidden)).toBeLessThan(brightPixels(shown));

    // Show it again at 30 % opacity: different from both.
    await page.getByRole('button', { name: 'Show Upper arch' }).click();
    await expect
      .poll(async () => differingPixels(hidden, await viewportMiddle(page)), { timeout: 30_000 })
      .toBeGreaterThan(5_000);
    const slider = page.getByRole('slider', { name: 'Opacity of Upper arch' });
    await slider.fill('0.3');
    await expect(slider).toHaveValue('0.3');
    await expect(page.getByTestId('layer-row').filter({ hasText: 'Upper arch' })).toContainText(
      '30%',
    );
    await expect
      .poll(async () => differingPixels(shown, await viewportMiddle(page)), { timeout: 30_000 })
      .toBeGreaterThan(2_000);
    await viewportMiddle(page, 'viewer-review-opacity.png');

    // A comment: the one composer, in the conversation, which Comment opens with the focus.
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const box = page.getByLabel('New comment');
    await expect(box).toBeFocused({ timeout: 30_000 });
    const send = page.getByRole('button', { name: 'Send comment' });
    await expect(send).toBeDisabled();
    await box.fill('Margin on 16 looks short, please extend distally.');
    await send.click();
    // The first review action asks the doctor's name once for this link.
    const identity = page.getByTestId('identity-dialog');
    await identity.getByLabel('Your name').fill('Dr. Viewer');
    await identity.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Comment sent')).toBeVisible({ timeout: 30_000 });
    await expect(box).toHaveValue('');
    await expect(page.getByTestId('thread-comment')).toContainText('Margin on 16 looks short');

    // Approve.
    // Approve: a confirmation that names the version, its files and what is still open.
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByTestId('approve-dialog');
    await expect(confirm.getByRole('heading', { name: 'Approve v1?' })).toBeVisible();
    await expect(confirm.getByTestId('approve-version')).toContainText('v1 · uploaded');
    await expect(confirm.getByTestId('approve-files').getByRole('listitem')).toHaveCount(2);
    await expect(confirm.getByTestId('approve-files')).toContainText('Upper arch');
    await expect(confirm.getByTestId('approve-files')).toContainText(/\d+(\.\d+)? (KB|MB)/);
    await expect(confirm.getByTestId('approve-open-comments')).toContainText(
      '1 comment is still open',
    );
    await expect(confirm.getByTestId('approve-open-comments')).toContainText('Margin on 16');
    await expect(confirm.getByLabel('Your name')).toHaveValue('Dr. Viewer');
    await page.screenshot({ path: shotPath('viewer-review-approve-confirm.png') });
    await confirm.getByRole('button', { name: 'Approve v1' }).click();
    await expect(page.getByText('Project approved successfully!')).toBeVisible({
      timeout: 30_000,
    });
    await expect(confirm).toHaveCount(0);
    const approved = page.getByRole('button', { name: 'Approved', exact: true });
    await expect(approved).toBeVisible();
    await expect(approved).toBeDisabled();
    await page.screenshot({ path: shotPath('viewer-review-approved.png') });

    // The technician, in their own context, signs in and sees the comment and the status.
    const tech = await browser.newContext({ baseURL: cusp.baseURL });
    try {
      const tp = await tech.newPage();
      await tp.goto('/login');
      await tp.getByLabel('Email Address').fill(TECH_EMAIL);
      await tp.getByLabel('Password').fill(PASSWORD);
      await tp.getByRole('button', { name: 'Sign In' }).click();
      await expect(tp).toHaveURL('/dashboard', { timeout: 30_000 });
      const card = tp.getByTestId('project-card').filter({ hasText: 'Upper crowns review' });
      await expect(card).toContainText('1 new', { timeout: 30_000 });
      await expect(card).toContainText(/approved/i);
      await expect(
        tp.getByTestId('stat-card').filter({ hasText: 'Approved' }).locator('.stat-card__value'),
      ).toHaveText('1');
      await tp.screenshot({ path: shotPath('viewer-technician-dashboard.png'), fullPage: true });
    } finally {
      await tech.close();
    }

    // Both notifications reached the SMTP peer, without the patient's name in the subject.
    await expect
      .poll(() => mailsTo(smtp, TECH_EMAIL).map(subjectOf).sort(), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          'A doctor approved your case on Cusp',
          'A doctor left feedback on your case on Cusp',
        ]),
      );
    const notes = mailsTo(smtp, TECH_EMAIL).filter((m) => /A doctor/.test(subjectOf(m)));
    for (const m of notes) expect(subjectOf(m)).not.toContain('Patientname');
    expect(notes.some((m) => m.decoded.includes('Margin on 16 looks short'))).toBe(true);
  });

  test('demo: 7 layers, local confirmations, nothing sent to the public API', async ({ page }) => {
    test.setTimeout(180_000);
    const publicCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/public/')) publicCalls.push(r.url());
    });
    await page.goto('/viewer/demo');
    await viewerReady(page);
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);

    await showPanel(page, 'Layers');
    const layers = page.getByTestId('layers-list');
    await expect(layers.getByTestId('layer-group')).toHaveCount(1);
    await expect(layers.getByTestId('layer-group')).toContainText('Teeth');
    await expect(layers.getByTestId('layer-row')).toHaveCount(7);
    await expect(viewerCanvas(page)).toHaveAttribute('data-rendered-meshes', '7');
    expect(brightPixels(await viewportMiddle(page, 'viewer-demo-canvas.png'))).toBeGreaterThan(
      5_000,
    );
    await page.screenshot({ path: shotPath('viewer-demo-desktop.png') });

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByTestId('approve-dialog');
    // The name is required.
    await confirm.getByRole('button', { name: 'Approve v1' }).click();
    await expect(confirm.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm.getByLabel('Your name')).toBeFocused();
    await confirm.getByLabel('Your name').fill('Dr. Demo');
    await confirm.getByRole('button', { name: 'Approve v1' }).click();
    await expect(page.getByText('Approved! The technician will be notified.')).toBeVisible();

    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const box = page.getByLabel('New comment');
    await expect(box).toBeFocused();
    await box.fill('Looks good to me.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(page.getByText('Feedback sent to technician!')).toBeVisible();
    await expect(box).toHaveValue('');
    expect(publicCalls).toEqual([]);
  });

  test('phone layout (390×844): the model has the screen, one bar, sheets on demand', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/viewer/demo');
    await viewerReady(page);
    await expect(page.getByTestId('viewer')).toHaveAttribute('data-device', 'mobile');
    await expect(page.getByTestId('viewer')).toHaveAttribute('data-layout', 'narrow');

    const bar = page.getByRole('navigation', { name: 'Viewer panels and actions' });
    const layersButton = bar.getByRole('button', { name: /^Layers/ });
    await expect(layersButton).toContainText('7');
    // No panel over the model until one is asked for.
    await expect(page.getByTestId('layers-list')).toHaveCount(0);
    await expect(bar.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Comment', exact: true })).toBeVisible();
    // The bar stays inside the screen.
    const qb = (await bar.boundingBox())!;
    expect(qb.x).toBeGreaterThanOrEqual(0);
    expect(qb.x + qb.width).toBeLessThanOrEqual(390);
    expect(qb.y + qb.height).toBeLessThanOrEqual(844);
    expect(brightPixels(await viewportMiddle(page))).toBeGreaterThan(1_000);
    await page.screenshot({ path: shotPath('viewer-demo-mobile.png') });

    await layersButton.click();
    await expect(layersButton).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('layers-list').getByTestId('layer-row').first()).toBeVisible();
    await page.screenshot({ path: shotPath('viewer-demo-mobile-layers.png') });
    // Escape gives the model the screen back.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('layers-list')).toHaveCount(0);

    await bar.getByRole('button', { name: 'Comment', exact: true }).click();
    const box = page.getByLabel('New comment');
    await expect(box).toBeFocused();
    await box.fill('Quick note from the phone.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(page.getByText('Feedback sent to technician!')).toBeVisible();
    await expect(box).toHaveValue('');
    await page.getByRole('button', { name: 'Close Conversation' }).click();
    await expect(box).toHaveCount(0);
  });

  test('an unknown link shows Project Not Found with Go Home', async ({ page }) => {
    await page.goto(`/viewer/pub_${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: shotPath('viewer-not-found.png') });
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');
  });
});
