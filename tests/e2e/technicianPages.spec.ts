/**
 * In Chromium against a real Cusp: the viewer's Technician row, one meaning
 * of the status counts on the dashboard, the create forms (rename, one project per submission,
 * over-long file names) and the phone layout (file rows, layer names, page widths, long names,
 * card actions, toasts). Layout is measured from bounding boxes; the 390 px screenshots land in
 * SCREENSHOT_DIR (file list, viewer layers, dashboard) to be looked at.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { decodeQuotedPrintable, encodeSolution } from '../support/accounts';
import { test as base, cuspFixture, expect, type CuspServer } from './support/cusp';
import {
  MOLAR_STL,
  createProject,
  setStatus,
  signInBrowser,
  technician,
  type Technician,
} from './support/projects';
import { shotPath, viewerCanvas } from './support/shots';

/** 200 characters without a space: the longest project name the form takes. */
const LONG_NAME = `Upper${'x'.repeat(190)}crown`;
const TECH_NAME = 'Tess Layout-Technician';

/**
 * A Cusp of its own (its registration limit is per server) and one technician for the whole file.
 */
const test = base.extend<object, { cusp: CuspServer; tech: Technician }>({
  cusp: cuspFixture,
  tech: [
    async ({ cusp }, use) => {
      await use(await technician(cusp, `tess.${Date.now()}@layout.test`, TECH_NAME));
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
};

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Elements inside `root` whose content runs past their own box or past `root`'s right edge. */
async function overflowing(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    const out: string[] = [];
    for (const e of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
      const r = e.getBoundingClientRect();
      // Form fields scroll their own text.
      if (r.width === 0 || e.matches('input, select, textarea')) continue;
      const style = getComputedStyle(e);
      const clipsWithEllipsis = style.textOverflow === 'ellipsis' && style.overflow !== 'visible';
      if (r.right > right + 1 || (!clipsWithEllipsis && e.scrollWidth > e.clientWidth + 1)) {
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
        out.push(
          `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').slice(0, 30)}`,
        );
      }
    }
    return out;
  });
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function fillFields(page: Page, name: string): Promise<void> {
  await page.getByLabel('Project Name *').fill(name);
  await page.getByLabel('Patient Name *').fill('Jane Q. Patient');
  await page.getByLabel('Laboratory Name *').fill('Smile Lab Ltd');
}

async function listProjects(cusp: CuspServer, tech: Technician) {
  const res = await fetch(`${cusp.baseURL}/api/projects`, {
    headers: { authorization: `Bearer ${tech.token}` },
  });
  return (await res.json()) as {
    id: string;
    name: string;
    status: string;
    models: { name: string; originalName: string }[];
  }[];
}

/** A quick upload through the API with the real bot check solved here. */
async function anonymousProject(cusp: CuspServer, name: string): Promise<string> {
  const ch = await fetch(`${cusp.baseURL}/api/botcheck/challenge?purpose=public-upload`);
  const { challenge } = (await ch.json()) as { challenge: Parameters<typeof encodeSolution>[0] };
  const form = new FormData();
  form.append(
    'projectData',
    JSON.stringify({
      name,
      patientName: 'Anon Patient',
      laboratoryName: 'Walk-in Lab',
      turnstileToken: await encodeSolution(challenge),
      terms: true,
    }),
  );
  form.append('models', new Blob([readFileSync(MOLAR_STL)]), 'molar.stl');
  const res = await fetch(`${cusp.baseURL}/api/public/projects`, { method: 'POST', body: form });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return new URL((JSON.parse(text) as { publicLink: string }).publicLink).pathname;
}

const viewerReady = (page: Page) =>
  expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: 120_000,
  });

