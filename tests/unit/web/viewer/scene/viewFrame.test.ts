import { describe, expect, it } from 'vitest';
import { modelFrame, type Vec3 } from '../../../../../wasm/src/views';
import type { MeshArrays } from '../../../../../web/src/viewer/geometry/meshArrays';
import {
  frameOfModels,
  frameSoup,
  jawOfNames,
  poseFor,
} from '../../../../../web/src/viewer/scene/viewFrame';
import { BOX_TRIANGLES, boxCorners } from '../../../../support/box';
import { fixtureObj } from '../../../../support/meshFiles';
import { floatMesh, unitCube } from '../geometry/meshes';

const dot = (a: readonly number[], b: readonly number[]) =>
  a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

/**
 * The viewer's form of a model: positions on a normalised uint16 grid (4 values a vertex) placed
 * by offset + scale, as the view derivative stores them.
 */
function quantised(positions: Float32Array, indices: Uint32Array): MeshArrays {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3]!, positions[i]!);
    hi[i % 3] = Math.max(hi[i % 3]!, positions[i]!);
  }
  const scale = Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const n = positions.length / 3;
  const grid = new Uint16Array(n * 4);
  for (let v = 0; v < n; v++)
    for (let k = 0; k < 3; k++)
      grid[v * 4 + k] = Math.round(((positions[v * 3 + k]! - lo[k]!) / scale) * 65535);
  return {
    positions: grid,
    stride: 4,
    unit: 1 / 65535,
    indices,
    vertexCount: n,
    triangleCount: indices.length / 3,
    offset: [lo[0]!, lo[1]!, lo[2]!],
    scale,
  };
}

const LENS = { fov: 35, aspect: 1.6 };

describe('view frame of the viewer models', () => {
  it('writes every triangle of a model in model coordinates (offset + scale × grid)', () => {
    const cube = unitCube();
    const moved: MeshArrays = { ...cube, offset: [10, -5, 2], scale: 3 };
    const soup = frameSoup([moved]);
    expect(soup.length).toBe(12 * 9);
    // Triangle 0 is corners 0, 2, 3: (0,0,0), (0,1,0), (1,1,0) → ×3 + offset.
    expect(Array.from(soup.subarray(0, 9))).toEqual([10, -5, 2, 10, -2, 2, 13, -2, 2]);
  });

  it('frames a 10 × 20 × 30 box around its middle with the views along its axes', () => {
    const box = floatMesh(boxCorners([0, 0, 0], [10, 20, 30]), BOX_TRIANGLES.flat());
    const f = frameOfModels([box])!;
    expect(f.center.map((c) => Math.round(c * 1e6) / 1e6)).toEqual([5, 10, 15]);
    // Every axis of the frame is one of the box's axes.
    for (const axis of [f.occlusal, f.front, f.left]) {
      expect(Math.max(...axis.map(Math.abs))).toBeCloseTo(1, 9);
    }
    const sorted = [...f.halfExtents].sort((a, b) => a - b);
    expect(sorted[0]).toBeCloseTo(5, 6);
    expect(sorted[1]).toBeCloseTo(10, 6);
    expect(sorted[2]).toBeCloseTo(15, 6);
    // The occlusal view looks straight down the occlusal axis at the middle of the box.
    const pose = poseFor(f, 'occlusal', LENS.fov, LENS.aspect);
    const dir = pose.position.map((p, i) => (p - pose.target[i]!) / pose.distance);
    expect(dot(dir, f.occlusal)).toBeCloseTo(1, 9);
    expect(dot(pose.up, f.front)).toBeCloseTo(1, 9);
  });

  it('finds the same frame for the molar crown from the viewer grid as from the file', () => {
    const crown = fixtureObj('molar-crown-fdi16.obj');
    const direct = modelFrame([{ positions: crown.positions, indices: crown.indices }])!;
    const viewer = frameOfModels([quantised(crown.positions, crown.indices)])!;
    expect(viewer.kind).toBe('single');
    expect(dot(viewer.occlusal, direct.occlusal)).toBeGreaterThan(0.999);
    expect(dot(viewer.front, direct.front)).toBeGreaterThan(0.99);
    // The crown was cut from the upper arch: its biting surface faces the file's -Y.
    expect(dot(viewer.occlusal, [0, -1, 0])).toBeGreaterThan(0.9);
    // The opening view (three-quarter) sees the occlusal surface from above it.
    const pose = poseFor(viewer, 'threeQuarter', LENS.fov, LENS.aspect);
    const dir = pose.position.map((p, i) => (p - pose.target[i]!) / pose.distance);
    expect(dot(dir, viewer.occlusal)).toBeGreaterThan(0.6);
  });

  it('finds the arch of the upper and lower scans, and both views agree with the file frame', () => {
    for (const [file, jaw] of [
      ['upper-arch-crowns.obj', 'upper'],
      ['lower-arch-crowns.obj', 'lower'],
    ] as const) {
      const arch = fixtureObj(file);
      const direct = modelFrame([{ positions: arch.positions, indices: arch.indices }], { jaw })!;
      const viewer = frameOfModels([quantised(arch.positions, arch.indices)], jaw)!;
      expect(viewer.kind).toBe('arch');
      expect(dot(viewer.occlusal, direct.occlusal)).toBeGreaterThan(0.999);
      expect(dot(viewer.front, direct.front)).toBeGreaterThan(0.999);
      expect(dot(viewer.up, direct.up)).toBeGreaterThan(0.999);
      // Left/right views look along the patient's left–right axis, across the arch.
      const left = poseFor(viewer, 'left', LENS.fov, LENS.aspect);
      const dir: Vec3 = left.position.map((p, i) => (p - left.target[i]!) / left.distance) as Vec3;
      expect(dot(dir, viewer.left)).toBeCloseTo(1, 9);
    }
  });

  it('frames the arch and its crown together: the crown does not turn the arch frame', () => {
    const arch = fixtureObj('upper-arch-crowns.obj');
    const crown = fixtureObj('molar-crown-fdi16.obj');
    const alone = frameOfModels([quantised(arch.positions, arch.indices)], 'upper')!;
    const both = frameOfModels(
      [quantised(arch.positions, arch.indices), quantised(crown.positions, crown.indices)],
      'upper',
    )!;
    expect(dot(both.occlusal, alone.occlusal)).toBeGreaterThan(0.99);
    expect(dot(both.front, alone.front)).toBeGreaterThan(0.99);
  });

  it('reads the jaw from layer names only when they agree', () => {
    expect(jawOfNames(['Upper arch', 'Molar crown 16'])).toBe('upper');
    expect(jawOfNames(['Mandibular scan'])).toBe('lower');
    expect(jawOfNames(['Upper arch', 'Lower arch'])).toBeUndefined();
    expect(jawOfNames(['Crown 16', 'Abutment'])).toBeUndefined();
    expect(jawOfNames(['Looking good'])).toBeUndefined();
  });
});
