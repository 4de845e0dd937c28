import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/cusp';
import { createProject, signInBrowser, technician, type Technician } from './support/projects';
import { shotPath, viewerCanvas } from './support/shots';
import { showPanel } from './support/viewerPanels';

/**
 * WCAG 2.2 AA, checked by axe-core in the browser: every page, and the viewer (a doctor's link
 * and the owner's) at 1280 and 390 px wide with each of its panels open, has no serious or
 * critical violation. The figures (violations of any impact, by rule) are printed.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const READY_TIMEOUT = 90_000;

async function audit(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const all = result.violations.map((v) => `${v.id}(${v.impact ?? '?'}×${v.nodes.length})`);
  console.log(`axe ${name}: ${all.length === 0 ? 'no violations' : all.join(', ')}`);
  const grave = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect(grave, `serious or critical axe violations on ${name}`).toEqual([]);
}

const PUBLIC_PAGES = [
  ['landing', '/'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['login', '/login'],
  ['register', '/register'],
  ['forgot password', '/forgot-password'],
  ['reset password', '/reset-password?token=x'],
  ['verify e-mail', '/verify-email'],
  ['quick upload', '/public-upload'],
  ['not found', '/no-such-page'],
] as const;

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const width of [1280, 390]) {
    test(`public pages at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const [name, path] of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator('main').first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await audit(page, `${name} ${width}`);
      }
    });
  }

  let techOnce: Promise<Technician> | null = null;
  const tech = (cusp: Parameters<typeof technician>[0]) =>
    (techOnce ??= technician(cusp, 'axe@a11y-e2e.test', 'Alex Axe'));

  test('signed-in pages at 1280 px', async ({ page, cusp }) => {
    test.setTimeout(180_000);
    const t = await tech(cusp);
    const { projectId } = await createProject(cusp, { token: t.token, name: 'Axe case' });
    await signInBrowser(page, t);
    for (const [name, path] of [
      ['dashboard', '/dashboard'],
      ['new project', '/projects/new'],
      ['project history', `/projects/${projectId}/history`],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: 30_000,
      });
      await audit(page, `${name} 1280`);
    }
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the viewer at ${size.width} px: doctor's link and owner, every panel`, async ({
      page,
      cusp,
    }) => {
      test.setTimeout(300_000);
      const t = await tech(cusp);
      const { projectId, publicLink } = await createProject(cusp, {
        token: t.token,
        name: `Axe viewer ${size.width}`,
        models: ['Molar crown 16', 'Copy of 16'],
      });
      await page.setViewportSize(size);
      for (const [who, path] of [
        ['doctor', new URL(publicLink).pathname],
        ['owner', `/viewer/${projectId}`],
      ] as const) {
        if (who === 'owner') await signInBrowser(page, t);
        await page.goto(path);
        await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
          timeout: READY_TIMEOUT,
        });
        await expect(
          page
            .getByRole('toolbar', { name: 'Viewer tools' })
            .or(page.getByRole('button', { name: 'Tools' })),
        ).toBeVisible({ timeout: READY_TIMEOUT });
        await audit(page, `viewer ${who} ${size.width}`);
        for (const panel of ['Layers', 'Info', 'Conversation'] as const) {
          const region = await showPanel(page, panel);
          if (panel === 'Conversation') {
            await expect(region).toHaveAttribute('aria-busy', 'false', {
              timeout: READY_TIMEOUT,
            });
          }
          await audit(page, `viewer ${who} ${size.width} ${panel}`);
        }
        await page.screenshot({ path: shotPath(`axe-viewer-${who}-${size.width}.png`) });
      }
    });
  }

  test('every viewer control is reached by Tab, with a visible focus', async ({ page, cusp }) => {
    test.setTimeout(240_000);
    const t = await tech(cusp);
    const { publicLink } = await createProject(cusp, {
      token: t.token,
      name: 'Axe keyboard',
      models: ['Molar crown 16', 'Copy of 16'],
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(new URL(publicLink).pathname);
    await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
      timeout: READY_TIMEOUT,
    });
    await expect(page.getByRole('toolbar', { name: 'Viewer tools' })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    const wanted = [
      'Occlusal',
      'Measure',
      'Section',
      'Snapshot',
      'Reset view',
      'Layers',
      'Info',
      'Conversation',
      'Hide panel',
      'Comment',
      'Approve',
    ];
    const reached = new Map<string, boolean>();
    await page.locator('body').focus();
    for (let i = 0; i < 120 && reached.size < wanted.length; i++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none';
        const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim();
        return { name, ring };
      });
      if (!seen) continue;
      const hit = wanted.find((w) => seen.name === w || seen.name.startsWith(`${w}\n`));
      if (hit && !reached.has(hit)) reached.set(hit, seen.ring);
    }
    expect([...reached.keys()].sort(), 'controls reached by Tab').toEqual([...wanted].sort());
    const noRing = [...reached].filter(([, ring]) => !ring).map(([name]) => name);
    expect(noRing, 'controls without a visible focus').toEqual([]);
  });
});
