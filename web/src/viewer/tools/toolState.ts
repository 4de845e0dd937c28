/**
 * What a comment can carry of the doctor's view: the camera, the measurements and the section
 * plane, as plain JSON (the schema is the API contract's, `api/src/contract/toolState.ts`).
 * `captureToolState` builds it from the live values; `restoreToolState` checks anything received
 * (a comment from the API) and answers the values to put back, or why it cannot. Pure: no React,
 * no three.js, no clock.
 */
import { toolStateSchema, type ToolState } from '../../../../api/src/contract/toolState';
import type { Measurement } from './measureModel';

export type { ToolState };
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
