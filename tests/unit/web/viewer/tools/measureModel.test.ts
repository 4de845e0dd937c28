import { describe, expect, it } from 'vitest';
import {
  addPoint,
  clearMeasurements,
  deleteMeasurement,
  emptyMeasureState,
  finishDraft,
  labelOf,
  replaceMeasurements,
  runningLabels,
  undoStep,
  valueOf,
  type Anchor,
  type MeasureKind,
  type MeasureState,
} from '../../../../../web/src/viewer/tools/measureModel';

const at = (x: number, y: number, z: number, modelId = 'crown'): Anchor => ({
  modelId,
  point: [x, y, z],
});

function place(kind: MeasureKind, points: Anchor[], s = emptyMeasureState()): MeasureState {
  return points.reduce((acc, p) => addPoint(acc, kind, p), s);
}

describe('measurements as data', () => {
  it('completes a distance at its second point: 3-4-5 triangle edge reads 5.00 mm', () => {
    const s = place('distance', [at(1, 2, 3), at(4, 6, 3)]);
    expect(s.draft).toBeNull();
    expect(s.measurements).toHaveLength(1);
    expect(valueOf(s.measurements[0]!)).toBe(5);
    expect(labelOf(s.measurements[0]!)).toBe('5.00 mm');
  });

  it('keeps two decimals for a distance of a cube edge diagonal (10·√2 = 14.14 mm)', () => {
    const s = place('distance', [at(0, 0, 0), at(10, 10, 0)]);
    expect(labelOf(s.measurements[0]!)).toBe('14.14 mm');
  });

  it('runs a polyline until it is finished, with a running total', () => {
    let s = place('polyline', [at(0, 0, 0), at(3, 4, 0), at(3, 4, 12)]);
    expect(s.measurements).toHaveLength(0);
    expect(s.draft?.points).toHaveLength(3);
    expect(runningLabels(s.draft!)).toEqual(['5.00 mm', '17.00 mm']);
    s = finishDraft(s);
    expect(s.measurements).toHaveLength(1);
    expect(labelOf(s.measurements[0]!)).toBe('Σ 17.00 mm');
  });

  it('drops a polyline of one point when finished', () => {
    const s = finishDraft(place('polyline', [at(0, 0, 0)]));
    expect(s.measurements).toHaveLength(0);
    expect(s.draft).toBeNull();
  });

  it('measures the angle at the middle of three points', () => {
    const right = place('angle', [at(5, 0, 0), at(0, 0, 0), at(0, 7, 0)]);
    expect(labelOf(right.measurements[0]!)).toBe('90.0°');
    const sixty = place('angle', [at(1, 0, 0), at(0, 0, 0), at(0.5, Math.sqrt(3) / 2, 0)]);
    expect(valueOf(sixty.measurements[0]!)).toBeCloseTo(60, 10);
  });

  it('starts a new measurement when the kind changes mid-way', () => {
    let s = place('distance', [at(0, 0, 0)]);
    s = addPoint(s, 'angle', at(1, 1, 1));
    expect(s.draft?.kind).toBe('angle');
    expect(s.draft?.points).toHaveLength(1);
    expect(s.draft?.id).not.toBe('m1');
  });

  it('undoes point by point, then deletes and clears with undo back', () => {
    let s = place('distance', [at(0, 0, 0), at(1, 0, 0)]);
    s = place('distance', [at(0, 0, 0), at(0, 2, 0)], s);
    expect(s.measurements.map(labelOf)).toEqual(['1.00 mm', '2.00 mm']);
    s = undoStep(s);
    expect(s.measurements).toHaveLength(1);
    expect(s.draft?.points).toHaveLength(1);
    s = undoStep(s);
    expect(s.draft).toBeNull();
    s = deleteMeasurement(s, s.measurements[0]!.id);
    expect(s.measurements).toHaveLength(0);
    s = undoStep(s);
    expect(s.measurements.map(labelOf)).toEqual(['1.00 mm']);
    s = clearMeasurements(s);
    expect(s.measurements).toHaveLength(0);
    expect(undoStep(s).measurements).toHaveLength(1);
    expect(undoStep(emptyMeasureState())).toEqual(emptyMeasureState());
  });

  it('takes restored measurements and numbers new ones after them', () => {
    const restored = place('distance', [at(0, 0, 0), at(1, 0, 0)]).measurements.map((m) => ({
      ...m,
      id: 'm7',
    }));
    let s = replaceMeasurements(emptyMeasureState(), restored);
    s = place('distance', [at(0, 0, 0), at(2, 0, 0)], s);
    expect(s.measurements.map((m) => m.id)).toEqual(['m7', 'm8']);
  });
});
