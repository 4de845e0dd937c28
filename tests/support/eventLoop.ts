/**
 * In-process PGlite answers within microtasks, so a test that drives it hard can keep the event
 * loop from reaching its timers for seconds. The API's event-loop-delay guard (under-pressure,
 * 503 `overloaded`) then samples an empty or huge delay and refuses the next requests, although
 * nothing is wrong with them. Tests call this after heavy database work, before asserting on
 * answers: it lets the loop turn until the guard has taken a calm sample again (bounded).
 */
import type { FastifyInstance } from 'fastify';

const CALM_MS = 500;

export async function calmEventLoop(app: FastifyInstance): Promise<void> {
  const guard = app as unknown as { memoryUsage?: () => { eventLoopDelay: number } };
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, i === 0 ? 0 : 100));
    if ((guard.memoryUsage?.().eventLoopDelay ?? 0) <= CALM_MS) return;
  }
}
