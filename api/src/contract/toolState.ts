import { z } from 'zod';
import type { ToolState } from '../domain/toolState.js';

/**
 * The doctor's view saved with a comment: camera, measurements and section plane, in the models'
 * own millimetres. One schema for the API (comment bodies) and the web app (restoring a comment
 * in the lazily loaded tools chunk), so it imports nothing but zod. Sizes are bounded so a
 * comment stays a few kilobytes; the rules that need the project (models of the comment's
 * version) are the domain's (`toolStateProblem`).
 */

export const MAX_SAVED_MEASUREMENTS = 50;
/** Points over all measurements (each about 100 bytes of JSON). */
export const MAX_SAVED_POINTS = 200;

const finite = z.number().finite();
const vec3 = z.tuple([finite, finite, finite]);
const unit3 = vec3.refine((v) => Math.hypot(...v) > 1e-9, 'must not be a zero vector');

const measurementSchema = z.strictObject({
  id: z.string().regex(/^m[0-9]{1,9}$/, 'measurement ids are m1, m2, …'),
  kind: z.enum(['distance', 'polyline', 'angle']),
  points: z
    .array(z.strictObject({ modelId: z.string().min(1).max(100), point: vec3 }))
    .min(2)
    .max(MAX_SAVED_POINTS),
});

export const toolStateSchema = z
  .strictObject({
    version: z.literal(1),
    camera: z.strictObject({ position: vec3, target: vec3, up: unit3 }),
    measurements: z.array(measurementSchema).max(MAX_SAVED_MEASUREMENTS),
    section: z.strictObject({ origin: vec3, normal: unit3 }).nullable(),
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
  )
  .refine(
    (s) => s.measurements.reduce((n, m) => n + m.points.length, 0) <= MAX_SAVED_POINTS,
    `at most ${MAX_SAVED_POINTS} measured points can be saved with a comment`,
  ) satisfies z.ZodType<ToolState>;

export type { ToolState } from '../domain/toolState.js';

/** The code and the start of the message of a saved view the API refuses. */
export const INVALID_TOOL_STATE = 'invalid_tool_state';
export const invalidToolStateMessage = (why: string): string =>
  `The saved view cannot be attached: ${why}`;
