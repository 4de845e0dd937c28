/**
 * The doctor's measurements as data: kinds, points (model millimetres, the file's own
 * coordinates), the one being drawn, undo, delete, and the numbers and labels each shows. Pure:
 * no React, no three.js; the store and the scene call these.
 */
import { angleAt, distance, formatDegrees, formatMm, polylineLengths } from '../geometry/measure';

export type MeasureKind = 'distance' | 'polyline' | 'angle';
export type Vec3 = [number, number, number];

/** A point picked on a model: which model, and where on it (model coordinates, mm). */
export interface Anchor {
  modelId: string;
  point: Vec3;
}

export interface Measurement {
  id: string;
  kind: MeasureKind;
  points: Anchor[];
}

export interface MeasureState {
  measurements: Measurement[];
  /** The measurement being drawn (not yet complete), if any. */
  draft: Measurement | null;
  /** Earlier states, newest last, for undo. */
  undo: { measurements: Measurement[]; draft: Measurement | null }[];
  /** Next id number. */
  seq: number;
}

/** Points that complete a measurement; a polyline is finished by the doctor (Enter). */
export const POINTS_NEEDED: Record<MeasureKind, number> = {
  distance: 2,
  polyline: Infinity,
  angle: 3,
};

/** Undo steps kept. */
const UNDO_LIMIT = 100;

export const emptyMeasureState = (): MeasureState => ({
  measurements: [],
  draft: null,
  undo: [],
  seq: 1,
});

function remember(s: MeasureState): MeasureState['undo'] {
  const undo = [...s.undo, { measurements: s.measurements, draft: s.draft }];
  return undo.length > UNDO_LIMIT ? undo.slice(undo.length - UNDO_LIMIT) : undo;
}

/** Adds a picked point to the draft (starting one of `kind`); completes it when it has enough. */
export function addPoint(s: MeasureState, kind: MeasureKind, anchor: Anchor): MeasureState {
  const draft =
    s.draft && s.draft.kind === kind
      ? { ...s.draft, points: [...s.draft.points, anchor] }
      : { id: `m${s.seq}`, kind, points: [anchor] };
  const seq = s.draft && s.draft.kind === kind ? s.seq : s.seq + 1;
  const undo = remember(s);
  if (draft.points.length >= POINTS_NEEDED[kind]) {
    return { measurements: [...s.measurements, draft], draft: null, undo, seq };
  }
  return { measurements: s.measurements, draft, undo, seq };
}

/** Ends the draft: a polyline with two points or more is kept; anything shorter is dropped. */
export function finishDraft(s: MeasureState): MeasureState {
  if (!s.draft) return s;
  const keep = s.draft.kind === 'polyline' && s.draft.points.length >= 2;
  return {
    ...s,
    measurements: keep ? [...s.measurements, s.draft] : s.measurements,
    draft: null,
    undo: remember(s),
  };
}

export function undoStep(s: MeasureState): MeasureState {
  const last = s.undo[s.undo.length - 1];
  if (!last) return s;
  return { ...s, ...last, undo: s.undo.slice(0, -1) };
}

export function deleteMeasurement(s: MeasureState, id: string): MeasureState {
  if (!s.measurements.some((m) => m.id === id)) return s;
  return { ...s, measurements: s.measurements.filter((m) => m.id !== id), undo: remember(s) };
}

export function clearMeasurements(s: MeasureState): MeasureState {
  if (s.measurements.length === 0 && !s.draft) return s;
  return { ...s, measurements: [], draft: null, undo: remember(s) };
}

/** Replaces everything (a restored comment); undo goes back to what was there. */
export function replaceMeasurements(s: MeasureState, measurements: Measurement[]): MeasureState {
  const max = measurements.reduce((n, m) => Math.max(n, Number(m.id.slice(1)) || 0), 0);
  return { measurements, draft: null, undo: remember(s), seq: Math.max(s.seq, max + 1) };
}

const p3 = (a: Anchor) => ({ x: a.point[0], y: a.point[1], z: a.point[2] });

/** The number a measurement shows: mm for lengths, degrees for an angle; null if incomplete. */
export function valueOf(m: Measurement): number | null {
  const pts = m.points.map(p3);
  if (m.kind === 'angle') return pts.length === 3 ? angleAt(pts[0]!, pts[1]!, pts[2]!) : null;
  if (pts.length < 2) return null;
  return m.kind === 'distance' ? distance(pts[0]!, pts[1]!) : polylineLengths(pts).total;
}

/** The label: '12.34 mm', 'Σ 23.45 mm' for a polyline, '87.5°' for an angle. */
export function labelOf(m: Measurement): string {
  const v = valueOf(m);
  if (m.kind === 'angle') return formatDegrees(v);
  if (v === null) return '';
  return m.kind === 'polyline' ? `Σ ${formatMm(v)}` : formatMm(v);
}

/** Running totals along a polyline, one label per point after the first ('12.34 mm'). */
export function runningLabels(m: Measurement): string[] {
  return polylineLengths(m.points.map(p3))
    .running.slice(1)
    .map((d) => formatMm(d));
}

export const KIND_NAMES: Record<MeasureKind, string> = {
  distance: 'Distance',
  polyline: 'Polyline',
  angle: 'Angle',
};
