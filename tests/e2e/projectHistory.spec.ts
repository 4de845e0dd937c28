/**
 * The project history as a lab's record, in the browser: doctors by name, what each event
 * changed, link openings folded into one line, and the CSV and PDF exports from its buttons, at
 * 1280×800 and 390×844 (screenshots `project-history-*.png`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { meshFixtures } from '../support/fixturePaths';
import { test, expect, type CuspServer } from './support/cusp';
import {
  addVersion,
  createProject,
  signInBrowser,
  technician,
  type Technician,
} from './support/projects';
import { shotPath } from './support/shots';

const CROWN_V2 = path.join(meshFixtures, 'molar-crown-fdi16-v2.stl');
const DOCTOR = 'Dr Zoë Łukasiewicz';
const NOTE = 'Distal contact of 16 opened by 0.1 mm';

async function post(cusp: CuspServer, url: string, body: unknown, token?: string) {
  const res = await fetch(`${cusp.baseURL}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/** A case with a doctor's comment and request, three openings and a second version. */
async function caseWithHistory(cusp: CuspServer, tech: Technician, name: string) {
  const { projectId, publicLink } = await createProject(cusp, {
    token: tech.token,
    name,
    models: ['Crown 16', 'Antagonist'],
  });
  const token = new URL(publicLink).pathname.split('/').pop()!;
  await post(
    cusp,
    `/api/projects/${projectId}/send-email`,
    { doctorEmail: 'zoe@clinic.example' },
    tech.token,
  );
  for (const browserId of ['history-a', 'history-b', 'history-c']) {
    await post(cusp, `/api/public/projects/${token}/opened`, { browserId });
  }
  await post(cusp, `/api/public/projects/${token}/request-changes`, {
    authorName: DOCTOR,
    body: 'The distal contact is too tight',
  });
  await addVersion(cusp, tech.token, projectId, {
    note: NOTE,
    keep: ['Antagonist'],
    files: [{ path: CROWN_V2, name: 'Crown 16' }],
  });
  return projectId;
}

test.describe('project history', () => {
  let techOnce: Promise<Technician> | null = null;

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`${viewport.width}×${viewport.height}: a record with doctors by name, changes, folded openings and exports`, async ({
      page,
      cusp,
    }) => {
      test.setTimeout(180_000);
      techOnce ??= technician(cusp, `hilde.${Date.now()}@lab.example`, 'Hilde History');
      const tech = await techOnce;
      const projectId = await caseWithHistory(cusp, tech, `History ${viewport.width}`);
      await page.setViewportSize(viewport);
      await signInBrowser(page, tech);
      await page.goto(`/projects/${projectId}/history`);

      const entries = page.getByTestId('history-entry');
      /** The lines whose title is exactly `title`. */
      const titled = (title: string | RegExp) =>
        entries.filter({ has: page.getByText(title, { exact: true }) });
      await expect(entries.first()).toContainText('Project created');
      const request = titled('Changes requested');
      await expect(request.getByTestId('history-by')).toHaveText(DOCTOR);
      await expect(request.getByTestId('history-details')).toHaveText(
        'Note: The distal contact is too tight',
      );
      await expect(titled(/^Opened 3 times, last /)).toHaveCount(1);
      await expect(titled('Link opened')).toHaveCount(0);
      const version = titled('New version uploaded');
      await expect(version.getByTestId('history-details')).toContainText(`Note: ${NOTE}`);
      await expect(version.getByTestId('history-details')).toContainText(
        'Added: Crown 16 (molar-crown-fdi16-v2.stl)',
      );
      await expect(version.getByTestId('history-details')).toContainText(
        'Removed: Crown 16 (model-0.stl)',
      );
      await expect(titled('Link sent to a doctor')).toContainText('Sent to: zoe@clinic.example');
      const changed = titled('Project status changed').first();
      await expect(changed).toContainText('Status: Pending Review → Changes Requested');
      await expect(changed.getByTestId('history-by')).toHaveText(DOCTOR);
      // Only the openings, which nobody signs, stay "Doctor (public link)".
      await expect(
        page.getByTestId('history-by').filter({ hasText: 'Doctor (public link)' }),
      ).toHaveCount(1);

      // Nothing runs off the side.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: shotPath(`project-history-${viewport.width}.png`),
        fullPage: true,
      });
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id),
      ).toEqual([]);

      // The exports, from the buttons.
      const csvDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = await csvDownload;
      expect(csv.suggestedFilename()).toBe(`cusp-history-${projectId}.csv`);
      const csvBytes = readFileSync((await csv.path())!);
      expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csvText = csvBytes.toString('utf8');
      expect(csvText).toContain(DOCTOR);
      expect(csvText).toContain('Opened 3 times, last');

      const pdfDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export PDF' }).click();
      const pdf = await pdfDownload;
      expect(pdf.suggestedFilename()).toBe(`cusp-history-${projectId}.pdf`);
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    });
  }
});