test.describe('viewer Project Info', () => {
  test("shows the owner's name as Technician; an anonymous upload shows none", async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(120_000);
    const { publicLink, projectId } = await createProject(cusp, {
      token: tech.token,
      name: 'Technician row case',
    });
    const info = page.getByRole('region', { name: 'Project Info' });
    // The doctor, anonymous, by the public link.
    await page.goto(new URL(publicLink).pathname);
    await expect(info).toContainText('Technician row case', { timeout: 60_000 });
    await expect(info.locator('dt', { hasText: 'Technician' })).toHaveCount(1);
    await expect(info.locator('dt', { hasText: 'Technician' }).locator('+ dd')).toHaveText(
      TECH_NAME,
    );

    // The owner, signed in, by the project id.
    await signInBrowser(page, tech);
    await page.goto(`/viewer/${projectId}`);
    await expect(info).toContainText('Technician row case', { timeout: 60_000 });
    await expect(info.locator('dt', { hasText: 'Technician' }).locator('+ dd')).toHaveText(
      TECH_NAME,
    );

    // An anonymous quick upload has no technician.
    await page.goto(await anonymousProject(cusp, 'Walk-in case'));
    await expect(info).toContainText('Walk-in case', { timeout: 60_000 });
    await expect(info.locator('dt', { hasText: 'Technician' })).toHaveCount(0);
  });
});

test.describe('status counts', () => {
  test('the dashboard has six cards: Pending = pending + pending_review, Changes Requested = pending_revision', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(120_000);
    // A technician of its own, so the counts are exact.
    const own = await technician(cusp, `counts.${Date.now()}@layout.test`, 'Count Tech');
    const statuses = [
      'pending',
      'pending_review',
      'pending_review',
      'pending_revision',
      'approved',
    ];
    for (const [i, status] of statuses.entries()) {
      const { projectId } = await createProject(cusp, { token: own.token, name: `Case ${i}` });
      if (status !== 'pending') await setStatus(cusp, own.token, projectId, status);
    }
    await signInBrowser(page, own);
    await page.goto('/dashboard');
    const cards = page.getByTestId('stat-card');
    await expect(cards).toHaveCount(6);
    const value = (label: string) =>
      cards.filter({ has: page.getByText(label, { exact: true }) }).locator('.stat-card__value');
    await expect(value('Total Projects')).toHaveText('5');
    await expect(value('Approved')).toHaveText('1');
    await expect(value('Pending')).toHaveText('3');
    await expect(value('Changes Requested')).toHaveText('1');
    await expect(value('New Comments')).toHaveText('0');

    // Badges speak words, never the stored value.
    const badges = page.getByTestId('project-card').locator('.badge');
    await expect(page.getByTestId('project-card')).toHaveCount(5);
    const texts = await badges.allTextContents();
    expect(texts.filter((t) => t === 'Pending Review')).toHaveLength(3);
    expect(texts.filter((t) => t === 'Changes Requested')).toHaveLength(1);
    expect(texts.join('|')).not.toMatch(/_/);
  });
});

