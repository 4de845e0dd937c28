import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { compileMeshWasm, loadMeshModule } from '../../../wasm/src/node.js';
import type { RasterMesh, RasterOptions } from '../../../wasm/src/raster.js';
import { fitPose, modelFrame, viewProjection, type Vec3 } from '../../../wasm/src/views.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

/** Column-major orthographic projection looking down -z (three's OrthographicCamera at the origin). */
function ortho(l: number, r: number, b: number, t: number, n = -10, f = 10): Float32Array {
  const m = new Float32Array(16);
  m[0] = 2 / (r - l);
  m[5] = 2 / (t - b);
  m[10] = -2 / (f - n);
  m[12] = -(r + l) / (r - l);
  m[13] = -(t + b) / (t - b);
  m[14] = -(f + n) / (f - n);
  m[15] = 1;
  return m;
}

/** Unit cube [-1, 1]³, outward (counter-clockwise seen from outside). */
function cube(): { positions: Float32Array; indices: Uint32Array } {
  const positions = new Float32Array(24);
  for (let i = 0; i < 8; i++)
    positions.set([i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1], i * 3);
  // prettier-ignore
  const quads = [
    [0, 2, 3, 1], [4, 5, 7, 6], // -z, +z
    [0, 1, 5, 4], [2, 6, 7, 3], // -y, +y
    [0, 4, 6, 2], [1, 3, 7, 5], // -x, +x
  ];
  const indices = new Uint32Array(quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]));
  return { positions, indices };
}

const CAMERA: Vec3 = [0, 0, 1];
const HEADLIGHT = { direction: CAMERA, intensity: 0.75 };

function options(
  over: Partial<RasterOptions> & Pick<RasterOptions, 'viewProjection'>,
): RasterOptions {
  return {
    width: 64,
    height: 64,
    supersample: 1,
    toCamera: CAMERA,
    lights: [HEADLIGHT],
    ambient: 0.25,
    ...over,
  };
}

const alphaAt = (rgba: Uint8Array, w: number, x: number, y: number): number =>
  rgba[(y * w + x) * 4 + 3]!;
const rgbAt = (rgba: Uint8Array, w: number, x: number, y: number): number[] =>
  Array.from(rgba.subarray((y * w + x) * 4, (y * w + x) * 4 + 3));

