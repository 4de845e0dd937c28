import { test, expect } from './support/cusp';
import type { Page } from '@playwright/test';
import type { Rgba } from './support/png';
import { technician } from './support/projects';
import { closeSheet, showPanel } from './support/viewerPanels';
import { shotPath, viewerCanvas, viewportMiddle } from './support/shots';

/**
 * A PLY with its own face colours and a Materialise STL, uploaded through the API, are drawn in
 * their file's colours; the Layers panel's "File colours" beside the material's name switches
 * between the two.
 */

const READY_TIMEOUT = 90_000;
/** The file's face colour: a blue no dental material has. */
const FACE_RGB = [40, 90, 220] as const;

/** A UV sphere of radius 10: positions and quads. */
function sphere(): { pos: number[]; quads: number[][] } {
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
  const quads: number[][] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      const a = i * segments + j;
      const b = i * segments + ((j + 1) % segments);
      quads.push([a, a + segments, b + segments, b]);
    }
  }
  return { pos, quads };
}

function joined(head: Uint8Array, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** The sphere as a binary little-endian PLY, every face in FACE_RGB. */
function colouredSpherePly(): Uint8Array<ArrayBuffer> {
  const { pos, quads } = sphere();
  const nv = pos.length / 3;
  const header =
    'ply\nformat binary_little_endian 1.0\n' +
    `element vertex ${nv}\nproperty float x\nproperty float y\nproperty float z\n` +
    `element face ${quads.length}\nproperty list uchar int vertex_indices\n` +
    'property uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n';
  const body = new Uint8Array(nv * 12 + quads.length * (1 + 16 + 3));
  const dv = new DataView(body.buffer);
  let o = 0;
  for (const v of pos) {
    dv.setFloat32(o, v, true);
    o += 4;
  }
  for (const f of quads) {
    dv.setUint8(o++, f.length);
    for (const v of f) {
      dv.setInt32(o, v, true);
      o += 4;
    }
    for (const c of FACE_RGB) dv.setUint8(o++, c);
  }
  return joined(new TextEncoder().encode(header), body);
}

/**
 * The sphere as a binary STL in the Materialise convention: `COLOR=` FACE_RGB in the header and
 * every facet's attribute with bit 15 set (the object's colour).
 */
function colouredSphereStl(): Uint8Array<ArrayBuffer> {
  const { pos, quads } = sphere();
  const tris = quads.flatMap(([a, b, c, d]) => [
    [a!, b!, c!],
    [a!, c!, d!],
  ]);
  const out = new Uint8Array(84 + tris.length * 50);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode('COLOR='), 0);
  out.set([...FACE_RGB, 255], 6);
  dv.setUint32(80, tris.length, true);
  tris.forEach((t, i) => {
    t.forEach((v, k) => {
      for (let a = 0; a < 3; a++)
        dv.setFloat32(84 + i * 50 + 12 + k * 12 + a * 4, pos[v * 3 + a]!, true);
    });
    dv.setUint16(84 + i * 50 + 48, 0x8000, true);
  });
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

const CASES = [
  // A PLY layer's material is Texture (white); an STL layer's one of the dental ones.
  { kind: 'PLY with face colours', file: 'sphere.ply', material: '', materialName: 'Texture' },
  { kind: 'Materialise STL', file: 'sphere.stl', material: 'gypsum', materialName: 'Gypsum' },
] as const;

for (const [vp, c] of [
  [{ width: 1280, height: 800 }, CASES[0]],
  [{ width: 390, height: 844 }, CASES[0]],
  [{ width: 1280, height: 800 }, CASES[1]],
] as const) {
  test(`a ${c.kind} shows its colours; "File colours" toggles them (${vp.width}×${vp.height})`, async ({
    page,
    cusp,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(vp);
    const who = `colours${vp.width}${c.file.slice(-3)}@colours-e2e.test`;
    const { token } = await technician(cusp, who, 'Cora Colour');
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
    const bytes = c.file.endsWith('.ply') ? colouredSpherePly() : colouredSphereStl();
    form.append('models', new Blob([bytes]), c.file);
    form.append('modelCustomNames', JSON.stringify(['Coloured sphere']));
    form.append('modelMaterials', JSON.stringify([c.material]));
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
    const tag = `${c.file.slice(-3)}-${vp.width}x${vp.height}`;
    const area = vp.width < 600 ? { x: 0.35, y: 0.4, width: 0.3, height: 0.15 } : CENTRE;
    const before = await viewportMiddle(page, `mesh-colours-file-${tag}.png`, area);
    const cells = before.width * before.height;
    expect(bluePixels(before), 'the file colour at the model centre').toBeGreaterThan(cells * 0.5);

    const layers = await showPanel(page, 'Layers');
    const choice = layers.getByRole('group', { name: 'Colours of Coloured sphere' });
    const file = choice.getByRole('button', { name: 'File colours' });
    const material = choice.getByRole('button', { name: c.materialName });
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
