import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../../../../web/src/viewer/tools/measureModel';
import {
  captureToolState,
  restoreToolState,
  type LiveTools,
} from '../../../../../web/src/viewer/tools/toolState';

const measurements: Measurement[] = [
  {
    id: 'm1',
    kind: 'distance',
    points: [
      { modelId: 'crown', point: [-17.402, 1.097, -13.406] },
      { modelId: 'crown', point: [-12.5, 2.25, -10] },
    ],
  },
  {
    id: 'm2',
    kind: 'angle',
    points: [
      { modelId: 'arch', point: [1, 0, 0] },
      { modelId: 'arch', point: [0, 0, 0] },
      { modelId: 'crown', point: [0, 1, 0] },
    ],
  },
];

const live = (): LiveTools => ({
  camera: { position: [10, 20, 30], target: [1, 2, 3], up: [0, 1, 0] },
  measurements,
  section: { origin: [-15, 1, -12], normal: [0.6, 0, 0.8] },
});

describe('tool state saved into a comment', () => {
  it('survives JSON exactly: camera, measurements and section come back as captured', () => {
    const saved = captureToolState(live());
    const back = restoreToolState(JSON.parse(JSON.stringify(saved)));
    expect(back).toEqual({ ok: true, state: saved });
    if (!back.ok) return;
    expect(back.state.camera.position).toEqual([10, 20, 30]);
    expect(back.state.measurements[0]!.points[0]!.point).toEqual([-17.402, 1.097, -13.406]);
    expect(back.state.section).toEqual({ origin: [-15, 1, -12], normal: [0.6, 0, 0.8] });
  });

  it('copies: changing the live values later does not change what was captured', () => {
    const l = live();
    const saved = captureToolState(l);
    l.camera.position[0] = 99;
    (l.measurements[0]!.points[0]!.point as number[])[0] = 99;
    expect(saved.camera.position[0]).toBe(10);
    expect(saved.measurements[0]!.points[0]!.point[0]).toBe(-17.402);
  });

  it('leaves out a measurement still being drawn (one point)', () => {
    const saved = captureToolState({
      ...live(),
      measurements: [{ id: 'm3', kind: 'polyline', points: [{ modelId: 'a', point: [0, 0, 0] }] }],
    });
    expect(saved.measurements).toEqual([]);
  });

  it('refuses malformed states with a reason', () => {
    const good = captureToolState(live());
    const bad: unknown[] = [
      null,
      { ...good, version: 2 },
      { ...good, camera: { ...good.camera, position: [1, 2] } },
      { ...good, camera: { ...good.camera, position: [1, 2, 3], target: [1, 2, 3] } },
      { ...good, camera: { ...good.camera, up: [0, 0, 0] } },
      { ...good, section: { origin: [0, 0, 0], normal: [0, 0, 0] } },
      {
        ...good,
        measurements: [{ ...measurements[0]!, points: measurements[0]!.points.slice(0, 1) }],
      },
      { ...good, measurements: [{ ...measurements[1]!, kind: 'distance' }] },
      { ...good, measurements: [{ ...measurements[0]!, id: '<script>' }] },
      JSON.parse(JSON.stringify({ ...good, camera: { ...good.camera, position: [1, 2, 'x'] } })),
    ];
    for (const b of bad) {
      const r = restoreToolState(b);
      expect(r.ok, JSON.stringify(b)).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
    }
  });

  it('drops measurements on models the project no longer has', () => {
    const r = restoreToolState(captureToolState(live()), new Set(['crown']));
    expect(r.ok && r.state.measurements.map((m) => m.id)).toEqual(['m1']);
  });
});
