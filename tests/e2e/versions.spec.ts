/**
 * Versions of a case in the browser: the technician uploads v2 of the crown (the displaced crown
 * fixture) with a note from the owner viewer; the doctor opens the same link and sees v2, can look
 * at v1 (where Approve is refused), approves v2 with a name; the dashboard says "Approved v2 by …"
 * with the SHA-256 of each approved file (the hash of the file a download gives); a v3 uploaded
 * from the dashboard card menu turns the approval into "the approval was for v2".
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { meshFixtures } from '../support/fixturePaths';
import type { Page } from '@playwright/test';
import { test as base, expect, type CuspServer } from './support/cusp';
import { decodePng } from './support/png';
import { createProject, signInBrowser, technician, type Technician } from './support/projects';
import { viewerCanvas } from './support/shots';

const CROWN_V2 = path.join(meshFixtures, 'molar-crown-fdi16-v2.stl');
const NOTE = 'Buccal contour of 16 moved out by 0.1 mm';

/**
 * The 3D view (the side panel, with the legend's swatches, is docked beside it), less the tools'
 * toolbar along its top and the view cube and Reset view in its foot.
 */
async function sceneBox(page: Page) {
  const canvas = (await viewerCanvas(page).boundingBox())!;
  return {
    x: Math.ceil(canvas.x + 8),
    y: Math.ceil(canvas.y + 64),
    width: Math.floor(canvas.width - 16),
    height: Math.floor(canvas.height - 200),
  };
}

/** Saturated orange / red pixels (the +50…+200 µm steps) of the 3D view, and their centre. */
async function warmPixels(
  page: Page,
): Promise<{ count: number; at: { x: number; y: number } | null }> {
  const box = await sceneBox(page);
  const img = decodePng(await page.screenshot({ clip: box }));
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (r > 170 && b < 90 && r - g > 60) {
        count++;
        sx += x;
        sy += y;
      }
    }
  }
  return {
    count,
    at: count ? { x: box.x + sx / count, y: box.y + sy / count } : null,
  };
}

/** Neutral light-grey pixels (within ±25 µm) of the 3D view. */
async function greyPixels(page: Page): Promise<number> {
  const box = await sceneBox(page);
  const img = decodePng(await page.screenshot({ clip: box }));
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
    if (r > 60 && Math.abs(r - g) < 14 && Math.abs(g - b) < 14 && Math.abs(r - b) < 14) n++;
  }
  return n;
}

const test = base.extend<object, { cusp: CuspServer; tech: Technician }>({
  tech: [
    async ({ cusp }, use) => {
      await use(await technician(cusp, `vera.${Date.now()}@versions.test`, 'Vera Technician'));
    },
    { scope: 'worker' },
  ],
});

