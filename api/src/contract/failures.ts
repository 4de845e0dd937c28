import type { RouteContract } from './routes.js';

/**
 * The 4xx statuses a route can answer: those its access and input imply (a bad input is 400, a
 * JSON body of another type 415, an upload too large 413; a missing or wrong sign-in 401, a
 * refused one 403; a link unknown 404, closed 410, without its PIN 401, called too often 429)
 * and the route's own `errors`.
 */
export function failureStatuses(c: RouteContract): number[] {
  const s = new Set<number>(c.errors ?? []);
  if (c.params || c.query || c.body || c.form || c.idempotencyKey) s.add(400);
  if (c.body) s.add(415);
  if (c.form) {
    s.add(413);
    s.add(415);
  }
  if (c.access === 'user' || c.access === 'verified' || c.access === 'admin') s.add(401);
  if (c.access === 'verified' || c.access === 'admin') s.add(403);
  if (c.access === 'link') for (const x of [401, 404, 410, 429]) s.add(x);
  return [...s].sort((a, b) => a - b);
}
