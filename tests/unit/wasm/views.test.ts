import { describe, expect, it } from 'vitest';
import {
  STANDARD_VIEWS,
  THREE_QUARTER_ELEVATION_DEG,
  fitPose,
  modelFrame,
  standardViews,
  symmetricEigen,
  viewPose,
  viewProjection,
  type FrameMesh,
  type Lens,
  type ModelFrame,
  type Vec3,
} from '../../../wasm/src/views.js';
import { fixtureObj, syntheticArch, toSoup } from '../../support/meshFiles.js';

const dot = (a: readonly number[], b: readonly number[]): number =>
  a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

/** Deterministic random rotations (uniform unit quaternions from a fixed LCG). */
function rotations(n: number, seed = 7): number[][] {
  let s = seed;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, () => {
    const [u1, u2, u3] = [rnd(), rnd(), rnd()];
    const x = Math.sqrt(1 - u1) * Math.sin(2 * Math.PI * u2);
    const y = Math.sqrt(1 - u1) * Math.cos(2 * Math.PI * u2);
    const z = Math.sqrt(u1) * Math.sin(2 * Math.PI * u3);
    const w = Math.sqrt(u1) * Math.cos(2 * Math.PI * u3);
    return [
      1 - 2 * (y * y + z * z),
      2 * (x * y - z * w),
      2 * (x * z + y * w),
      2 * (x * y + z * w),
      1 - 2 * (x * x + z * z),
      2 * (y * z - x * w),
      2 * (x * z - y * w),
      2 * (y * z + x * w),
      1 - 2 * (x * x + y * y),
    ];
  });
}

const rotate = (r: number[], v: readonly number[]): Vec3 => [
  r[0]! * v[0]! + r[1]! * v[1]! + r[2]! * v[2]!,
  r[3]! * v[0]! + r[4]! * v[1]! + r[5]! * v[2]!,
  r[6]! * v[0]! + r[7]! * v[1]! + r[8]! * v[2]!,
];

/** The mesh rotated by `r` and moved away from the origin (frames must not depend on either). */
function moved<T extends { positions: Float32Array }>(m: T, r: number[]): T {
  const p = new Float32Array(m.positions.length);
  for (let i = 0; i < p.length; i += 3) {
    const q = rotate(r, [m.positions[i]!, m.positions[i + 1]!, m.positions[i + 2]!]);
    p[i] = q[0] + 120;
    p[i + 1] = q[1] - 45;
    p[i + 2] = q[2] + 8;
  }
  return { ...m, positions: p };
}

/**
 * A closed slab 10 × 8 mm: a flat base at z = 0 and a top at z ≈ 4 with cusps and fissures (a
 * crown-like relief), walls between them. The occlusal side is +z by construction.
 */
function reliefSlab(n = 40): { positions: Float32Array; indices: Uint32Array } {
  const pos: number[] = [];
  const idx: number[] = [];
  const top = (i: number, j: number) => i * (n + 1) + j;
  const bottom = (i: number, j: number) => (n + 1) * (n + 1) + i * (n + 1) + j;
  for (const z0 of [1, 0])
    for (let i = 0; i <= n; i++)
      for (let j = 0; j <= n; j++) {
        const x = (i / n) * 10,
          y = (j / n) * 8;
        const edge = i === 0 || j === 0 || i === n || j === n;
        const cusps = 0.6 * Math.sin((x / 10) * 3 * Math.PI) * Math.sin((y / 8) * 3 * Math.PI);
        pos.push(x, y, z0 ? 4 + (edge ? 0 : cusps) : 0);
      }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      idx.push(
        top(i, j),
        top(i + 1, j),
        top(i + 1, j + 1),
        top(i, j),
        top(i + 1, j + 1),
        top(i, j + 1),
      );
      idx.push(
        bottom(i, j),
        bottom(i + 1, j + 1),
        bottom(i + 1, j),
        bottom(i, j),
        bottom(i, j + 1),
        bottom(i + 1, j + 1),
      );
    }
  // Walls: the boundary loop of the top joined to the bottom's, wound outwards.
  const ring: [number, number][] = [];
  for (let i = 0; i < n; i++) ring.push([i, 0]);
  for (let j = 0; j < n; j++) ring.push([n, j]);
  for (let i = n; i > 0; i--) ring.push([i, n]);
  for (let j = n; j > 0; j--) ring.push([0, j]);
  ring.forEach(([i, j], k) => {
    const [i2, j2] = ring[(k + 1) % ring.length]!;
    idx.push(top(i, j), bottom(i, j), bottom(i2, j2), top(i, j), bottom(i2, j2), top(i2, j2));
  });
  return { positions: Float32Array.from(pos), indices: Uint32Array.from(idx) };
}

