import { z } from 'zod';

/**
 * `GET /api/health`: the database, the event store and the file store, and projection lag; 503
 * while any of the three cannot be reached.
 */

const storeState = z.strictObject({ kind: z.string(), ok: z.boolean() });
const stores = z.strictObject({ events: storeState, blobs: storeState });

export const healthAnswer = z.strictObject({
  status: z.literal('ok'),
  db: z.strictObject({
    driver: z.string(),
    ok: z.literal(true),
    latencyMs: z.number().nonnegative(),
  }),
  eventStore: z.string(),
  stores,
  /** Events each projection still has to apply; null when the lag could not be read. */
  projections: z.strictObject({ lag: z.record(z.string(), z.number()).nullable() }),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

export const healthUnavailableAnswer = z.strictObject({
  status: z.literal('unavailable'),
  error: z.string(),
  code: z.literal('unavailable'),
  db: z.strictObject({ driver: z.string(), ok: z.boolean() }),
  stores,
});
