/**
 * A new version reaches the doctor: the mail (at a real SMTP peer) quotes the lab's note and its
 * link opens the new version beside the previous one; a doctor back on the link sees "New version
 * since your last visit" with the note and "Compare with version N", which neither covers the
 * model nor pushes Approve off screen, at 1280×800 and 390×844.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { meshFixtures } from '../support/fixturePaths';
import { expect } from './support/cusp';
import { addVersion, createProject } from './support/projects';
import { mailsTo, registerTechnician, type Technician } from './support/reviewCase';
import { shotPath, viewerCanvas } from './support/shots';
import { test } from './support/smtpCusp';

const CROWN_V2 = path.join(meshFixtures, 'molar-crown-fdi16-v2.stl');
const NOTE = 'Buccal contour of 16 moved out by 0.1 mm';
const READY = 90_000;

let techOnce: Promise<Technician> | null = null;

async function twoVersionsLater(
  cusp: Parameters<typeof addVersion>[0],
  tech: Technician,
  projectId: string,
): Promise<void> {
  await addVersion(cusp, tech.token, projectId, {
    note: NOTE,
    keep: ['Antagonist'],
    files: [{ path: CROWN_V2, name: 'Crown 16' }],
  });
}

async function ready(page: Page): Promise<void> {
  await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: READY,
  });
}

/** Side by side is on: the two halves' labels, older then newer. */
async function expectSideBySide(page: Page, older: string, newer: string): Promise<void> {
  await expect(page.getByTestId('side-by-side-older')).toHaveText(older, { timeout: READY });
  await expect(page.getByTestId('side-by-side-newer')).toHaveText(newer);
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('new version: the doctor is told', () => {
  test.beforeEach(async ({ cusp, smtp }) => {
    techOnce ??= registerTechnician(cusp, smtp, {
      name: 'Nora Notice',
      email: `nora.${Date.now()}@lab.example`,
      password: 'correct-otter-lamp-42',
    });
    await techOnce;
  });

  test('the mail quotes the note and its link opens v2 beside v1', async ({ page, cusp, smtp }) => {
    test.setTimeout(240_000);
    const tech = await techOnce!;
    const { projectId } = await createProject(cusp, {
      token: tech.token,
      name: 'Crown 16 mailed',
      models: ['Crown 16', 'Antagonist'],
    });
    const doctor = `dr.mailed.${Date.now()}@clinic.example`;
    const sent = await fetch(`${cusp.baseURL}/api/projects/${projectId}/send-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tech.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ doctorEmail: doctor }),
    });
    expect(sent.status).toBe(200);
    await twoVersionsLater(cusp, tech, projectId);

    const versionMails = () =>
      mailsTo(smtp, doctor).filter((m) => m.decoded.includes('uploaded version 2'));
    await expect.poll(() => versionMails().length, { timeout: 30_000 }).toBe(1);
    const mail = versionMails()[0]!.decoded;
    expect(mail).toContain(NOTE);
    expect(mail).toContain('Compare version 2 with version 1');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/viewer\/pub_[A-Za-z0-9_-]{43}\?v=2&compare=1)\s/.exec(
      mail,
    )?.[1];
    expect(link, 'the compare link in the mail').toBeTruthy();

    // The mail itself on a phone: nothing runs off the side.
    const html = /<!doctype html>[\s\S]*<\/html>/i.exec(mail)?.[0] ?? '';
    expect(html).toContain(`href="${link!.replace('&', '&amp;')}"`);
    const mailPage = await page.context().newPage();
    await mailPage.setViewportSize({ width: 390, height: 844 });
    await mailPage.setContent(html);
    expect(
      await mailPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await mailPage.screenshot({ path: shotPath('version-mail-390.png'), fullPage: true });
    await mailPage.close();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(link!);
    await ready(page);
    await expectSideBySide(page, 'v1', 'v2');
    // The comparison opened once: the address no longer asks for it.
    await expect(page).not.toHaveURL(/compare=/);
    const info = page.getByRole('region', { name: 'Project Info' });
    await expect(info.getByRole('button', { name: 'Side by side' })).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: READY },
    );
    // Arriving through the mail, no notice repeats what the mail said.
    await expect(page.getByTestId('new-version-notice')).toHaveCount(0);
    await page.waitForTimeout(800);
    await page.screenshot({ path: shotPath('version-mail-link-1280.png') });
    // Still one mail after the page's own requests.
    expect(versionMails()).toHaveLength(1);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`${viewport.width}×${viewport.height}: back on the link, the new version is announced and compared in one click`, async ({
      page,
      cusp,
    }) => {
      test.setTimeout(240_000);
      const tech = await techOnce!;
      const { projectId, publicLink } = await createProject(cusp, {
        token: tech.token,
        name: `Crown 16 notice ${viewport.width}`,
        models: ['Crown 16', 'Antagonist'],
      });
      const linkPath = new URL(publicLink).pathname;
      const token = linkPath.split('/').pop()!;
      await page.setViewportSize(viewport);

      // First visit: v1 is seen, nothing is announced.
      await page.goto(linkPath);
      await ready(page);
      await expect(page.getByTestId('new-version-notice')).toHaveCount(0);
      const seenEntries = () =>
        page.evaluate(() =>
          Object.entries({ ...localStorage }).filter(([k]) => k.startsWith('cusp:seen:')),
        );
      await expect.poll(async () => (await seenEntries()).length).toBe(1);
      const stored = await seenEntries();
      expect(stored[0]![1]).toBe('1');
      expect(stored[0]![0]).toMatch(/^cusp:seen:[0-9a-f]{64}$/);
      const everything = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(everything, 'the link token is never stored').not.toContain(token);

      await twoVersionsLater(cusp, tech, projectId);
      await page.reload();
      await ready(page);
      const notice = page.getByRole('region', { name: 'New version since your last visit' });
      await expect(notice).toBeVisible({ timeout: READY });
      await expect(notice.getByTestId('new-version-note')).toHaveText(`v2 ${NOTE}`);
      const compare = notice.getByRole('button', { name: 'Compare with version 1' });
      await expect(compare).toBeVisible();

      // Beside the model, not over it; Approve stays on screen.
      const noticeBox = (await notice.boundingBox())!;
      const canvasBox = (await viewerCanvas(page).boundingBox())!;
      expect(overlaps(noticeBox, canvasBox), 'the notice does not cover the 3D area').toBe(false);
      const approve = page.getByRole('button', { name: 'Approve', exact: true });
      await expect(approve).toBeInViewport({ ratio: 1 });
      expect(canvasBox.height).toBeGreaterThan(viewport.height * 0.5);
      await page.waitForTimeout(800);
      await page.screenshot({ path: shotPath(`version-notice-${viewport.width}.png`) });

      const axe = await new AxeBuilder({ page })
        .include('[data-testid="new-version-notice"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      // Keyboard: Tab reaches Compare, Enter opens v1 | v2.
      await compare.focus();
      await page.keyboard.press('Enter');
      await expectSideBySide(page, 'v1', 'v2');
      await expect(notice).toHaveCount(0);
      await page.waitForTimeout(800);
      await page.screenshot({ path: shotPath(`version-notice-compared-${viewport.width}.png`) });

      // Seen now: the next visit announces nothing.
      await page.reload();
      await ready(page);
      await expect(page.getByTestId('side-by-side-older')).toHaveCount(0);
      await page.waitForTimeout(1000);
      await expect(page.getByTestId('new-version-notice')).toHaveCount(0);
    });
  }

  test('the notice can be dismissed', async ({ page, cusp }) => {
    test.setTimeout(240_000);
    const tech = await techOnce!;
    const { projectId, publicLink } = await createProject(cusp, {
      token: tech.token,
      name: 'Crown 16 dismissed',
      models: ['Crown 16', 'Antagonist'],
    });
    const linkPath = new URL(publicLink).pathname;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(linkPath);
    await ready(page);
    await twoVersionsLater(cusp, tech, projectId);
    await page.reload();
    await ready(page);
    const notice = page.getByTestId('new-version-notice');
    await expect(notice).toBeVisible({ timeout: READY });
    const before = (await viewerCanvas(page).boundingBox())!;
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    // The 3D area takes the strip's height back.
    await expect
      .poll(async () => (await viewerCanvas(page).boundingBox())!.height)
      .toBeGreaterThan(before.height + 20);
    await expect(page.getByTestId('side-by-side-older')).toHaveCount(0);
  });
});