const LENS: Lens = { fovDeg: 30, aspect: 4 / 3 };

function expectOrthonormal(f: ModelFrame): void {
  for (const v of [f.occlusal, f.front, f.left]) expect(Math.hypot(...v)).toBeCloseTo(1, 6);
  expect(dot(f.occlusal, f.front)).toBeCloseTo(0, 6);
  expect(dot(f.occlusal, f.left)).toBeCloseTo(0, 6);
  expect(dot(f.front, f.left)).toBeCloseTo(0, 6);
}

describe('symmetricEigen', () => {
  it('finds the eigenvectors of a rotated diagonal matrix, largest first', () => {
    const [r] = rotations(1, 3);
    const R = r!;
    // M = R · diag(9, 4, 1) · Rᵀ
    const d = [9, 4, 1];
    const m = Array.from({ length: 9 }, (_, k) => {
      const i = Math.floor(k / 3),
        j = k % 3;
      return d.reduce((s, dv, c) => s + R[i * 3 + c]! * dv * R[j * 3 + c]!, 0);
    }) as Parameters<typeof symmetricEigen>[0];
    const { values, vectors } = symmetricEigen(m);
    expect(values[0]).toBeCloseTo(9, 9);
    expect(values[1]).toBeCloseTo(4, 9);
    expect(values[2]).toBeCloseTo(1, 9);
    vectors.forEach((v, c) => {
      const col: Vec3 = [R[c]!, R[3 + c]!, R[6 + c]!];
      expect(Math.abs(dot(v, col))).toBeCloseTo(1, 9);
    });
  });
});

