import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  renderThumbnail,
} from '../../../../api/src/mesh/thumbnail.js';
import type { MeshModule } from '../../../../wasm/src/core.js';
import { MeshError } from '../../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../../wasm/src/node.js';
import { fixtureObj, fixtureStl, readBinaryStl, repoRoot } from '../../../support/meshFiles.js';
import { decodePng } from '../../../support/png.js';

/** Thumbnails are saved here for people to look at (test-results/ is not committed). */
const OUT = join(repoRoot, 'test-results', 'thumbnails');

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
  mkdirSync(OUT, { recursive: true });
});

function mask(rgba: Uint8Array): boolean[] {
  const m: boolean[] = [];
  for (let i = 3; i < rgba.length; i += 4) m.push(rgba[i]! > 0);
  return m;
}

function iou(a: boolean[], b: boolean[]): number {
  let both = 0;
  let either = 0;
  a.forEach((v, i) => {
    if (v && b[i]) both++;
    if (v || b[i]) either++;
  });
  return both / either;
}

/** A rotation about a tilted axis, and a move away from the origin. */
function turned(positions: Float32Array, angle: number): Float32Array {
  const [ax, ay, az] = [0.48, -0.6, 0.64];
  const c = Math.cos(angle),
    s = Math.sin(angle),
    t = 1 - c;
  const r = [
    [t * ax * ax + c, t * ax * ay - s * az, t * ax * az + s * ay],
    [t * ax * ay + s * az, t * ay * ay + c, t * ay * az - s * ax],
    [t * ax * az - s * ay, t * ay * az + s * ax, t * az * az + c],
  ];
  const out = new Float32Array(positions.length);
  for (let i = 0; i < out.length; i += 3)
    for (let k = 0; k < 3; k++)
      out[i + k] =
        r[k]![0]! * positions[i]! +
        r[k]![1]! * positions[i + 1]! +
        r[k]![2]! * positions[i + 2]! +
        30;
  return out;
}

describe('thumbnail', () => {
  const fixtures = [
    ['upper-arch-crowns.obj', 'upper-arch.png'],
    ['lower-arch-crowns.obj', 'lower-arch.png'],
    ['molar-crown-fdi16.obj', 'molar-crown.png'],
  ] as const;

  for (const [fixture, file] of fixtures) {
    it(`renders the real ${fixture.replace('.obj', '')} as a valid palette PNG of at most 20 kB`, () => {
      const t = renderThumbnail(mesh, [fixtureObj(fixture)]);
      writeFileSync(join(OUT, file), t.png);
      expect(t.png.length).toBeLessThanOrEqual(20_000);
      const png = decodePng(t.png);
      expect([png.width, png.height]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
      expect(png.colorType).toBe(3);
      expect(png.chunks).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
      const covered = mask(png.rgba);
      const fraction = covered.filter(Boolean).length / covered.length;
      // An arch is a horseshoe (a fifth to a half of the frame); a crown fills more of it.
      expect(fraction).toBeGreaterThan(0.15);
      expect(fraction).toBeLessThan(0.7);
      expect(covered.filter(Boolean).length).toBe(t.coveredPixels);
      // The model is framed: nothing touches the picture's border.
      const w = png.width;
      for (let x = 0; x < w; x++) {
        expect(covered[x]).toBe(false);
        expect(covered[(png.height - 1) * w + x]).toBe(false);
      }
      for (let y = 0; y < png.height; y++) {
        expect(covered[y * w]).toBe(false);
        expect(covered[y * w + w - 1]).toBe(false);
      }
    });
  }

  it('shows the same picture whatever orientation the file has', () => {
    const arch = fixtureObj('upper-arch-crowns.obj');
    const base = mask(decodePng(renderThumbnail(mesh, [arch]).png).rgba);
    for (const angle of [1.1, 2.7, -2.2]) {
      const t = renderThumbnail(mesh, [{ ...arch, positions: turned(arch.positions, angle) }]);
      expect(iou(base, mask(decodePng(t.png).rgba))).toBeGreaterThan(0.95);
    }
  });

  it('welds an STL triangle soup into the same smooth picture as the indexed mesh', () => {
    const indexed = decodePng(renderThumbnail(mesh, [fixtureObj('upper-arch-crowns.obj')]).png);
    const soup = decodePng(
      renderThumbnail(mesh, [{ positions: readBinaryStl(fixtureStl('upper-arch-crowns.stl')) }])
        .png,
    );
    expect(iou(mask(indexed.rgba), mask(soup.rgba))).toBeGreaterThan(0.99);
    let diff = 0;
    for (let i = 0; i < indexed.rgba.length; i++)
      diff += Math.abs(indexed.rgba[i]! - soup.rgba[i]!);
    expect(diff / indexed.rgba.length).toBeLessThan(1);
  });

  it('draws a closed surface the same with its back faces skipped', () => {
    const arch = fixtureObj('lower-arch-crowns.obj');
    const both = decodePng(renderThumbnail(mesh, [arch]).png);
    const front = decodePng(renderThumbnail(mesh, [{ ...arch, closed: true }]).png);
    expect(iou(mask(both.rgba), mask(front.rgba))).toBeGreaterThan(0.995);
    let diff = 0;
    for (let i = 0; i < both.rgba.length; i++) diff += Math.abs(both.rgba[i]! - front.rgba[i]!);
    expect(diff / both.rgba.length).toBeLessThan(1);
  });

  it('shows a crown layer in its own colour over the tooth it coincides with', () => {
    // The molar crown fixture is tooth 16 cut out of the upper arch: the same surface.
    const t = renderThumbnail(mesh, [
      fixtureObj('upper-arch-crowns.obj'),
      { ...fixtureObj('molar-crown-fdi16.obj'), color: 0x9cc3e6 },
    ]);
    writeFileSync(join(OUT, 'upper-arch-with-crown-layer.png'), t.png);
    const png = decodePng(t.png);
    let blue = 0;
    let ivory = 0;
    for (let i = 0; i < png.rgba.length; i += 4) {
      if (png.rgba[i + 3] !== 255) continue;
      const [r, , b] = [png.rgba[i]!, png.rgba[i + 1]!, png.rgba[i + 2]!];
      if (b > r + 20) blue++;
      else if (r > b) ivory++;
    }
    // One of fourteen teeth, seen obliquely: a few percent of the covered pixels.
    expect(blue / (blue + ivory)).toBeGreaterThan(0.04);
    expect(blue / (blue + ivory)).toBeLessThan(0.2);
  });

  it('refuses meshes without geometry', () => {
    expect(() => renderThumbnail(mesh, [])).toThrow(MeshError);
    expect(() => renderThumbnail(mesh, [{ positions: new Float32Array(9) }])).toThrow(
      expect.objectContaining({ code: 'NO_GEOMETRY' }),
    );
  });
});
