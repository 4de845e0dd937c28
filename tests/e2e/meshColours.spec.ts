import { test, expect } from './support/cusp';
import type { Page } from '@playwright/test';
import type { Rgba } from './support/png';
import { technician } from './support/projects';
import { closeSheet, showPanel } from './support/viewerPanels';
import { shotPath, viewerCanvas, viewportMiddle } from './support/shots';

/**
 * A PLY with its own face colours, uploaded through the API, is drawn in those colours; the
 * Layers panel's "File colours" beside the material's name switches between the two.
 */

const READY_TIMEOUT = 90_000;
/** The file's face colour: a blue no dental material has. */
const FACE_RGB = [40, 90, 220] as const;

/** A UV sphere (radius 10) as a binary little-endian PLY, every face in FACE_RGB. */
function colouredSpherePly(): Uint8Array<ArrayBuffer> {
  const rings = 12;
  const segments = 24;
  const pos: number[] = [];
  for (let i = 0; i <= rings; i++) {
    const t = (i / rings) * Math.PI;
    for (let j = 0; j < segments; j++) {
      const p = (j / segments) * 2 * Math.PI;
      pos.push(10 * Math.sin(t) * Math.cos(p), 10 * Math.sin(t) * Math.sin(p), 10 * Math.cos(t));
    }
  }
  const faces: number[][] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      const a = i * segments + j;
      const b = i * segments + ((j + 1) % segments);
      const c = a + segments;
      const d = b + segments;
      faces.push([a, c, d, b]);
    }
  }
  const nv = pos.length / 3;
  const header =
    'ply\nformat binary_little_endian 1.0\n' +
    `element vertex ${nv}\nproperty float x\nproperty float y\nproperty float z\n` +
    `element face ${faces.length}\nproperty list uchar int vertex_indices\n` +
    'property uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n';
  const head = new TextEncoder().encode(header);
  const body = new Uint8Array(nv * 12 + faces.length * (1 + 16 + 3));
  const dv = new DataView(body.buffer);
  let o = 0;
  for (const v of pos) {
    dv.setFloat32(o, v, true);
    o += 4;
  }
  for (const f of faces) {
    dv.setUint8(o++, f.length);
    for (const v of f) {
      dv.setInt32(o, v, true);
      o += 4;
    }
    for (const c of FACE_RGB) dv.setUint8(o++, c);
  }
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** Pixels of the picture whose blue stands well above red and green (the file's colour). */
function bluePixels(img: Rgba): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const r = img.data[i]!;
    const g = img.data[i + 1]!;
    const b = img.data[i + 2]!;
    if (b > 90 && b > r + 60 && b > g + 30) n++;
  }
  return n;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 600))),
      ),
  );
}

/** The model's middle: a box around the viewport's centre, clear of the panels. */
const CENTRE = { x: 0.42, y: 0.38, width: 0.16, height: 0.16 };

for (const vp of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a face-coloured PLY shows its colours; "File colours" toggles them (${vp.width}×${vp.height})`, async ({
    page,
    cusp,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(vp);
    const { token } = await technician(cusp, `colours${vp.width}@colours-e2e.test`, 'Cora Colour');
    const form = new FormData();
    form.append(
      'projectData',
      JSON.stringify({
        name: 'Coloured sphere',
        patientName: 'Jane Q. Patient',
        laboratoryName: 'Colour Lab',
        comment: '',
      }),
    );
    form.append('models', new Blob([colouredSpherePly()]), 'sphere.ply');
    form.append('modelCustomNames', JSON.stringify(['Coloured sphere']));
    form.append('modelTypes', JSON.stringify(['individual']));
    const res = await fetch(`${cusp.baseURL}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const { publicLink } = JSON.parse(text) as { publicLink: string };

    await page.goto(new URL(publicLink).pathname);
    const canvas = viewerCanvas(page);
    await expect(canvas).toHaveAttribute('data-viewer-ready', 'true', { timeout: READY_TIMEOUT });
    await settle(page);
    const tag = `${vp.width}x${vp.height}`;
    const area = vp.width < 600 ? { x: 0.35, y: 0.4, width: 0.3, height: 0.15 } : CENTRE;
    const before = await viewportMiddle(page, `mesh-colours-file-${tag}.png`, area);
    const cells = before.width * before.height;
    expect(bluePixels(before), 'the file colour at the model centre').toBeGreaterThan(cells * 0.5);

    const layers = await showPanel(page, 'Layers');
    const choice = layers.getByRole('group', { name: 'Colours of Coloured sphere' });
    const file = choice.getByRole('button', { name: 'File colours' });
    // A PLY layer's material is Texture (white); an STL layer's is one of the dental ones.
    const material = choice.getByRole('button', { name: 'Texture' });
    await expect(file).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: shotPath(`mesh-colours-panel-${tag}.png`) });
    await material.click();
    await expect(material).toHaveAttribute('aria-pressed', 'true');
    await expect(file).toHaveAttribute('aria-pressed', 'false');
    if (vp.width < 600) await closeSheet(page);
    await settle(page);
    const plain = await viewportMiddle(page, `mesh-colours-material-${tag}.png`, area);
    expect(bluePixels(plain), 'the material colour replaces the file colour').toBe(0);

    await showPanel(page, 'Layers');
    await file.click();
    await expect(file).toHaveAttribute('aria-pressed', 'true');
    if (vp.width < 600) await closeSheet(page);
    await settle(page);
    const back = await viewportMiddle(page, undefined, area);
    expect(bluePixels(back), 'the file colour is back').toBeGreaterThan(cells * 0.5);
  });
}