test.describe('project forms', () => {
  test('renaming strips only a real .stl/.ply/.dcm ending', async ({ page, tech }) => {
    await signInBrowser(page, tech);
    await page.goto('/projects/new');
    await page.getByTestId('file-input').setInputFiles(MOLAR_STL);
    const rename = page.getByLabel('Name for molar-crown-fdi16.stl');
    for (const [typed, kept] of [
      ['Upper scan 2.5mm offset', 'Upper scan 2.5mm offset'],
      ['Crown v1.2', 'Crown v1.2'],
      ['Crown 16.STL', 'Crown 16'],
      ['Gingiva.ply', 'Gingiva'],
      ['Upper.dcm', 'Upper'],
    ]) {
      await rename.fill(typed!);
      await rename.blur();
      await expect(rename).toHaveValue(kept!);
    }
  });

  test('after a create, closing the success modal leaves an empty form; each submission has its own Idempotency-Key', async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(120_000);
    const keys: string[] = [];
    page.on('request', (r: Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/projects') {
        keys.push(r.headers()['idempotency-key'] ?? '');
      }
    });
    await signInBrowser(page, tech);
    await page.goto('/projects/new');
    const name = `Once only ${Date.now()}`;
    await fillFields(page, name);
    await page.getByTestId('file-input').setInputFiles(MOLAR_STL);
    await page.getByLabel('Name for molar-crown-fdi16.stl').fill('Upper scan 2.5mm offset');
    const submit = page.getByRole('button', { name: 'Create Project' });
    await submit.click();
    const modal = page.getByTestId('success-modal');
    await expect(modal).toBeVisible({ timeout: 60_000 });
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);

    // Nothing of the sent project is left to send again.
    await expect(page.getByLabel('Project Name *')).toHaveValue('');
    await expect(page.getByLabel('Patient Name *')).toHaveValue('');
    await expect(page.getByTestId('file-row')).toHaveCount(0);
    await expect(submit).toBeDisabled();
    expect((await listProjects(cusp, tech)).filter((p) => p.name === name)).toHaveLength(1);
    const [created] = (await listProjects(cusp, tech)).filter((p) => p.name === name);
    expect(created!.models.map((m) => m.name)).toEqual(['Upper scan 2.5mm offset']);

    // A second project from the same page is a new submission with a key of its own.
    await fillFields(page, `${name} second`);
    await page.getByTestId('file-input').setInputFiles(MOLAR_STL);
    await submit.click();
    await expect(modal).toBeVisible({ timeout: 60_000 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_\-:.]{16,128}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  test('a file name over 255 bytes is shortened keeping .stl, and the server takes it', async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(120_000);
    const longName = `${'é'.repeat(100)}${'a'.repeat(96)}.stl`; // 296 bytes in UTF-8
    await signInBrowser(page, tech);
    await page.goto('/projects/new');
    const name = `Long file ${Date.now()}`;
    await fillFields(page, name);
    await page.getByTestId('file-input').setInputFiles({
      name: longName,
      mimeType: 'model/stl',
      buffer: readFileSync(MOLAR_STL),
    });
    const row = page.getByTestId('file-row');
    await expect(row).toHaveCount(1);
    const shown = (await row.locator('.file-row__file').getAttribute('title')) ?? '';
    expect(Buffer.byteLength(shown, 'utf8')).toBeLessThanOrEqual(255);
    expect(shown.endsWith('.stl')).toBe(true);
    expect(longName.startsWith(shown.slice(0, -4))).toBe(true);
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByTestId('success-modal')).toBeVisible({ timeout: 60_000 });
    const [created] = (await listProjects(cusp, tech)).filter((p) => p.name === name);
    expect(created!.models[0]!.originalName).toBe(shown);
  });
});

