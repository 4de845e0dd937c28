import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { SmtpPeer } from '../support/smtpPeer';
import { expect, type CuspServer } from './support/cusp';
import { test } from './support/smtpCusp';
import { decodePng, type Rgba } from './support/png';
import {
  createCase,
  mailsTo,
  registerTechnician,
  type ReviewCase,
  type Technician,
} from './support/reviewCase';
import { shotPath, viewerCanvas } from './support/shots';
import { closeSheet, showPanel } from './support/viewerPanels';

/**
 * The review conversation in a real browser with WebGL: a doctor with only the link names
 * themself, pins a comment on the upper arch and requests changes; the technician sees it on the
 * dashboard, finds the pin at the same place on the screen in the owner's viewer and answers;
 * the doctor reads the answer after a reload and gets the mail at a real SMTP peer; resolving
 * hides the pin. Once on a desktop (click in "Add pin" mode) and once at 390×844 (long-press,
 * thread in a bottom sheet).
 */

const READY_TIMEOUT = 90_000;
const DOCTOR = { name: 'Dr. Ada Molar', email: 'ada@clinic-e2e.test' };

/** The conversation, opened (its thread loaded). */
async function openThread(page: Page): Promise<Locator> {
  const region = await showPanel(page, 'Conversation');
  await expect(region).toHaveAttribute('aria-busy', 'false', { timeout: READY_TIMEOUT });
  return region;
}

/** The first frame is drawn and the conversation, loaded after it, is there. */
async function viewerReady(page: Page): Promise<void> {
  await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: READY_TIMEOUT,
  });
  // The arch is drawn coarse first; pins are placed on its full level.
  await expect(viewerCanvas(page)).toHaveAttribute('data-lod', 'full', {
    timeout: READY_TIMEOUT,
  });
  await openThread(page);
}

const lit = (img: Rgba, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return img.data[i]! > 110 || img.data[i + 1]! > 110 || img.data[i + 2]! > 110;
};

