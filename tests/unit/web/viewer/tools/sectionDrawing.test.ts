import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { buildMeshIndex } from '../../../../../web/src/viewer/geometry/meshIndex';
import { geometryOf } from '../../../../../web/src/viewer/geometry/meshIndex';
import { planeFrame } from '../../../../../web/src/viewer/geometry/planeFrame';
import { SectionSlicer } from '../../../../../web/src/viewer/geometry/section';
import {
  fitOutlines,
  fromPanel,
  outlinePath,
  scaleBar,
  toPanel,
} from '../../../../../web/src/viewer/tools/sectionDrawing';
import { copyOutline, outlineSegments } from '../../../../../web/src/viewer/tools/sectionResult';
import { panelFrame, presetPlane } from '../../../../../web/src/viewer/tools/sectionPlane';
import { frameOfModels } from '../../../../../web/src/viewer/scene/viewFrame';
import { unitCube } from '../geometry/meshes';

function cubeSlice(z: number) {
  const mesh = unitCube();
  const slicer = new SectionSlicer(mesh, buildMeshIndex(geometryOf(mesh), mesh));
  return copyOutline(
    slicer.slice(planeFrame(new Vector3(0.5, 0.5, z), new Vector3(0, 0, 1), new Vector3(1, 0, 0))),
  );
}

describe('section drawing', () => {
  it('draws the unit cube cut at z = 0.5 as one closed square, 4 segments of 1 mm', () => {
    const o = cubeSlice(0.5);
    expect(o.chainCount).toBe(1);
    expect(o.chainClosed[0]).toBe(1);
    const seg = outlineSegments(o);
    let total = 0;
    for (let i = 0; i < seg.length; i += 6) {
      expect(seg[i + 2]).toBeCloseTo(0.5, 12);
      total += Math.hypot(
        seg[i + 3]! - seg[i]!,
        seg[i + 4]! - seg[i + 1]!,
        seg[i + 5]! - seg[i + 2]!,
      );
    }
    expect(total).toBeCloseTo(4, 9);
    // A copy survives the next slice (the slicer reuses its buffers).
    const before = Array.from(o.world);
    cubeSlice(0.25);
    expect(Array.from(o.world)).toEqual(before);
  });

  it('fits the outline into the panel with v up and maps panel points back to the plane', () => {
    const o = cubeSlice(0.5);
    const fit = fitOutlines([o], 300, 240)!;
    // The 1 mm square fills the smaller panel side less the padding and the scale-bar strip.
    expect(fit.scale).toBeCloseTo(240 - 32 - 24, 6);
    // Plane coordinates are centred on the plane's origin, the cube's middle.
    const [x, y] = toPanel(fit, 0, 0);
    expect(x).toBeCloseTo(fit.width / 2, 9);
    expect(y).toBeCloseTo(fit.height / 2, 9);
    const [xTop, yTop] = toPanel(fit, -0.5, 0.5);
    expect(yTop).toBeLessThan(y);
    expect(xTop).toBeLessThan(x);
    const back = fromPanel(fit, xTop, yTop);
    expect(back[0]).toBeCloseTo(-0.5, 9);
    expect(back[1]).toBeCloseTo(0.5, 9);
    expect(outlinePath(o, fit)).toMatch(/^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){3,}Z$/);
    expect(fitOutlines([], 300, 240)).toBeNull();
  });

  it('labels a round scale bar near the length asked for', () => {
    expect(scaleBar(10, 75)).toEqual({ mm: 5, px: 50, label: '5 mm' });
    expect(scaleBar(184, 75).label).toBe('0.2 mm');
    expect(scaleBar(3, 75)).toEqual({ mm: 20, px: 60, label: '20 mm' });
    expect(scaleBar(1, 75).mm).toBe(50);
  });

  it('puts the occlusal side up in the panel for a bucco-lingual cut of a box', () => {
    const mesh = unitCube();
    const frame = frameOfModels([{ ...mesh, scale: 1 }])!;
    const plane = presetPlane(frame, 'buccoLingual');
    expect(plane.normal).toEqual(frame.left);
    const pf = panelFrame(plane, frame);
    expect(pf.v.dot(new Vector3(...frame.occlusal))).toBeCloseTo(1, 9);
    expect(pf.normal.dot(new Vector3(...frame.left))).toBeCloseTo(1, 9);
  });
});
