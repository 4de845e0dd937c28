import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { meshFixtures } from '../support/fixturePaths';
import { test, expect, type CuspServer } from './support/cusp';
import { SCREENSHOT_DIR } from './support/paths';
import { decodePng, silhouetteLuminance, type Rgba } from './support/png';
import { technician } from './support/projects';

/**
 * The viewer's clinical tools in a real browser (SwiftShader WebGL): lighting that shows shape,
 * standard views, measuring a fixture of known size, a section through the molar crown with its
 * 2D panel, and a snapshot download. Projects are made through the real API from real files.
 */

const READY_TIMEOUT = 90_000;
const PATIENT = 'Jane Q. Patientname';

function shotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}

/** A project of the given files (name → bytes, material); returns the public viewer path. */
async function makeProject(
  cusp: CuspServer,
  token: string,
  name: string,
  files: { name: string; bytes: Buffer; material: string }[],
): Promise<string> {
  const form = new FormData();
  form.append(
    'projectData',
    JSON.stringify({ name, patientName: PATIENT, laboratoryName: 'Tools Lab', comment: '' }),
  );
  for (const [i, f] of files.entries())
    form.append('models', new Blob([new Uint8Array(f.bytes)]), `m${i}.stl`);
  form.append('modelCustomNames', JSON.stringify(files.map((f) => f.name)));
  form.append('modelMaterials', JSON.stringify(files.map((f) => f.material)));
  form.append('modelTypes', JSON.stringify(files.map(() => 'individual')));
  const res = await fetch(`${cusp.baseURL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return new URL((JSON.parse(text) as { publicLink: string }).publicLink).pathname;
}

const fixture = (file: string): Buffer => readFileSync(path.join(meshFixtures, file));

async function viewerReady(page: Page): Promise<void> {
  await expect(page.locator('canvas')).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: READY_TIMEOUT,
  });
}

/** The canvas area clear of the side panels. */
async function middle(page: Page, name?: string): Promise<Rgba> {
  const vp = page.viewportSize()!;
  const clip = {
    x: Math.round(vp.width * 0.25),
    y: Math.round(vp.height * 0.12),
    width: Math.round(vp.width * 0.5),
    height: Math.round(vp.height * 0.7),
  };
  const png = await page.screenshot({ clip, ...(name ? { path: shotPath(name) } : {}) });
  return decodePng(png);
}

/** A frame has been drawn after the last change (the canvas re-renders on demand). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 600))),
      ),
  );
}

/** Luminance spread inside `layer`'s silhouette: screenshots with it shown and hidden. */
async function crownShading(page: Page, layer: string, name: string) {
  await settle(page);
  const shown = await middle(page, `${name}.png`);
  await page.getByRole('button', { name: `Hide ${layer}` }).click();
  await settle(page);
  const hidden = await middle(page);
  await page.getByRole('button', { name: `Show ${layer}` }).click();
  await settle(page);
  return silhouetteLuminance(shown, hidden);
}

test.describe('viewer tools', () => {
  let token = '';
  test.beforeAll(async ({ cusp }) => {
    test.setTimeout(120_000);
    token = (await technician(cusp, 'tools@tools-e2e.test', 'Tina Tools')).token;
  });

  test('lighting: the crown shows its shape alone and on its arch tooth', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(240_000);
    const crown = await makeProject(cusp, token, 'Crown 16 lighting', [
      { name: 'Molar crown 16', bytes: fixture('molar-crown-fdi16.stl'), material: 'enamel' },
    ]);
    await page.goto(crown);
    await viewerReady(page);
    const alone = await crownShading(page, 'Molar crown 16', 'tools-light-crown');

    const arch = await makeProject(cusp, token, 'Arch and crown lighting', [
      { name: 'Upper arch', bytes: fixture('upper-arch-crowns.stl'), material: 'gypsum' },
      { name: 'Molar crown 16', bytes: fixture('molar-crown-fdi16.stl'), material: 'metal' },
    ]);
    await page.goto(arch);
    await viewerReady(page);
    const onArch = await crownShading(page, 'Molar crown 16', 'tools-light-arch-crown');
    console.log(
      `luminance spread in the crown's silhouette: alone ${alone.spread.toFixed(1)} ` +
        `(${alone.pixels} px, mean ${alone.mean.toFixed(0)}), on the arch ` +
        `${onArch.spread.toFixed(1)} (${onArch.pixels} px, mean ${onArch.mean.toFixed(0)})`,
    );
    expect(alone.pixels).toBeGreaterThan(2_000);
    expect(onArch.pixels).toBeGreaterThan(200);
  });
});
