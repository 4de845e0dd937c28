/**
 * Browser journeys: a signed-in technician creates a project from a 3Shape DCM (converted
 * in the browser by the wasm worker), a binary STL and a binary PLY with vertex colours, copies the
 * link and finds the project on the dashboard; an anonymous quick upload with the bot check and
 * the terms opens in the viewer; files the spec refuses are refused in the form with its words.
 */
import { closeSync, openSync, readFileSync, writeFileSync, ftruncateSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD, verifiedAccount } from './support/accounts';
import { test, expect } from './support/cusp';
import { fixturesDir } from '../support/fixturePaths';
import { SCREENSHOT_DIR } from './support/paths';

const FIXTURES = fixturesDir;
const STL = path.join(FIXTURES, 'mesh', 'molar-crown-fdi16.stl');
const OBJ = path.join(FIXTURES, 'mesh', 'molar-crown-fdi16.obj');
const DCM = path.join(FIXTURES, 'dcm', 'example_ca.dcm');

/**
 * A binary little-endian PLY with per-vertex RGB built from the triangles of a binary STL (three
 * vertices per triangle, coloured by position) — there is no PLY among the fixtures.
 */
function colouredPlyFromStl(stl: Buffer): Buffer {
  const n = stl.readUInt32LE(80);
  const header = Buffer.from(
    [
      'ply',
      'format binary_little_endian 1.0',
      `element vertex ${n * 3}`,
      'property float x',
      'property float y',
      'property float z',
      'property uchar red',
      'property uchar green',
      'property uchar blue',
      `element face ${n}`,
      'property list uchar int vertex_indices',
      'end_header',
      '',
    ].join('\n'),
    'latin1',
  );
  const body = Buffer.alloc(n * 3 * 15 + n * 13);
  let o = 0;
  for (let t = 0; t < n; t++) {
    for (let v = 0; v < 3; v++) {
      const at = 84 + t * 50 + 12 + v * 12;
      const [x, y, z] = [stl.readFloatLE(at), stl.readFloatLE(at + 4), stl.readFloatLE(at + 8)];
      body.writeFloatLE(x, o);
      body.writeFloatLE(y, o + 4);
      body.writeFloatLE(z, o + 8);
      body[o + 12] = 200;
      body[o + 13] = 120 + ((t * 7) % 100);
      body[o + 14] = 90 + Math.abs(Math.round(z * 10) % 120);
      o += 15;
    }
  }
  for (let t = 0; t < n; t++) {
    body[o] = 3;
    body.writeInt32LE(3 * t, o + 1);
    body.writeInt32LE(3 * t + 1, o + 5);
    body.writeInt32LE(3 * t + 2, o + 9);
    o += 13;
  }
  return Buffer.concat([header, body]);
}

