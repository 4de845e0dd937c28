/**
 * What a comment can carry of the doctor's view: the camera, the measurements and the section
 * plane, as plain JSON. `captureToolState` builds it from the live values; `restoreToolState`
 * checks anything received (a comment from the API) and answers the values to put back, or why
 * it cannot. Pure: no React, no three.js, no clock.
 */
import { z } from 'zod';
import type { Measurement } from './measureModel';

const finite = z.number().finite();
const vec3 = z.tuple([finite, finite, finite]);
const unit3 = vec3.refine((v) => Math.hypot(...v) > 1e-9, 'must not be a zero vector');

export const MAX_SAVED_MEASUREMENTS = 50;
export const MAX_SAVED_POINTS = 200;

const measurementSchema = z.object({
  id: z.string().regex(/^m[0-9]{1,9}$/),
  kind: z.enum(['distance', 'polyline', 'angle']),
  points: z
    .array(z.object({ modelId: z.string().min(1).max(200), point: vec3 }))
    .min(2)
    .max(MAX_SAVED_POINTS),
});

export const toolStateSchema = z
  .object({
    version: z.literal(1),
    camera: z.object({ position: vec3, target: vec3, up: unit3 }),
    measurements: z.array(measurementSchema).max(MAX_SAVED_MEASUREMENTS),
    section: z.object({ origin: vec3, normal: unit3 }).nullable(),
  })
  .refine(
    (s) => Math.hypot(...s.camera.position.map((p, i) => p - s.camera.target[i]!)) > 1e-9,
    'the camera must not sit on its target',
  )
  .refine(
    (s) =>
      s.measurements.every((m) =>
        m.kind === 'distance'
          ? m.points.length === 2
          : m.kind === 'angle'
            ? m.points.length === 3
            : true,
      ),
    'a distance has 2 points and an angle 3',
  );

export type ToolState = z.infer<typeof toolStateSchema>;
type V3 = [number, number, number];

export interface LiveTools {
  camera: { position: V3; target: V3; up: V3 };
  measurements: readonly Measurement[];
  section: { origin: V3; normal: V3 } | null;
}

const copy3 = (v: readonly number[]): V3 => [v[0]!, v[1]!, v[2]!];

/** The saveable state of the live tools (copies: later changes do not reach it). */
export function captureToolState(live: LiveTools): ToolState {
  return {
    version: 1,
    camera: {
      position: copy3(live.camera.position),
      target: copy3(live.camera.target),
      up: copy3(live.camera.up),
    },
    measurements: live.measurements
      .filter((m) => m.points.length >= 2)
      .map((m) => ({
        id: m.id,
        kind: m.kind,
        points: m.points.map((p) => ({ modelId: p.modelId, point: copy3(p.point) })),
      })),
    section: live.section
      ? { origin: copy3(live.section.origin), normal: copy3(live.section.normal) }
      : null,
  };
}

export type RestoreResult = { ok: true; state: ToolState } | { ok: false; error: string };

/**
 * A saved state checked before use. Measurements on models this project does not have (a model
 * deleted since) are dropped, not drawn in empty space.
 */
export function restoreToolState(input: unknown, modelIds?: ReadonlySet<string>): RestoreResult {
  const parsed = toolStateSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'invalid tool state' };
  }
  const state = parsed.data;
  if (!modelIds) return { ok: true, state };
  return {
    ok: true,
    state: {
      ...state,
      measurements: state.measurements.filter((m) =>
        m.points.every((p) => modelIds.has(p.modelId)),
      ),
    },
  };
}
