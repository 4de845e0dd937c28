/**
 * In Chromium against a real Cusp: the dashboard finds a project by its patient's name
 * (the search in the address, back and forward), narrows to what needs an answer, clears its
 * filters, and opens a project from "Needs attention" after a doctor's comment — the owner's
 * viewer with the conversation open. Screenshots at 1280×800 and 390×844 land in SCREENSHOT_DIR.
 */
import type { Page } from '@playwright/test';
import { test as base, cuspFixture, expect, type CuspServer } from './support/cusp';
import { createProject, signInBrowser, technician, type Technician } from './support/projects';
import { shotPath } from './support/shots';

/** Distinct patients, so one search word finds exactly one project. */
const CASES = [
  { name: 'Upper crown 16', patientName: 'Ada Lovelace' },
  { name: 'Lower bridge 34-36', patientName: 'Grace Hopper' },
  { name: 'Inlay 26', patientName: 'Hedy Lamarr' },
  { name: 'Veneer 11', patientName: 'Marie Curie' },
] as const;
const COMMENTED = 'Inlay 26';
const COMMENT = 'Please deepen the occlusal fissure on 26.';

interface Seeded {
  tech: Technician;
  ids: Record<string, string>;
}

const test = base.extend<object, { cusp: CuspServer; seeded: Seeded }>({
  cusp: cuspFixture,
  seeded: [
    async ({ cusp }, use) => {
      const tech = await technician(cusp, `dana.${Date.now()}@dashboard.test`, 'Dana Dashboard');
      const ids: Record<string, string> = {};
      const links: Record<string, string> = {};
      for (const c of CASES) {
        const made = await createProject(cusp, { token: tech.token, ...c });
        ids[c.name] = made.projectId;
        links[c.name] = made.publicLink;
      }
      // Last, the doctor comments through the public link (no account): the newest activity.
      const token = new URL(links[COMMENTED]!).pathname.split('/').pop()!;
      const res = await fetch(`${cusp.baseURL}/api/public/projects/${token}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authorName: 'Dr. Ruth Mill', body: COMMENT }),
      });
      expect(res.status, await res.text()).toBe(201);
      await use({ tech, ids });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const cards = (page: Page) => page.getByTestId('project-card');

test.describe('dashboard: needs attention, search and filters', () => {
  test('finds a project by patient name, follows back and forward, clears filters', async ({
    page,
    seeded,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInBrowser(page, seeded.tech);
    await page.goto('/dashboard');
    await expect(cards(page)).toHaveCount(CASES.length, { timeout: 30_000 });
    await expect(page.getByTestId('list-count')).toHaveText(`Showing 4 of 4`);
    // Last activity first: the commented project is on top.
    await expect(cards(page).first()).toContainText(COMMENTED);
    const attention = page.getByTestId('attention');
    const item = attention.getByTestId('attention-item').filter({ hasText: COMMENTED });
    await expect(item).toHaveAttribute('data-kind', 'new_comments');
    await expect(item).toContainText('1 new comment');
    // Every card: a picture or its placeholder, activity with the full date in its title.
    for (const card of await cards(page).all()) {
      await expect(card.getByTestId('project-thumbnail')).toBeVisible();
      await expect(card.getByTestId('card-activity').locator('time')).toHaveAttribute(
        'title',
        /\d{4} \d{2}:\d{2}$/,
      );
      await expect(card.getByTestId('card-actions').locator(':scope > *')).toHaveCount(3);
    }
    await page.screenshot({ path: shotPath('dashboard-1280x800.png') });

    // Search by the patient's family name: one card, and the address says so.
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    await search.fill('hopper');
    await expect(page).toHaveURL(/[?&]q=hopper(&|$)/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Lower bridge 34-36');
    await expect(cards(page).first()).toContainText('Grace Hopper');
    await expect(page.getByTestId('list-count')).toHaveText('Showing 1 of 1');
    await page.screenshot({ path: shotPath('dashboard-1280x800-search.png') });

    // Back: every project again, the box empty; forward: the search again.
    await page.goBack();
    await expect(page).not.toHaveURL(/q=/);
    await expect(cards(page)).toHaveCount(CASES.length);
    await expect(search).toHaveValue('');
    await page.goForward();
    await expect(search).toHaveValue('hopper');
    await expect(cards(page)).toHaveCount(1);

    // "Needs my answer": only the project with the doctor's unread comment.
    await search.fill('');
    await expect(page).not.toHaveURL(/q=/);
    await page.getByLabel('Needs my answer').check();
    await expect(page).toHaveURL(/needs=answer/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(COMMENTED);

    // Nothing matches: the empty state clears every filter at once.
    await search.fill('nobody-by-this-name');
    const none = page.getByTestId('no-match');
    await expect(none).toBeVisible();
    await expect(none).toContainText('No projects match these filters');
    await none.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards(page)).toHaveCount(CASES.length);
    await expect(search).toHaveValue('');
    await expect(page.getByLabel('Needs my answer')).not.toBeChecked();
    expect(new URL(page.url()).search).toBe('');

    // The status filter, read as people read statuses.
    await page.getByLabel('Status').selectOption({ label: 'Approved' });
    await expect(page).toHaveURL(/status=approved/);
    await expect(none).toBeVisible();
  });

  test('pages a long list: 24 cards, then "Load more" brings the rest, newest first', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(180_000);
    const many = await technician(cusp, `lena.${Date.now()}@dashboard.test`, 'Lena Long-List');
    const total = 27;
    for (let i = 1; i <= total; i++) {
      await createProject(cusp, { token: many.token, name: `Case ${String(i).padStart(2, '0')}` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInBrowser(page, many);
    await page.goto('/dashboard');
    await expect(cards(page)).toHaveCount(24, { timeout: 30_000 });
    await expect(page.getByTestId('list-count')).toHaveText(`Showing 24 of ${total}`);
    await expect(cards(page).first()).toContainText('Case 27');
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(total);
    await expect(page.getByTestId('list-count')).toHaveText(`Showing ${total} of ${total}`);
    await expect(more).toHaveCount(0);
    // The next page follows on: no card twice, the oldest last.
    const names = await cards(page).locator('.project-card__title').allTextContents();
    expect(new Set(names).size).toBe(total);
    await expect(cards(page).last()).toContainText('Case 01');
  });

  test('opens the commented project from Needs attention with the conversation open', async ({
    page,
    seeded,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInBrowser(page, seeded.tech);
    await page.goto('/dashboard');
    const item = page.getByTestId('attention-item').filter({ hasText: COMMENTED });
    await item.getByRole('link').click();
    await expect(page).toHaveURL(`/viewer/${seeded.ids[COMMENTED]}?panel=thread`);
    const thread = page.getByRole('region', { name: 'Conversation' });
    await expect(thread).toBeVisible({ timeout: 60_000 });
    // The conversation loads after the first frame (slow on a busy machine).
    await expect(thread).toContainText(COMMENT, { timeout: 30_000 });
  });

  test('phone 390×844: the strip scrolls sideways, the card menu works by touch, the sheet opens', async ({
    browser,
    cusp,
    seeded,
  }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({
      baseURL: cusp.baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await ctx.newPage();
    try {
      await signInBrowser(page, seeded.tech);
      await page.goto('/dashboard');
      await expect(cards(page)).toHaveCount(CASES.length, { timeout: 30_000 });
      await expect(page.getByTestId('attention-item').first()).toBeVisible();
      // Nothing but the strip's own list scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: shotPath('dashboard-390x844.png') });
      await page.screenshot({ path: shotPath('dashboard-390x844-full.png'), fullPage: true });

      // The card menu by touch: Comments opens the doctor's comment.
      const card = cards(page).filter({ hasText: COMMENTED });
      await card.getByRole('button', { name: `More actions for ${COMMENTED}` }).tap();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await page.screenshot({ path: shotPath('dashboard-390x844-menu.png') });
      await menu.getByRole('menuitem', { name: /Comments/ }).tap();
      const modal = page.getByTestId('comments-modal');
      await expect(modal).toContainText(COMMENT);
      await modal.getByRole('button', { name: /Close/ }).first().tap();
      await expect(modal).toHaveCount(0);

      // From the strip to the viewer: on a phone the conversation's sheet opens unfolded.
      await page
        .getByTestId('attention-item')
        .filter({ hasText: COMMENTED })
        .getByRole('link')
        .tap();
      await expect(page).toHaveURL(/\?panel=thread$/);
      const sheet = page.getByRole('region', { name: 'Conversation' });
      await expect(sheet).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('button', { name: /^Conversation/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(sheet).toContainText(COMMENT, { timeout: 30_000 });
      await page.screenshot({ path: shotPath('dashboard-390x844-thread.png') });
    } finally {
      await ctx.close();
    }
  });
});