/** Storage as the dashboard shows it: B/KB/MB/GB, one decimal, base 1024. */
function storage(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first();

async function fillProjectFields(page: Page, name: string): Promise<void> {
  await page.getByLabel('Project Name *').fill(name);
  await page.getByLabel('Patient Name *').fill('Jane Q. Patient');
  await page.getByLabel('Laboratory Name *').fill('Smile Lab Ltd');
}

test.describe('projects', () => {
  test('sign in → new project with a DCM, an STL and a PLY → copy the link → the dashboard shows it', async ({
    page,
    context,
    cusp,
  }, testInfo) => {
    test.setTimeout(180_000);
    const email = `projects.${Date.now()}@lab.example`;
    const name = 'Project Tech';
    await verifiedAccount(cusp, email, name);
    const ply = testInfo.outputPath('molar-colours.ply');
    writeFileSync(ply, colouredPlyFromStl(readFileSync(STL)));

    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'No Projects Yet' })).toBeVisible();

    await page
      .getByTestId('page-dashboard')
      .getByRole('link', { name: 'New Project' })
      .first()
      .click();
    await expect(page).toHaveURL('/projects/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Project');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const submit = page.getByRole('button', { name: 'Create Project' });
    await expect(submit).toBeDisabled(); // no files yet

    const projectName = `Upper molar ${Date.now()}`;
    await fillProjectFields(page, projectName);
    await page.getByTestId('file-input').setInputFiles([DCM, STL, ply]);

    const rows = page.getByTestId('file-row');
    await expect(rows).toHaveCount(3);
    const dcmRow = rows.filter({ hasText: 'example_ca.dcm' });
    // Converted locally by the wasm worker: the row ends up with the size of the STL it became.
    await expect(dcmRow.getByText('Converting…')).toHaveCount(0, { timeout: 30_000 });
    await expect(dcmRow).toContainText(/\d+(\.\d)? (B|KB|MB)/);
    await expect(dcmRow.getByRole('textbox')).toBeEnabled();
    await expect(submit).toBeEnabled();

    // Defaults of the signed-in form: names without extension; PLY texture only, others 'default'.
    await expect(page.getByLabel('Name for example_ca.dcm')).toHaveValue('example_ca');
    await expect(page.getByLabel('Name for molar-crown-fdi16.stl')).toHaveValue(
      'molar-crown-fdi16',
    );
    const plyMaterial = page.getByLabel('Material for molar-colours.ply');
    await expect(plyMaterial).toHaveValue('texture');
    await expect(plyMaterial.locator('option')).toHaveCount(1);
    const stlMaterial = page.getByLabel('Material for molar-crown-fdi16.stl');
    await expect(stlMaterial).toHaveValue('default');
    await expect(stlMaterial.locator('option[value="texture"]')).toHaveCount(0);
    await stlMaterial.selectOption('enamel');
    // A trailing extension typed into a name is stripped.
    const stlName = page.getByLabel('Name for molar-crown-fdi16.stl');
    await stlName.fill('Crown 16.stl');
    await stlName.blur();
    await expect(stlName).toHaveValue('Crown 16');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'new-project-form-1280.png'),
      fullPage: true,
    });

    await submit.click();
    await expect(toast(page, 'Project created successfully!')).toBeVisible({ timeout: 60_000 });
    const modal = page.getByTestId('success-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading')).toHaveText('Project created!');
    const linkInput = modal.getByLabel('Public link');
    const link = await linkInput.inputValue();
    expect(link).toMatch(new RegExp(`^${cusp.baseURL}/viewer/pub_[A-Za-z0-9_-]{43}$`));
    await expect(modal.getByRole('link', { name: 'Preview/Open' })).toHaveAttribute('href', link);
    await expect(modal.getByRole('link', { name: 'Share by mail' })).toHaveAttribute(
      'href',
      /^mailto:\?subject=.*&body=.*viewer%2Fpub_/,
    );
    await expect(modal.getByLabel('Send to a doctor')).toBeVisible();

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cusp.baseURL });
    await modal.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await modal.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    const card = page.getByTestId('project-card').filter({ hasText: projectName });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Patient: Jane Q. Patient');
    await expect(card).toContainText('3 files');

    // The stats: one project, three files, and their stored size.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await page.request.get('/api/projects', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [project] = (await res.json()) as {
      models: { size: number; material: string; name: string }[];
    }[];
    // The dashboard's figure counts each file as its size rounded up to whole MiB (the exact
    // sizes are sealed with the project's key; the project answer opens them).
    const MIB = 1_048_576;
    const bytes = project!.models.reduce(
      (s, m) => s + Math.max(1, Math.ceil(m.size / MIB)) * MIB,
      0,
    );
    expect(project!.models.map((m) => [m.name, m.material]).sort()).toEqual(
      [
        ['Crown 16', 'enamel'],
        ['example_ca', 'default'],
        ['molar-colours', 'texture'],
      ].sort(),
    );
    const stats = page.getByTestId('stat-card');
    await expect(stats).toHaveCount(6);
    await expect(stats.filter({ hasText: 'Total Projects' })).toContainText('1');
    await expect(stats.filter({ hasText: 'Approved' })).toContainText('0');
    const used = stats.filter({ hasText: 'Storage Used' });
    await expect(used).toContainText(storage(bytes));
    await expect(used).toContainText('3 files');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'dashboard-one-project-1280.png'),
      fullPage: true,
    });

    // The card's own copy button copies the same link and confirms it.
    await card.getByRole('button', { name: 'Copy Link' }).click();
    await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(toast(page, 'Public link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(card.getByRole('button', { name: 'Copy Link' })).toBeVisible();

    // The card's menu leads to the project's history: its creation by the signed-in user.
    await card.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/history$/);
    const entries = page.getByTestId('history-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Project created');
  });

  test('anonymous quick upload with the bot check and the terms → the link opens the project', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/public-upload');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick Upload');
    const projectName = `Quick scan ${Date.now()}`;
    await fillProjectFields(page, projectName);
    await page.getByTestId('file-input').setInputFiles(STL);
    await expect(page.getByLabel('Material for molar-crown-fdi16.stl')).toHaveValue('enamel');

    // Terms not ticked yet: refused with the spec's message, nothing sent.
    await expect(page.getByTestId('bot-check')).toHaveAttribute('data-state', 'success', {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Create Project' }).click();
    // The refusal sits under the box, which is marked and takes focus; no toast.
    await expect(page.locator('#pf-terms-error')).toHaveText(
      'Please agree to the terms and conditions',
    );
    await expect(page.getByTestId('terms')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('terms')).toBeFocused();
    await expect(page.getByTestId('success-modal')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );

    await page.getByTestId('terms').check();
    await page.getByRole('button', { name: 'Create Project' }).click();
    const modal = page.getByTestId('success-modal');
    await expect(modal).toBeVisible({ timeout: 60_000 });
    const link = await modal.getByLabel('Public link').inputValue();
    expect(link).toMatch(/\/viewer\/pub_[A-Za-z0-9_-]{43}$/);
    await expect(modal.getByRole('link', { name: 'Open', exact: true })).toHaveAttribute(
      'href',
      link,
    );
    await expect(modal.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(modal.getByLabel('Send to a doctor')).toHaveCount(0);
    // Escape closes the modal.
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);

    await page.goto(link);
    await expect(page.getByText(projectName).first()).toBeVisible({ timeout: 30_000 });
  });

  test('a file over 50 MB and an .obj are refused in the form with the spec messages', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000); // the browser reads the 50 MB file; slow on a loaded machine
    const big = testInfo.outputPath('big-scan.stl');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 50 * 1024 * 1024 + 1); // sparse: 50 MB + 1 byte
    closeSync(fd);

    await page.goto('/public-upload');
    await page.getByTestId('file-input').setInputFiles(big);
    await expect(toast(page, 'big-scan.stl exceeds 50MB limit')).toBeVisible();
    await page.getByTestId('file-input').setInputFiles(OBJ);
    await expect(
      toast(
        page,
        'Unsupported files: molar-crown-fdi16.obj. Only STL, PLY, and DCM files are allowed.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('file-row')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Project' })).toBeDisabled();

    // A good file next to the refused ones is still taken.
    await page.getByTestId('file-input').setInputFiles([OBJ, STL]);
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    await expect(page.getByTestId('file-row')).toContainText('molar-crown-fdi16.stl');
  });
});