/** Convex hull (counter-clockwise, y down) of 2D points. */
function hull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const half = (pts: [number, number][]) => {
    const out: [number, number][] = [];
    for (const q of pts) {
      while (out.length >= 2 && cross(out.at(-2)!, out.at(-1)!, q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

/** Signed distance (pixels) of a point to a convex polygon's boundary: positive inside. */
function insideBy(poly: [number, number][], x: number, y: number): number {
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]!;
    const [bx, by] = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(bx - ax, by - ay);
    d = Math.min(d, ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / len);
  }
  return d;
}

describe('software rasteriser', () => {
  it('draws an axis-aligned cube as its exact square silhouette, with or without supersampling', () => {
    for (const supersample of [1, 2, 3]) {
      const img = mesh.rasterise(
        [{ ...cube(), color: 0xc0c0c0 }],
        options({ viewProjection: ortho(-2, 2, -2, 2), supersample }),
      );
      let wrong = 0;
      for (let y = 0; y < 64; y++)
        for (let x = 0; x < 64; x++) {
          const inside = x >= 16 && x < 48 && y >= 16 && y < 48;
          if (alphaAt(img.rgba, 64, x, y) !== (inside ? 255 : 0)) wrong++;
        }
      expect(wrong).toBe(0);
      expect(img.coveredPixels).toBe(32 * 32);
    }
  });

  it('draws a rotated cube in perspective as the convex hull of its projected corners', () => {
    const c = cube();
    const frame = modelFrame([c])!;
    const lens = { fovDeg: 40, aspect: 1.25 };
    const [w, h] = [160, 128];
    for (const dir of [
      [1, 0.7, 0.4],
      [-0.3, 1, 2],
      [0.2, -1, -0.6],
    ] as Vec3[]) {
      const pose = fitPose(frame, dir, [0, 0, 1], lens);
      const m = viewProjection(pose, lens);
      const img = mesh.rasterise(
        [{ ...c, color: 0xffffff }],
        options({ viewProjection: m, width: w, height: h, toCamera: dir }),
      );
      const corners: [number, number][] = [];
      for (let i = 0; i < 8; i++) {
        const [x, y, z] = [c.positions[i * 3]!, c.positions[i * 3 + 1]!, c.positions[i * 3 + 2]!];
        const cw = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!;
        const nx = (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) / cw;
        const ny = (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) / cw;
        corners.push([((nx + 1) / 2) * w, ((1 - ny) / 2) * h]);
      }
      const poly = hull(corners);
      // Pixel-exact except where a pixel centre lies within 1/64 px of the outline (corners are
      // snapped to 1/256 px, which can move an edge by that much).
      let wrong = 0;
      let expected = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const d = insideBy(poly, x + 0.5, y + 0.5);
          if (d > 0) expected++;
          if (Math.abs(d) < 1 / 64) continue;
          if ((alphaAt(img.rgba, w, x, y) === 255) !== d > 0) wrong++;
        }
      expect(wrong).toBe(0);
      expect(expected).toBeGreaterThan(w * h * 0.2);
    }
  });

  it('hides a far triangle behind a near one, whatever the drawing order', () => {
    const tri = (z: number): Float32Array => new Float32Array([-1, -1, z, 1, -1, z, 0, 1, z]);
    const near: RasterMesh = { positions: tri(1), color: 0xff0000 };
    const far: RasterMesh = { positions: tri(-1), color: 0x0000ff };
    const opts = options({ viewProjection: ortho(-2, 2, -2, 2), ambient: 1, lights: [] });
    for (const order of [
      [near, far],
      [far, near],
    ]) {
      const img = mesh.rasterise(order, opts);
      expect(rgbAt(img.rgba, 64, 32, 36)).toEqual([255, 0, 0]);
    }
    // Coincident surfaces (a crown layer on its scan): the later mesh wins the tie.
    const same = mesh.rasterise([near, { ...near, color: 0x00ff00 }], opts);
    expect(rgbAt(same.rgba, 64, 32, 36)).toEqual([0, 255, 0]);
    // Partly overlapping: the far one shows where the near one is not.
    const shifted: RasterMesh = {
      positions: new Float32Array([0, -1, -1, 2, -1, -1, 1, 1, -1]),
      color: 0x0000ff,
    };
    const img = mesh.rasterise([near, shifted], opts);
    expect(rgbAt(img.rgba, 64, 28, 40)).toEqual([255, 0, 0]);
    expect(rgbAt(img.rgba, 64, 54, 46)).toEqual([0, 0, 255]);
  });

  it('covers a fan of triangles without gaps along their shared edges', () => {
    const n = 23;
    const pts: number[] = [0.137, -0.071, 0];
    for (let k = 0; k < n; k++) {
      const a = (k / n) * 2 * Math.PI + 0.1;
      pts.push(1.7 * Math.cos(a), 1.3 * Math.sin(a), 0);
    }
    const indices: number[] = [];
    for (let k = 0; k < n; k++) indices.push(0, 1 + k, 1 + ((k + 1) % n));
    const positions = Float32Array.from(pts);
    const img = mesh.rasterise(
      [{ positions, indices: Uint32Array.from(indices), color: 0xffffff }],
      options({ viewProjection: ortho(-2, 2, -2, 2), width: 97, height: 89 }),
    );
    const poly: [number, number][] = [];
    for (let k = n; k >= 1; k--)
      poly.push([((positions[k * 3]! + 2) / 4) * 97, ((2 - positions[k * 3 + 1]!) / 4) * 89]);
    let wrong = 0;
    for (let y = 0; y < 89; y++)
      for (let x = 0; x < 97; x++) {
        const d = insideBy(poly, x + 0.5, y + 0.5);
        if (Math.abs(d) < 1 / 64) continue;
        if ((alphaAt(img.rgba, 97, x, y) === 255) !== d > 0) wrong++;
      }
    expect(wrong).toBe(0);
  });

  it('gives every pixel centre on an edge to exactly one triangle (top-left rule)', () => {
    // A square whose corners sit on pixel centres (10.5 … 30.5 px), split along its diagonal,
    // which runs through 20 pixel centres. World (x, -y) is pixel (x, y) in this projection.
    const vp = ortho(0, 64, -64, 0);
    const tri = (pts: number[][], z: number) =>
      new Float32Array(pts.flatMap(([x, y]) => [x!, -y!, z]));
    const upper = [
      [10.5, 10.5],
      [30.5, 10.5],
      [30.5, 30.5],
    ];
    const lower = [
      [10.5, 10.5],
      [30.5, 30.5],
      [10.5, 30.5],
    ];
    const count = (near: 'upper' | 'lower') => {
      const img = mesh.rasterise(
        [
          { positions: tri(upper, near === 'upper' ? 1 : 0), color: 0xff0000 },
          { positions: tri(lower, near === 'lower' ? 1 : 0), color: 0x0000ff },
        ],
        options({ viewProjection: vp, ambient: 1, lights: [] }),
      );
      let red = 0;
      let blue = 0;
      for (let i = 0; i < 64 * 64; i++) {
        if (img.rgba[i * 4]! === 255) red++;
        if (img.rgba[i * 4 + 2]! === 255) blue++;
      }
      return { red, blue, covered: img.coveredPixels };
    };
    const a = count('upper');
    const b = count('lower');
    // Left and top sides in, right and bottom sides out: exactly 20 × 20 pixels, no gap.
    expect(a.covered).toBe(400);
    expect(b.covered).toBe(400);
    // Whichever is nearer wins the diagonal only if it owns it: owned twice would add 20.
    expect(a.red + b.blue).toBe(400);
  });

  it('anti-aliases: a pixel half inside the outline gets half the alpha', () => {
    // A square from x = 10.5 to 20.5 px and y = 8 to 24 px in a 64-pixel-wide picture.
    const px = (v: number) => (v / 64) * 4 - 2;
    const py = (v: number) => 2 - (v / 64) * 4;
    const positions = new Float32Array([
      px(10.5),
      py(24),
      0,
      px(20.5),
      py(24),
      0,
      px(20.5),
      py(8),
      0,
      px(10.5),
      py(24),
      0,
      px(20.5),
      py(8),
      0,
      px(10.5),
      py(8),
      0,
    ]);
    const img = mesh.rasterise(
      [{ positions, color: 0xffffff }],
      options({ viewProjection: ortho(-2, 2, -2, 2), supersample: 2 }),
    );
    expect(alphaAt(img.rgba, 64, 9, 16)).toBe(0);
    expect(alphaAt(img.rgba, 64, 10, 16)).toBe(128);
    expect(alphaAt(img.rgba, 64, 15, 16)).toBe(255);
    expect(alphaAt(img.rgba, 64, 20, 16)).toBe(128);
    expect(alphaAt(img.rgba, 64, 21, 16)).toBe(0);
    // A covered pixel's colour is its samples' colour, not darkened by the empty ones.
    expect(rgbAt(img.rgba, 64, 10, 16)).toEqual(rgbAt(img.rgba, 64, 15, 16));
  });

  it('shades with Lambert light from vertex normals: facing the light is brightest', () => {
    // Two flat quads side by side: one faces the camera and light, one is tilted by 60°.
    const c60 = Math.cos(Math.PI / 3);
    const s60 = Math.sin(Math.PI / 3);
    const positions = new Float32Array([
      // facing +z, x in [-1.8, -0.2]
      -1.8,
      -1,
      0,
      -0.2,
      -1,
      0,
      -0.2,
      1,
      0,
      -1.8,
      1,
      0,
      // tilted about y by 60°: normal (s60, 0, c60), x in [0.2, 0.2 + 1.6 c60]
      0.2,
      -1,
      0,
      0.2 + 1.6 * c60,
      -1,
      -1.6 * s60,
      0.2 + 1.6 * c60,
      1,
      -1.6 * s60,
      0.2,
      1,
      0,
    ]);
    const indices = new Uint32Array([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    const img = mesh.rasterise(
      [{ positions, indices, color: 0x808080 }],
      options({ viewProjection: ortho(-2, 2, -2, 2) }),
    );
    // I = ambient 0.25 + 0.75 × n·L: 1 facing the light (the base colour), 0.625 at 60°.
    expect(rgbAt(img.rgba, 64, 16, 32)).toEqual([128, 128, 128]);
    expect(rgbAt(img.rgba, 64, 38, 32)).toEqual([80, 80, 80]);
  });

  it('culls faces turned away only when asked, and lights them from their other side', () => {
    const front = new Float32Array([-1, -1, 0, 1, -1, 0, 0, 1, 0]);
    const back = new Float32Array([-1, -1, 0, 0, 1, 0, 1, -1, 0]);
    const opts = options({ viewProjection: ortho(-2, 2, -2, 2) });
    const f = mesh.rasterise([{ positions: front, color: 0x808080 }], opts);
    const b = mesh.rasterise([{ positions: back, color: 0x808080 }], opts);
    const culled = mesh.rasterise(
      [{ positions: back, color: 0x808080, cullBackFaces: true }],
      opts,
    );
    const kept = mesh.rasterise([{ positions: front, color: 0x808080, cullBackFaces: true }], opts);
    expect(f.coveredPixels).toBeGreaterThan(200);
    expect(b.rgba).toEqual(f.rgba);
    expect(kept.rgba).toEqual(f.rgba);
    expect(culled.coveredPixels).toBe(0);
  });

  it('draws nothing, transparently, for no meshes or meshes without triangles', () => {
    for (const meshes of [
      [],
      [{ positions: new Float32Array(0), color: 0xffffff }],
      [{ positions: new Float32Array(9).fill(1), indices: new Uint32Array(0), color: 0xffffff }],
    ]) {
      const img = mesh.rasterise(meshes, options({ viewProjection: ortho(-2, 2, -2, 2) }));
      expect(img.coveredPixels).toBe(0);
      expect(img.rgba.length).toBe(64 * 64 * 4);
      expect(img.rgba.every((v) => v === 0)).toBe(true);
    }
  });

  it('clamps triangles larger than the picture and skips those behind the eye', () => {
    const big = new Float32Array([-50, -50, 0, 50, -50, 0, 0, 50, 0]);
    const all = mesh.rasterise(
      [{ positions: big, color: 0xffffff }],
      options({ viewProjection: ortho(-2, 2, -2, 2) }),
    );
    expect(all.coveredPixels).toBe(64 * 64);
    // A perspective camera at z = 5 looking down -z: the triangle at z = 6 is behind it, the
    // same triangle at z = 0 in front.
    const lens = { fovDeg: 60, aspect: 1 };
    const pose = {
      position: [0, 0, 5] as Vec3,
      target: [0, 0, 0] as Vec3,
      up: [0, 1, 0] as Vec3,
      distance: 5,
      near: 0.1,
      far: 20,
    };
    const at = (z: number) => new Float32Array([-1, -1, z, 1, -1, z, 0, 1, z]);
    const draw = (z: number) =>
      mesh.rasterise(
        [{ positions: at(z), color: 0xffffff }],
        options({ viewProjection: viewProjection(pose, lens) }),
      ).coveredPixels;
    expect(draw(0)).toBeGreaterThan(100);
    expect(draw(6)).toBe(0);
  });

  it('refuses bad input with typed errors and keeps working afterwards', () => {
    const vp = ortho(-2, 2, -2, 2);
    const good = { ...cube(), color: 0xffffff };
    const cases: [RasterMesh[], Partial<RasterOptions>, string, RegExp][] = [
      [[good], { width: 0 }, 'BAD_ARGUMENT', /1 to 4096 pixels/],
      [[good], { height: 5000 }, 'BAD_ARGUMENT', /1 to 4096 pixels/],
      [[good], { supersample: 5 }, 'BAD_ARGUMENT', /Supersampling/],
      [[good], { viewProjection: new Float32Array(16).fill(NaN) }, 'BAD_ARGUMENT', /matrix/],
      [[good], { viewProjection: new Float32Array(9) }, 'BAD_ARGUMENT', /matrix/],
      [[good], { toCamera: [0, 0, NaN] }, 'BAD_ARGUMENT', /toCamera/],
      [[{ ...good, color: 0x1000000 }], {}, 'BAD_ARGUMENT', /colour/],
      [[{ positions: new Float32Array(12), color: 1 }], {}, 'BAD_ARGUMENT', /soup/],
      [[{ ...good, indices: new Uint32Array([0, 1, 8]) }], {}, 'INDEX_OUT_OF_RANGE', /vertex/],
      [
        [{ positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, NaN, 0]), color: 1 }],
        {},
        'NON_FINITE_COORDINATE',
        /finite/,
      ],
    ];
    for (const [meshes, over, code, message] of cases) {
      let err: unknown;
      try {
        mesh.rasterise(meshes, options({ viewProjection: vp, ...over }));
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(MeshError);
      expect((err as MeshError).code).toBe(code);
      expect((err as MeshError).message).toMatch(message);
    }
    const after = mesh.rasterise([good], options({ viewProjection: vp }));
    expect(after.coveredPixels).toBe(32 * 32);
  });

  it('bounds-checks its arguments inside the module too (no trap, a code and a detail)', async () => {
    const inst = new WebAssembly.Instance(await compileMeshWasm(), {});
    const x = inst.exports as unknown as {
      memory: WebAssembly.Memory;
      reset(): void;
      alloc(n: number): number;
      results(): number;
      rasterise(t: number, n: number, p: number, w: number, h: number, ss: number): number;
    };
    const detail = () => new Uint32Array(x.memory.buffer, x.results(), 32)[1];
    x.reset();
    const params = x.alloc(120);
    const table = x.alloc(24);
    const beyond = x.memory.buffer.byteLength + 64;
    const BAD_ARGUMENT = 27;
    const calls: [number[], number][] = [
      [[table, 0, params, 0, 10, 1], 1],
      [[table, 0, params, 10, 4097, 1], 1],
      [[table, 0, params, 10, 10, 0], 2],
      [[table, 256, params, 10, 10, 1], 3],
      [[table, 0, beyond, 10, 10, 1], 4],
      [[beyond, 1, params, 10, 10, 1], 4],
    ];
    for (const [args, d] of calls) {
      expect(x.rasterise(...(args as [number, number, number, number, number, number]))).toBe(
        BAD_ARGUMENT,
      );
      expect(detail()).toBe(d);
    }
    // A mesh entry whose positions lie outside memory.
    new Uint32Array(x.memory.buffer, table, 6).set([beyond, 3, 0, 1, 0, 0]);
    expect(x.rasterise(table, 1, params, 10, 10, 1)).toBe(BAD_ARGUMENT);
    expect(detail()).toBe(4);
    // Non-finite parameters.
    new Float32Array(x.memory.buffer, params, 30).fill(NaN);
    expect(x.rasterise(table, 0, params, 10, 10, 1)).toBe(BAD_ARGUMENT);
    expect(detail()).toBe(5);
  });
});