test.describe('phone layout', () => {
  for (const form of [
    { path: '/projects/new', signedIn: true, shot: 'new-project-file-list' },
    { path: '/public-upload', signedIn: false, shot: 'public-upload-file-list' },
  ]) {
    test(`file rows of ${form.path} are usable at 390 and 360 px`, async ({ page, tech }) => {
      if (form.signedIn) await signInBrowser(page, tech);
      await page.goto(form.path);
      await page.getByTestId('file-input').setInputFiles([
        { name: 'molar-crown-fdi16.stl', mimeType: 'model/stl', buffer: readFileSync(MOLAR_STL) },
        {
          name: 'Upper-arch-scan-with-a-rather-long-file-name-2024-05-01.stl',
          mimeType: 'model/stl',
          buffer: readFileSync(MOLAR_STL),
        },
      ]);
      const rows = page.getByTestId('file-row');
      await expect(rows).toHaveCount(2);
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 844 });
        await page
          .getByTestId('file-list')
          .screenshot({ path: shotPath(`${form.shot}-${width}.png`) });
        expect(await pageOverflow(page), `${form.path} scrolls sideways at ${width}`).toBe(0);
        for (const row of await rows.all()) {
          const r = await box(row);
          const fileName = row.locator('.file-row__file');
          const size = row.locator('.file-row__size');
          const material = row.getByRole('combobox');
          const remove = row.getByRole('button', { name: /^Remove / });
          // The name is visible, not squeezed to nothing.
          expect((await box(fileName)).width).toBeGreaterThan(120);
          // The size is whole ("263.9 KB", not "263.9 K").
          expect(await size.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
          await expect(size).toHaveText(/^\d+(\.\d)? (B|KB|MB)$/);
          // The material box shows its whole label.
          const m = await box(material);
          const label = await material.evaluate((e: HTMLSelectElement) => {
            const c = document.createElement('canvas').getContext('2d')!;
            c.font = getComputedStyle(e).font;
            return c.measureText(e.selectedOptions[0]?.text ?? '').width;
          });
          expect(m.width, 'material box fits its label and the arrow').toBeGreaterThan(label + 40);
          // The remove button is on the name's line, inside the row.
          const x = await box(remove);
          const n = await box(fileName);
          expect(x.y).toBeLessThan(n.y + n.height);
          expect(x.y + x.height).toBeGreaterThan(n.y);
          expect(x.x + x.width).toBeLessThanOrEqual(r.x + r.width + 1);
          expect(await overflowing(row)).toEqual([]);
        }
      }
    });
  }

  test('quick upload and the dashboard keep their width when content arrives', async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(120_000);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/public-upload');
      const form = page.getByTestId('page-public-upload');
      await expect(form.getByRole('heading', { level: 1 })).toBeVisible();
      const before = await box(form);
      await page.getByTestId('file-input').setInputFiles({
        name: `${'Upper-arch-scan-'.repeat(8)}.stl`,
        mimeType: 'model/stl',
        buffer: readFileSync(MOLAR_STL),
      });
      await expect(page.getByTestId('file-row')).toHaveCount(1);
      await expect(page.getByTestId('bot-check')).toHaveAttribute('data-state', 'success', {
        timeout: 60_000,
      });
      const after = await box(form);
      expect([after.x, after.width], `quick upload at ${width}`).toEqual([before.x, before.width]);
    }

    await createProject(cusp, { token: tech.token, name: LONG_NAME });
    await signInBrowser(page, tech);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      // The list call carries its page and sort in the query.
      const projectList = (url: URL) => url.pathname === '/api/projects';
      await page.route(projectList, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/dashboard');
      const dash = page.getByTestId('page-dashboard');
      await expect(page.getByTestId('project-skeleton').first()).toBeVisible();
      const before = await box(dash);
      release();
      await expect(page.getByTestId('project-card').first()).toBeVisible();
      const after = await box(dash);
      expect([after.x, after.width], `dashboard at ${width}`).toEqual([before.x, before.width]);
      await page.unroute(projectList);
    }
  });

  test('dashboard at 390 px: long names wrap, at most two rows of card actions, the rest in a keyboard menu', async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(120_000);
    await createProject(cusp, { token: tech.token, name: LONG_NAME });
    await signInBrowser(page, tech);
    for (const width of [1280, 1024, 768, 360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/dashboard');
      const cards = page.getByTestId('project-card');
      await expect(cards.first()).toBeVisible();
      expect(await pageOverflow(page), `dashboard scrolls sideways at ${width}`).toBe(0);
      // Every stat label is read whole ("Changes Requested", not "Changes Request…").
      for (const label of await page.locator('.stat-card__label').all()) {
        expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        expect(await overflowing(label)).toEqual([]);
      }
      for (const card of await cards.all()) {
        expect(await overflowing(card)).toEqual([]);
        const actions = card.getByTestId('card-actions').locator(':scope > *');
        // View, Copy Link and the menu (at most two visible actions).
        await expect(actions).toHaveCount(3);
        const tops = new Set<number>();
        for (const a of await actions.all()) tops.add(Math.round((await box(a)).y));
        expect(tops.size, `rows of actions at ${width}`).toBeLessThanOrEqual(2);
        for (const name of ['View', 'Copy Link']) {
          await expect(card.getByRole(name === 'View' ? 'link' : 'button', { name })).toBeVisible();
        }
      }
      if (width === 390)
        await page.screenshot({ path: shotPath('dashboard-390.png'), fullPage: true });
    }

    // The menu opens and is used with the keyboard alone.
    const card = page.getByTestId('project-card').filter({ hasText: LONG_NAME }).first();
    const more = card.getByRole('button', { name: /More actions/ });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      /Comments/,
      /Email/,
      /Link settings/,
      /History/,
      /Download files \(zip\)/,
      /Upload new version/,
      /Delete/,
    ]);
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.screenshot({ path: shotPath('dashboard-390-menu.png') });
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // Delete opens its confirmation, whose long name wraps inside the dialog.
    const dialog = page.getByTestId('delete-modal');
    await expect(dialog).toBeVisible();
    expect(await overflowing(dialog)).toEqual([]);
    await page.screenshot({ path: shotPath('dashboard-390-delete-modal.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The e-mail modal names the project; the mail it sends wraps the name at 390 px too.
    await card.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Email' }).click();
    const email = page.getByTestId('email-modal');
    expect(await overflowing(email)).toEqual([]);
    await email.getByLabel("Doctor's email").fill('doctor@clinic.test');
    await email.getByRole('button', { name: 'Send Email' }).click();
    await expect(email).toHaveCount(0, { timeout: 30_000 });
    let html = '';
    await expect
      .poll(
        () => {
          const dir = path.join(cusp.dataDir, 'outbox');
          for (const f of readdirSync(dir)) {
            const m = decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8'));
            if (!/^To: doctor@clinic\.test\r?$/m.test(m)) continue;
            html = /<!doctype html>[\s\S]*<\/html>/i.exec(m)?.[0] ?? '';
          }
          return html.includes(LONG_NAME);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const mail = await page.context().newPage();
    await mail.setViewportSize({ width: 390, height: 844 });
    await mail.setContent(html);
    expect(await pageOverflow(mail), 'the mail scrolls sideways at 390 px').toBe(0);
    await mail.screenshot({ path: shotPath('mail-doctor-390.png'), fullPage: true });
    await mail.close();
  });

  test('viewer at 390 and 360 px: layer names readable, long names wrap, toasts clear of the review buttons', async ({
    page,
    cusp,
    tech,
  }) => {
    test.setTimeout(240_000);
    const { publicLink } = await createProject(cusp, {
      token: tech.token,
      name: LONG_NAME,
      models: ['Upper scan 2.5mm offset', 'Molar crown 16', `Lower${'y'.repeat(150)}arch`],
      // The first two form a Teeth group: their rows are indented, the tightest case.
      types: ['teeth', 'teeth', 'individual'],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL(publicLink).pathname);
    await viewerReady(page);
    const layersPanel = page.getByRole('region', { name: 'Model Layers' });
    const bar = page.getByRole('navigation', { name: 'Viewer panels and actions' });
    await bar.getByRole('button', { name: /^Layers/ }).click();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      const names = layersPanel.locator('.vl-layer__name');
      // The group's row and its three layers (two of them indented members of the group).
      await expect(names).toHaveCount(4);
      await expect(layersPanel.getByTestId('layer-group')).toContainText('Teeth');
      for (const n of ['Upper scan 2.5mm offset', 'Molar crown 16']) {
        const el = names.filter({ hasText: n });
        // Short names are shown whole, on one line.
        const whole = await el.evaluate((e) => {
          const fontSize = parseFloat(getComputedStyle(e).fontSize);
          return e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().height < 2 * fontSize;
        });
        expect(whole, `${n} at ${width}`).toBe(true);
        expect((await box(el)).width).toBeGreaterThan(100);
      }
      expect(await overflowing(layersPanel)).toEqual([]);
      const b = await box(layersPanel);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shotPath(`viewer-layers-${width}.png`) });
    }
    // Project Info with the long name stays inside its sheet and the screen.
    await bar.getByRole('button', { name: 'Info', exact: true }).click();
    const info = page.getByRole('region', { name: 'Project Info' });
    await expect(info.getByRole('heading', { level: 1 })).toHaveText(LONG_NAME);
    expect(await overflowing(info)).toEqual([]);
    await page.screenshot({ path: shotPath('viewer-info-360.png') });
    await bar.getByRole('button', { name: 'Info', exact: true }).click();
    await expect(info).toHaveCount(0);

    // Approving shows a toast that leaves the bar's buttons uncovered.
    const quick = bar;
    await quick.getByRole('button', { name: 'Approve', exact: true }).click();
    // The confirmation is a sheet along the bottom of the phone; it takes the doctor's name.
    const confirm = page.getByTestId('approve-dialog');
    await confirm.evaluate((e) => Promise.all(e.getAnimations().map((a) => a.finished)));
    const sheet = await box(confirm);
    expect(Math.round(sheet.y + sheet.height)).toBeGreaterThanOrEqual(843);
    expect(Math.round(sheet.width)).toBeGreaterThanOrEqual(359); // the 360 px phone
    await page.screenshot({ path: shotPath('viewer-approve-sheet-360.png') });
    await confirm.getByLabel('Your name').fill('Dr. Phone');
    await confirm.getByRole('button', { name: /^Approve v/ }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Project approved successfully!' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const t = await box(toast);
    for (const button of await quick.getByRole('button').all()) {
      expect(intersects(t, await box(button))).toBe(false);
    }
    await page.screenshot({ path: shotPath('viewer-toast-360.png') });
  });

  test('toasts on a phone leave the primary button free; the same message shown again is shown again', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/public-upload');
    await page.getByTestId('file-input').setInputFiles(MOLAR_STL);
    await expect(page.getByTestId('bot-check')).toHaveAttribute('data-state', 'success', {
      timeout: 60_000,
    });
    const submit = page.getByRole('button', { name: 'Create Project' });
    await submit.scrollIntoViewIfNeeded();
    // A refused pick is an outcome shown as a toast (field refusals sit under their fields).
    const refuse = () =>
      page.getByTestId('file-input').setInputFiles({
        name: 'scan.obj',
        mimeType: 'model/obj',
        buffer: Buffer.from('v 0 0 0\n'),
      });
    await refuse();
    const toast = page.getByTestId('toast').filter({ hasText: 'Unsupported files: scan.obj' });
    await expect(toast).toBeVisible();
    expect(intersects(await box(toast), await box(submit))).toBe(false);
    // The first toast is marked; the second pick must show a new one, not keep the old one.
    await toast.evaluate((e) => e.setAttribute('data-seen', 'yes'));
    await refuse();
    await expect(toast).toHaveCount(1);
    await expect(toast).not.toHaveAttribute('data-seen', 'yes');
    await expect(toast).toBeVisible();
    await page.screenshot({ path: shotPath('public-upload-toast-390.png') });

    // A toast naming a 200-character file breaks the name inside the screen.
    await page.getByTestId('file-input').setInputFiles({
      name: `${'Z'.repeat(200)}.obj`,
      mimeType: 'model/obj',
      buffer: Buffer.from('v 0 0 0\n'),
    });
    const refused = page.getByTestId('toast').filter({ hasText: 'Unsupported files: ZZZ' });
    await expect(refused).toBeVisible();
    // Measured where it rests, after its slide-in.
    await refused.evaluate((e) => Promise.all(e.getAnimations().map((a) => a.finished)));
    const r = await box(refused);
    expect(r.x).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width).toBeLessThanOrEqual(390);
    expect(await overflowing(refused)).toEqual([]);
  });
});