describe('modelFrame', () => {
  it('answers null when nothing has an area', () => {
    expect(modelFrame([])).toBeNull();
    expect(modelFrame([{ positions: new Float32Array(0) }])).toBeNull();
    // One degenerate triangle, and one whose index points nowhere.
    expect(modelFrame([{ positions: new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2]) }])).toBeNull();
    expect(
      modelFrame([
        { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: [0, 1, 7] },
      ]),
    ).toBeNull();
  });

  it('finds an open synthetic arch: occlusal out of its opening, front at its apex', () => {
    // syntheticArch: a half tube over z = 0 bent around +y (apex at y = 28 mm), open underneath.
    const f = modelFrame([syntheticArch(400, 24)])!;
    expect(f.kind).toBe('arch');
    expect(f.occlusalEvidence).toBe('open-shell');
    expect(dot(f.occlusal, [0, 0, 1])).toBeGreaterThan(0.99);
    expect(dot(f.front, [0, 1, 0])).toBeGreaterThan(0.99);
    expectOrthonormal(f);
  });

  it('finds the relief side of a closed slab with cusps on top and a flat base, at any rotation', () => {
    const slab = reliefSlab();
    for (const r of [[1, 0, 0, 0, 1, 0, 0, 0, 1], ...rotations(8, 11)]) {
      const f = modelFrame([moved(slab, r)])!;
      expect(f.occlusalEvidence).toBe('relief');
      expect(dot(f.occlusal, rotate(r, [0, 0, 1]))).toBeGreaterThan(0.99);
      expectOrthonormal(f);
    }
  });

  const arches = [
    // The fixtures' own frame: +Z toward the incisors; the upper crowns hang toward -Y.
    { name: 'upper-arch-crowns.obj', occlusal: [0, -1, 0], front: [0, 0, 1] },
    { name: 'lower-arch-crowns.obj', occlusal: [0, 1, 0], front: [0, 0, 1] },
  ] as const;

  for (const a of arches) {
    it(`finds the occlusal side and the front of the real ${a.name.split('-')[0]} arch at any rotation`, () => {
      const mesh = fixtureObj(a.name);
      for (const r of [[1, 0, 0, 0, 1, 0, 0, 0, 1], ...rotations(10)]) {
        const f = modelFrame([moved(mesh, r)])!;
        expect(f.kind).toBe('arch');
        expect(f.occlusalEvidence).toBe('relief');
        expect(f.occlusalMargin).toBeGreaterThan(0.15);
        expect(dot(f.occlusal, rotate(r, a.occlusal))).toBeGreaterThan(0.99);
        expect(dot(f.front, rotate(r, a.front))).toBeGreaterThan(0.99);
        expectOrthonormal(f);
      }
    });
  }

  it('reads a triangle soup and a padded (stride 4) copy like the indexed mesh', () => {
    const mesh = fixtureObj('lower-arch-crowns.obj');
    const soup = toSoup(mesh.positions, mesh.indices);
    const padded = new Float32Array((mesh.positions.length / 3) * 4);
    for (let v = 0; v < mesh.positions.length / 3; v++)
      padded.set(mesh.positions.subarray(v * 3, v * 3 + 3), v * 4);
    const a = modelFrame([mesh])!;
    const meshes: FrameMesh[][] = [
      [{ positions: soup }],
      [{ positions: padded, stride: 4, indices: mesh.indices }],
    ];
    for (const m of meshes) {
      const b = modelFrame(m)!;
      expect(dot(a.occlusal, b.occlusal)).toBeGreaterThan(0.999);
      expect(dot(a.front, b.front)).toBeGreaterThan(0.999);
    }
  });

  it("puts the patient's left and up where the jaw says", () => {
    const mesh = fixtureObj('upper-arch-crowns.obj');
    const bench = modelFrame([mesh])!;
    const upper = modelFrame([mesh], { jaw: 'upper' })!;
    expect(bench.jaw).toBe('unknown');
    expect(bench.up).toEqual(bench.occlusal);
    expect(upper.up).toEqual(bench.occlusal.map((v) => -v));
    expect(dot(upper.left, bench.left)).toBeCloseTo(-1, 9);
    // Patient's left for the upper arch of the fixtures' frame (+Y up, +Z front): +X.
    expect(dot(upper.left, [1, 0, 0])).toBeGreaterThan(0.99);
  });
});