test.describe('versions of a case', () => {
  test('v1 → v2 with a note → the doctor sees and approves v2 → dashboard shows the approval and hashes', async ({
    page,
    browser,
    cusp,
    tech,
  }) => {
    test.setTimeout(240_000);
    const { projectId, publicLink } = await createProject(cusp, {
      token: tech.token,
      name: 'Crown 16 versions',
      models: ['Crown 16', 'Antagonist'],
    });

    // The technician, in the owner viewer, uploads v2: the crown replaced, the antagonist kept.
    await signInBrowser(page, tech);
    await page.goto(`/viewer/${projectId}`);
    const info = page.getByRole('region', { name: 'Project Info' });
    await expect(info).toContainText('Crown 16 versions', { timeout: 60_000 });
    await info.getByRole('button', { name: 'Upload new version' }).click();
    const modal = page.getByTestId('new-version-modal');
    await expect(modal).toBeVisible();
    await modal.getByLabel('What happens to Crown 16').selectOption('replace');
    await modal.getByLabel('New file for Crown 16').setInputFiles(CROWN_V2);
    const upload = modal.getByRole('button', { name: 'Upload v2' });
    await expect(upload).toBeDisabled(); // no note yet
    await modal.getByLabel('What changed').fill(NOTE);
    await upload.click();
    await expect(modal).toBeHidden({ timeout: 60_000 });
    const switcher = page.getByTestId('version-switcher');
    await expect(switcher.getByRole('combobox')).toHaveValue('2', { timeout: 30_000 });
    await expect(page.getByTestId('version-note')).toHaveText(`v2: ${NOTE}`);

    // The doctor opens the same link (no account): the latest version, v2, with its note.
    const doctorContext = await browser.newContext();
    const doctor = await doctorContext.newPage();
    await doctor.goto(new URL(publicLink).pathname);
    const dInfo = doctor.getByRole('region', { name: 'Project Info' });
    await expect(dInfo).toContainText('Crown 16 versions', { timeout: 60_000 });
    const dSwitch = doctor.getByTestId('version-switcher').getByRole('combobox');
    await expect(dSwitch).toHaveValue('2');
    await expect(dSwitch.locator('option')).toHaveText([
      /^v2 · .* · Buccal contour .*\(latest\)$/,
      /^v1 · /,
    ]);
    // Looking at v1: said so, and Approve waits for the latest.
    await dSwitch.selectOption('1');
    // v1 loads as the page's project again: under load that takes longer than a click's answer.
    await expect(doctor.getByTestId('version-old')).toHaveText(
      'You are looking at v1; the latest is v2.',
      { timeout: 60_000 },
    );
    await expect(doctor).toHaveURL(/\?v=1$/);
    const approve = doctor.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toBeDisabled();
    await doctor.getByTestId('version-switcher').getByRole('combobox').selectOption('2');
    await expect(doctor.getByTestId('version-old')).toHaveCount(0, { timeout: 60_000 });

    // Compare v2 with v1: the legend, the displaced region coloured (and only it), a value.
    await expect(viewerCanvas(doctor)).toHaveAttribute('data-viewer-ready', 'true', {
      timeout: 60_000,
    });
    await dInfo.getByRole('button', { name: 'Show deviation map' }).click();
    const legend = doctor.getByTestId('deviation-legend');
    await expect(legend).toBeVisible({ timeout: 60_000 });
    await expect(legend).toContainText('Deviation of v2 from v1 (µm)');
    await expect(legend).toContainText('+ outside the older surface, − inside it');
    const bands = legend.getByTestId('deviation-band');
    await expect(bands).toHaveCount(10);
    const counts = await bands.evaluateAll((els) =>
      els.map((e) => [e.textContent ?? '', Number(e.getAttribute('data-count'))] as const),
    );
    const count = (label: string) => counts.find(([t]) => t.startsWith(label))?.[1] ?? -1;
    // The region moved by exactly 100 µm: its vertices sit on the +100 µm step; all else within ±25.
    const moved = count('+50 … +100 µm') + count('+100 … +200 µm');
    expect(moved).toBeGreaterThanOrEqual(100);
    expect(count('within ±25 µm')).toBeGreaterThan(2000);
    for (const other of [
      '> +200',
      '+25 … +50',
      '−25 … −50',
      '−50 … −100',
      '−100 … −200',
      '< −200',
      'no counterpart',
    ])
      expect(count(other), other).toBe(0);
    // The displaced region is on one side of the crown: look from the standard side view that
    // shows it best (the opening view looks from above), then compare with the map hidden.
    const settle = () => doctor.waitForTimeout(1200);
    let best = { view: '', count: -1 };
    for (const view of ['Front', 'Back', 'Left', 'Right']) {
      await doctor.getByRole('button', { name: view, exact: true }).click();
      await settle();
      const w = await warmPixels(doctor);
      if (w.count > best.count) best = { view, count: w.count };
    }
    await doctor.getByRole('button', { name: best.view, exact: true }).click();
    await settle();
    const after = await warmPixels(doctor);
    await dInfo.getByRole('button', { name: 'Hide deviation map' }).click();
    await settle();
    const before = await warmPixels(doctor);
    await dInfo.getByRole('button', { name: 'Show deviation map' }).click();
    await expect(legend).toBeVisible({ timeout: 60_000 });
    await settle();
    expect(after.count).toBeGreaterThan(before.count + 50);
    expect(await greyPixels(doctor)).toBeGreaterThan(after.count * 3);
    // Hover on the coloured region reads about +100 µm.
    await doctor.mouse.move(after.at!.x, after.at!.y, { steps: 3 });
    await expect(doctor.getByTestId('deviation-hover')).toHaveText(/^\+(9[5-9]|10[0-5]) µm$/);
    await dInfo.getByRole('button', { name: 'Hide deviation map' }).click();
    await expect(legend).toHaveCount(0);

    // Clearance of the antagonist (v1's crown) against v2's crown: it lies 100 µm inside the
    // bulge (penetration) and on the crown elsewhere (contact); the points are listed.
    await dInfo.getByRole('button', { name: 'Show clearance map' }).click();
    const clearance = doctor.getByTestId('clearance-legend');
    await expect(clearance).toBeVisible({ timeout: 60_000 });
    const antagonist = clearance.getByTestId('clearance-layer').first();
    await expect(antagonist).toContainText('Antagonist');
    await expect(antagonist.getByTestId('contact-points').locator('li').first()).toHaveText(
      /^−(9[5-9]|10[0-5]) µm at \(.+\) mm$/,
    );
    await dInfo.getByRole('button', { name: 'Hide clearance map' }).click();
    await expect(clearance).toHaveCount(0);
    await approve.click();
    // The confirmation names v2 and takes the doctor's name, kept for this link.
    const confirm = doctor.getByTestId('approve-dialog');
    await expect(confirm.getByTestId('approve-version')).toContainText('v2 · uploaded');
    await expect(confirm.getByTestId('approve-version')).toContainText(NOTE);
    await confirm.getByLabel('Your name').fill('Dr Rivera');
    await confirm.getByRole('button', { name: 'Approve v2' }).click();
    await expect(dInfo.getByTestId('approval-summary')).toContainText(
      'Approved v2 by Dr Rivera on',
    );
    await doctorContext.close();

    // The dashboard: "Approved v2 by Dr Rivera", and the hash of every approved file, which is
    // the SHA-256 of the file as downloaded.
    await page.goto('/dashboard');
    const card = page.getByTestId('project-card').filter({ hasText: 'Crown 16 versions' });
    await expect(card.getByTestId('approval-summary')).toContainText('Approved v2 by Dr Rivera on');
    await card.getByText('SHA-256 of the approved files').click();
    const hashes = card.getByTestId('approval-hashes').locator('li');
    await expect(hashes).toHaveCount(2);
    const project = (await (
      await fetch(`${cusp.baseURL}/api/projects/${projectId}`, {
        headers: { authorization: `Bearer ${tech.token}` },
      })
    ).json()) as { models: { id: string; filename: string; name: string }[] };
    for (const m of project.models) {
      const file = await fetch(`${cusp.baseURL}/api/projects/${projectId}/files/${m.filename}`, {
        headers: { authorization: `Bearer ${tech.token}` },
      });
      const sha = createHash('sha256')
        .update(Buffer.from(await file.arrayBuffer()))
        .digest('hex');
      await expect(card.getByTestId('approval-hashes')).toContainText(sha);
    }

    // v3 from the card's menu (the antagonist removed): the approval was for v2.
    await card.getByRole('button', { name: 'More actions for Crown 16 versions' }).click();
    await page.getByRole('menuitem', { name: 'Upload new version' }).click();
    const modal3 = page.getByTestId('new-version-modal');
    await modal3.getByLabel('What happens to Antagonist').selectOption('remove');
    await modal3.getByLabel('What changed').fill('Antagonist no longer needed');
    await modal3.getByRole('button', { name: 'Upload v3' }).click();
    await expect(modal3).toBeHidden({ timeout: 60_000 });
    await expect(card.getByTestId('approval-outdated')).toHaveText(
      'The approval was for v2; v3 awaits review',
    );
    await expect(card.getByTestId('card-version')).toHaveText('v3');
    await expect(card.locator('.badge').first()).toHaveText('Pending Review');
  });
});
