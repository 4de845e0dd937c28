/**
 * Waits until every read model of a test app has applied the newest committed event, then until
 * the event loop is calm (see eventLoop.ts). The newest event is read from the table directly:
 * `EventStore.headPosition()` only sees events below every open transaction of the whole server,
 * so on a shared PostgreSQL another database's open transaction would hide the test's own events.
 */
import { expect } from 'vitest';
import type { Position } from '../../api/src/store/eventStore.js';
import type { TestApp } from './app.js';
import { calmEventLoop } from './eventLoop.js';

export async function settle(t: TestApp): Promise<void> {
  const { rows } = await t.deps.db.query<{ p: Position }>(
    `SELECT transaction_id::text || ':' || global_position::text AS p FROM events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const newest = rows[0]?.p;
  if (newest) expect(await t.deps.projections.waitFor(newest, 30_000)).toBe(true);
  await calmEventLoop(t.app);
}