describe('standard views', () => {
  it('shows the single molar crown its occlusal anatomy in the three-quarter view', () => {
    const mesh = fixtureObj('molar-crown-fdi16.obj');
    for (const r of [[1, 0, 0, 0, 1, 0, 0, 0, 1], ...rotations(6, 5)]) {
      const f = modelFrame([moved(mesh, r)])!;
      expect(f.kind).toBe('single');
      // The crown comes from the upper arch: its occlusal surface faces -Y in the file.
      expect(dot(f.occlusal, rotate(r, [0, -1, 0]))).toBeGreaterThan(0.95);
      const pose = viewPose(f, 'threeQuarter', LENS);
      const toCamera = pose.position.map((v, i) => (v - pose.target[i]!) / pose.distance);
      // From above the crown's own occlusal axis at the stated elevation: the file's -Y is that
      // axis give or take the tooth's ~10° tilt in the arch, so the camera sees the occlusal
      // surface at well under 90° (about 60°) from its normal.
      const elevation = Math.sin((THREE_QUARTER_ELEVATION_DEG * Math.PI) / 180);
      expect(dot(toCamera, f.occlusal)).toBeCloseTo(elevation, 9);
      expect(dot(toCamera, rotate(r, [0, -1, 0]))).toBeGreaterThan(0.45);
    }
  });

  it('looks along the frame axes, with an up at right angles to the view', () => {
    const f = modelFrame([fixtureObj('lower-arch-crowns.obj')])!;
    const views = standardViews(f, LENS);
    const along = (pose: (typeof views)['front']): Vec3 =>
      pose.position.map((v, i) => (v - pose.target[i]!) / pose.distance) as Vec3;
    const neg = (v: Vec3): Vec3 => v.map((x) => -x) as Vec3;
    const expected: Record<string, Vec3> = {
      occlusal: f.occlusal,
      bottom: neg(f.occlusal),
      front: f.front,
      back: neg(f.front),
      left: f.left,
      right: neg(f.left),
    };
    for (const [name, dir] of Object.entries(expected))
      expect(dot(along(views[name as keyof typeof views]), dir)).toBeCloseTo(1, 9);
    for (const v of STANDARD_VIEWS) {
      const pose = views[v];
      expect(dot(pose.up, along(pose))).toBeCloseTo(0, 9);
      expect(pose.near).toBeGreaterThan(0);
      expect(pose.far).toBeGreaterThan(pose.near);
    }
    // The default view: from above the occlusal plane at the stated elevation, from the front.
    const tq = along(views.threeQuarter);
    const el = (THREE_QUARTER_ELEVATION_DEG * Math.PI) / 180;
    expect(dot(tq, f.occlusal)).toBeCloseTo(Math.sin(el), 9);
    expect(dot(tq, f.front)).toBeCloseTo(Math.cos(el), 9);
  });

  it('fits every point of the model inside the picture, tightly, for any aspect', () => {
    const f = modelFrame([fixtureObj('upper-arch-crowns.obj')])!;
    for (const aspect of [4 / 3, 1, 0.5, 2.5]) {
      const lens: Lens = { fovDeg: 35, aspect, margin: 1.1 };
      for (const v of STANDARD_VIEWS) {
        const pose = viewPose(f, v, lens);
        const m = viewProjection(pose, lens);
        let extreme = 0;
        let behind = 0;
        let outside = 0;
        for (let i = 0; i < f.fitPoints.length; i += 3) {
          const [x, y, z] = [f.fitPoints[i]!, f.fitPoints[i + 1]!, f.fitPoints[i + 2]!];
          const w = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!;
          const nx = (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) / w;
          const ny = (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) / w;
          const nz = (m[2]! * x + m[6]! * y + m[10]! * z + m[14]!) / w;
          if (!(w > 0)) behind++;
          if (!(Math.abs(nz) < 1)) outside++;
          extreme = Math.max(extreme, Math.abs(nx), Math.abs(ny));
        }
        expect([behind, outside]).toEqual([0, 0]);
        expect(extreme).toBeLessThanOrEqual(1 / 1.1 + 1e-5);
        // Tight: the widest point touches the margin (within the centring's slack).
        expect(extreme).toBeGreaterThan(0.8 / 1.1);
      }
    }
  });

  it('projects the target to the centre of the picture and up to the top', () => {
    const f = modelFrame([fixtureObj('molar-crown-fdi16.obj')])!;
    const pose = fitPose(f, [1, 2, 3], [0, 0, 1], LENS);
    const m = viewProjection(pose, LENS);
    const project = (p: Vec3) => {
      const w = m[3]! * p[0] + m[7]! * p[1] + m[11]! * p[2] + m[15]!;
      return [
        (m[0]! * p[0] + m[4]! * p[1] + m[8]! * p[2] + m[12]!) / w,
        (m[1]! * p[0] + m[5]! * p[1] + m[9]! * p[2] + m[13]!) / w,
      ];
    };
    const [cx, cy] = project(pose.target);
    expect(cx).toBeCloseTo(0, 6);
    expect(cy).toBeCloseTo(0, 6);
    const above = project(pose.target.map((v, i) => v + pose.up[i]!) as Vec3);
    expect(above[0]).toBeCloseTo(0, 6);
    expect(above[1]).toBeGreaterThan(0);
  });
});