/** A point of lit model nearest the middle of `area`, whose 13×13 neighbourhood is all model. */
async function modelPoint(
  page: Page,
  area: { x: number; y: number; width: number; height: number },
): Promise<{ x: number; y: number }> {
  const img = decodePng(await page.screenshot());
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  let best: { x: number; y: number; d: number } | null = null;
  for (let y = area.y + 6; y < area.y + area.height - 6; y += 3) {
    for (let x = area.x + 6; x < area.x + area.width - 6; x += 3) {
      let all = true;
      for (let dy = -6; dy <= 6 && all; dy += 3) {
        for (let dx = -6; dx <= 6 && all; dx += 3) all = lit(img, x + dx, y + dy);
      }
      if (!all) continue;
      const d = Math.hypot(x - cx, y - cy);
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  if (!best) throw new Error('no model pixels in the area');
  return { x: best.x, y: best.y };
}

/** Where a pin points: the marker's label stands 6 px above its tip, centred on it. */
async function pinTip(pin: Locator): Promise<{ x: number; y: number }> {
  const r = await pin.evaluate((el) => {
    const b = el.getBoundingClientRect();
    return { x: b.left + b.width / 2, bottom: b.bottom };
  });
  return { x: r.x, y: r.bottom + 6 };
}

/** The lit model right under a pin's tip (the marker covers what is above it). */
async function expectModelUnder(page: Page, tip: { x: number; y: number }): Promise<void> {
  const img = decodePng(await page.screenshot());
  let n = 0;
  for (let dy = 3; dy <= 7; dy++)
    for (let dx = -2; dx <= 2; dx++) if (lit(img, tip.x + dx, tip.y + dy)) n++;
  expect(n, 'model pixels just under the pin tip').toBeGreaterThanOrEqual(20);
}

async function chooseComment(page: Page, scope: Locator, pin: number): Promise<void> {
  const canvas = viewerCanvas(page);
  const before = await canvas.getAttribute('data-camera-settled');
  await scope.getByRole('button', { name: `Show pin ${pin}` }).click();
  await expect
    .poll(() => canvas.getAttribute('data-camera-settled'), { timeout: 15_000 })
    .not.toBe(before);
}

async function giveName(page: Page): Promise<void> {
  const dialog = page.getByTestId('identity-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your name').fill(DOCTOR.name);
  await dialog.getByLabel(/E-mail/).fill(DOCTOR.email);
  await page.screenshot({ path: shotPath(`review-identity-${page.viewportSize()!.width}.png`) });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toHaveCount(0);
}

async function signIn(
  browser: Browser,
  cusp: CuspServer,
  tech: Technician,
  viewport: { width: number; height: number },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ baseURL: cusp.baseURL, viewport });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(tech.email);
  await page.getByLabel('Password').fill(tech.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard', { timeout: 30_000 });
  return { ctx, page };
}

/** Long-press through real touch events (CDP): held past the viewer's long-press time. */
async function longPress(page: Page, at: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touchPoints = [{ x: at.x, y: at.y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
  await page.waitForTimeout(900);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

let techCount = 0;
async function caseFor(
  cusp: CuspServer,
  smtp: SmtpPeer,
  name: string,
): Promise<{ tech: Technician; c: ReviewCase }> {
  techCount++;
  const tech = await registerTechnician(cusp, smtp, {
    name: 'Tess Review',
    email: `tess${techCount}@review-e2e.test`,
    password: 'correct-otter-lamp-42',
  });
  return { tech, c: await createCase(cusp, tech.token, name) };
}

test.describe('review conversation', () => {
  test('desktop: name, pin on the upper arch, request changes → dashboard → owner viewer pin → reply → mail → resolve', async ({
    page,
    browser,
    cusp,
    smtp,
  }) => {
    test.setTimeout(400_000);
    const { tech, c } = await caseFor(cusp, smtp, 'Crown 16 review');

    // The doctor: only the link.
    await page.goto(c.linkPath);
    await viewerReady(page);
    // Only the arch can be hit while the crown is hidden: the pin lands on the upper arch.
    await showPanel(page, 'Layers');
    await page.getByRole('button', { name: 'Hide Molar crown 16' }).click();
    const thread = await openThread(page);
    const vp = page.viewportSize()!;
    const at = await modelPoint(page, {
      x: Math.round(vp.width * 0.35),
      y: Math.round(vp.height * 0.25),
      width: Math.round(vp.width * 0.3),
      height: Math.round(vp.height * 0.4),
    });
    await thread.getByRole('button', { name: 'Add pin' }).click();
    await expect(thread.getByText('Click the model to place a pin.')).toBeVisible();
    await page.mouse.click(at.x, at.y);
    const pending = page.getByTestId('pin-pending');
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute('data-model-id', c.models['Upper arch']!);
    const pendingTip = await pinTip(pending);
    expect(Math.abs(pendingTip.x - at.x)).toBeLessThan(3);
    expect(Math.abs(pendingTip.y - at.y)).toBeLessThan(3);
    await showPanel(page, 'Layers');
    await page.getByRole('button', { name: 'Show Molar crown 16' }).click();
    await openThread(page);

    await thread.getByLabel('Comment on the new pin').fill('16 distal margin open, please extend.');
    await thread.getByRole('button', { name: 'Request changes' }).click();
    await giveName(page);
    await expect(page.getByText('Changes requested — the technician has been told')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('review-status')).toHaveText('Changes Requested');
    const pin = page.locator('[data-testid="pin"][data-pin="1"]');
    await expect(pin).toBeVisible();
    await expect(thread.getByTestId('thread-comment')).toContainText(DOCTOR.name);
    await expect(thread.getByTestId('thread-comment')).toContainText('Changes requested');
    await expect(thread.getByText('Commenting as')).toContainText(DOCTOR.name);
    await chooseComment(page, thread, 1);
    const doctorTip = await pinTip(pin);
    expect(Math.abs(doctorTip.x - at.x)).toBeLessThan(3);
    expect(Math.abs(doctorTip.y - at.y)).toBeLessThan(3);
    await expectModelUnder(page, doctorTip);
    await page.screenshot({ path: shotPath('review-doctor-pin-desktop.png') });

    // The technician: dashboard first.
    const { ctx, page: tp } = await signIn(browser, cusp, tech, vp);
    try {
      const card = tp.getByTestId('project-card').filter({ hasText: 'Crown 16 review' });
      await expect(card).toContainText('Changes Requested', { timeout: 30_000 });
      await expect(card.getByTestId('open-comments')).toHaveText('1 open');
      await expect(card).toContainText('1 new');
      await tp.screenshot({ path: shotPath('review-dashboard.png'), fullPage: true });
      await card.getByRole('button', { name: /More actions/ }).click();
      await tp.getByRole('menuitem', { name: /Comments/ }).click();
      const modal = tp.getByTestId('comments-modal');
      await expect(modal.getByTestId('thread-comment')).toContainText('Pin 1');
      await expect(modal.getByTestId('thread-comment')).toContainText(`${DOCTOR.name} (Doctor)`);
      await expect(modal.getByTestId('thread-comment')).toContainText(DOCTOR.email);
      // A first answer from the dashboard's modal.
      await modal.getByLabel(`Reply to ${DOCTOR.name}`).fill('Thanks, looking at it now.');
      await modal.getByRole('button', { name: 'Reply', exact: true }).click();
      await expect(tp.getByText('Reply sent')).toBeVisible({ timeout: 30_000 });
      await expect(modal.getByTestId('thread-reply')).toContainText('Thanks, looking at it now.');
      await expect(modal.getByTestId('thread-reply')).toContainText('Tess Review (Technician)');
      await tp.screenshot({ path: shotPath('review-comments-modal.png') });
      await modal.getByRole('button', { name: 'Close' }).click();
      await expect(modal).toHaveCount(0);

      // The owner's viewer: the pin at the same place on the screen.
      await card.getByRole('link', { name: 'View' }).click();
      await expect(tp).toHaveURL(`/viewer/${c.id}`);
      await viewerReady(tp);
      const own = tp.getByRole('region', { name: 'Conversation' });
      await expect(own.getByTestId('thread-comment')).toContainText('16 distal margin open');
      await chooseComment(tp, own, 1);
      const ownerPin = tp.locator('[data-testid="pin"][data-pin="1"]');
      const ownerTip = await pinTip(ownerPin);
      expect(Math.abs(ownerTip.x - doctorTip.x)).toBeLessThan(3);
      expect(Math.abs(ownerTip.y - doctorTip.y)).toBeLessThan(3);
      await expectModelUnder(tp, ownerTip);
      await tp.screenshot({ path: shotPath('review-owner-pin-desktop.png') });

      // A pin follows its model's layer.
      await showPanel(tp, 'Layers');
      await tp.getByRole('button', { name: 'Hide Upper arch' }).click();
      await expect(ownerPin).toHaveCount(0);
      await tp.getByRole('button', { name: 'Show Upper arch' }).click();
      await expect(ownerPin).toBeVisible();

      // The answer, from the viewer.
      await showPanel(tp, 'Conversation');
      await own.getByRole('button', { name: 'Reply' }).click();
      await own
        .getByLabel('Reply', { exact: true })
        .fill('Margin extended distally, please check.');
      await own.getByRole('button', { name: 'Send reply' }).click();
      await expect(tp.getByText('Reply sent')).toBeVisible({ timeout: 30_000 });
      await expect(own.getByTestId('thread-reply')).toHaveCount(2);
      await expect(own.getByTestId('thread-reply').last()).toContainText('Tess Review');

      // The doctor reloads and reads it; the mail reached the SMTP peer.
      await page.reload();
      await viewerReady(page);
      await expect(
        thread.getByTestId('thread-reply').filter({ hasText: 'Margin extended distally' }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(
        thread.getByTestId('thread-reply').filter({ hasText: 'Thanks, looking at it now.' }),
      ).toBeVisible();
      await expect(thread.getByText('Commenting as')).toContainText(DOCTOR.name);
      await expect
        .poll(() => mailsTo(smtp, DOCTOR.email).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => mailsTo(smtp, DOCTOR.email).length, { timeout: 30_000 }).toBe(2);
      const mail = mailsTo(smtp, DOCTOR.email).find((m) => m.decoded.includes('Margin extended'))!;
      expect(/^Subject: (.*)$/m.exec(mail.decoded)?.[1]?.trim()).toBe(
        'The lab answered your comment on Cusp',
      );
      expect(mail.decoded).not.toContain('Patientname');
      expect(mail.decoded).toContain('Margin extended distally');
      expect(mail.decoded).toContain(c.linkPath);
      await page.screenshot({ path: shotPath('review-doctor-reply-desktop.png') });

      // Resolve hides the pin (both sides); Show resolved brings it back.
      await own.getByRole('button', { name: 'Resolve' }).click();
      await expect(ownerPin).toHaveCount(0, { timeout: 30_000 });
      await page.reload();
      await viewerReady(page);
      await expect(thread.getByTestId('thread-status').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-testid="pin"]')).toHaveCount(0);
      await thread.getByLabel('Show resolved').check();
      await expect(pin).toBeVisible();
      await expect(pin).toHaveClass(/vpin--resolved/);

      // The revision is ready: back to Pending Review from the owner's viewer.
      await own.getByRole('button', { name: 'Back to Pending Review' }).click();
      await expect(tp.getByTestId('review-status')).toHaveText('Pending Review', {
        timeout: 30_000,
      });
      await tp.screenshot({ path: shotPath('review-owner-resolved-desktop.png') });
    } finally {
      await ctx.close();
    }
  });

  test('phone 390×844: long-press pin, thread in a bottom sheet, reply, resolve', async ({
    browser,
    cusp,
    smtp,
  }) => {
    test.setTimeout(400_000);
    const { tech, c } = await caseFor(cusp, smtp, 'Phone review');
    const phone = { width: 390, height: 844 };
    const dctx = await browser.newContext({
      baseURL: cusp.baseURL,
      viewport: phone,
      hasTouch: true,
    });
    try {
      const page = await dctx.newPage();
      await page.goto(c.linkPath);
      await viewerReady(page);
      await expect(page.getByTestId('viewer')).toHaveAttribute('data-device', 'mobile');
      const sheet = page.getByRole('region', { name: 'Conversation' });
      await closeSheet(page);
      const at = await modelPoint(page, { x: 80, y: 300, width: 230, height: 200 });
      await longPress(page, at);
      const pending = page.getByTestId('pin-pending');
      await expect(pending).toBeVisible();
      const pendingTip = await pinTip(pending);
      expect(Math.abs(pendingTip.x - at.x)).toBeLessThan(3);
      expect(Math.abs(pendingTip.y - at.y)).toBeLessThan(3);
      // The sheet unfolded to take the comment.
      await sheet.getByLabel('Comment on the new pin').fill('Contact on 16 too tight.');
      await page.screenshot({ path: shotPath('review-doctor-sheet-phone.png') });
      await sheet.getByRole('button', { name: 'Request changes' }).click();
      await giveName(page);
      await expect(page.getByText('Changes requested — the technician has been told')).toBeVisible({
        timeout: 30_000,
      });
      const pin = page.locator('[data-testid="pin"][data-pin="1"]');
      await expect(pin).toBeVisible();
      await chooseComment(page, sheet, 1);
      const doctorTip = await pinTip(pin);
      expect(Math.abs(doctorTip.x - at.x)).toBeLessThan(3);
      expect(Math.abs(doctorTip.y - at.y)).toBeLessThan(3);
      await page.screenshot({ path: shotPath('review-doctor-pin-phone.png') });

      const { ctx, page: tp } = await signIn(browser, cusp, tech, phone);
      try {
        await tp.goto(`/viewer/${c.id}`);
        await viewerReady(tp);
        const own = tp.getByRole('region', { name: 'Conversation' });
        const conversation = tp.getByRole('button', { name: /^Conversation/ });
        await expect(conversation).toContainText('1');
        await chooseComment(tp, own, 1);
        const ownerPin = tp.locator('[data-testid="pin"][data-pin="1"]');
        const ownerTip = await pinTip(ownerPin);
        expect(Math.abs(ownerTip.x - doctorTip.x)).toBeLessThan(3);
        expect(Math.abs(ownerTip.y - doctorTip.y)).toBeLessThan(3);
        await expectModelUnder(tp, ownerTip);
        // Choosing a pinned comment folds the sheet so the pin is in view.
        await expect(own.getByRole('button', { name: 'Add pin' })).toHaveCount(0);
        await tp.screenshot({ path: shotPath('review-owner-pin-phone.png') });
        await openThread(tp);
        await own.getByRole('button', { name: 'Reply' }).click();
        await own.getByLabel('Reply', { exact: true }).fill('Contact relieved.');
        await own.getByRole('button', { name: 'Send reply' }).click();
        await expect(tp.getByText('Reply sent')).toBeVisible({ timeout: 30_000 });
        await tp.screenshot({ path: shotPath('review-owner-sheet-phone.png') });

        await page.reload();
        await viewerReady(page);
        await expect(sheet.getByTestId('thread-reply')).toContainText('Contact relieved.', {
          timeout: 30_000,
        });

        await own.getByRole('button', { name: 'Resolve' }).click();
        await expect(ownerPin).toHaveCount(0, { timeout: 30_000 });
        await page.reload();
        await viewerReady(page);
        await closeSheet(page);
        await expect(page.locator('[data-testid="pin"]')).toHaveCount(0);
        // The bar, with Comment and Approve, stands at the foot of the screen.
        const bar = page.getByRole('navigation', { name: 'Viewer panels and actions' });
        await expect(bar.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
        const barBox = (await bar.boundingBox())!;
        expect(barBox.y + barBox.height).toBeLessThanOrEqual(phone.height);
        await page.screenshot({ path: shotPath('review-doctor-resolved-phone.png') });

        // The revision is ready: back to Pending Review from the dashboard's Comments modal.
        await tp.goto('/dashboard');
        const card = tp.getByTestId('project-card').filter({ hasText: 'Phone review' });
        await expect(card).toContainText('Changes Requested', { timeout: 30_000 });
        await card.getByRole('button', { name: /More actions/ }).click();
        await tp.getByRole('menuitem', { name: /Comments/ }).click();
        const modal = tp.getByTestId('comments-modal');
        await modal.getByRole('button', { name: 'Back to Pending Review' }).click();
        await expect(tp.getByText('Status set to Pending Review')).toBeVisible({ timeout: 30_000 });
        await expect(modal.getByRole('button', { name: 'Back to Pending Review' })).toHaveCount(0);
        await modal.getByRole('button', { name: 'Close' }).click();
        await expect(card).toContainText('Pending Review');
        await tp.screenshot({ path: shotPath('review-dashboard-phone.png'), fullPage: true });

        // Markup in a comment is shown as text, never run or drawn.
        const markup = '<img src=x onerror="window.__xss=1"><b>bold</b>';
        const token = c.linkPath.split('/').pop()!;
        const r = await fetch(`${cusp.baseURL}/api/public/projects/${token}/comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ authorName: '<i>Dr</i>', body: markup }),
        });
        expect(r.status).toBe(201);
        await page.reload();
        await viewerReady(page);
        await expect(sheet.getByText(markup)).toBeVisible({ timeout: 30_000 });
        await expect(sheet.getByText('<i>Dr</i>')).toBeVisible();
        await expect(sheet.locator('img, b, i')).toHaveCount(0);
        expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      } finally {
        await ctx.close();
      }
    } finally {
      await dctx.close();
    }
  });
});
