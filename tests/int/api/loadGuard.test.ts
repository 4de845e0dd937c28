import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

/** Blocks the event loop as a stalled query or a CPU-bound task would. */
function stallLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy: nothing else may run
  }
}

describe('load guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { LOAD_GUARD_MAX_DELAY_MS: '200' });
  });
  afterAll(() => t.close());

  it('refuses requests with 503 overloaded and Retry-After while the event loop lags', async () => {
    // The guard samples the loop once a second: stall across a sample, then ask.
    let res = await t.app.inject({ method: 'GET', url: '/api/materials' });
    for (let i = 0; i < 5 && res.statusCode !== 503; i++) {
      stallLoop(1_500);
      await new Promise((r) => setTimeout(r, 50));
      res = await t.app.inject({ method: 'GET', url: '/api/materials' });
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'Server busy, please retry shortly', code: 'overloaded' });
  });

  it('serves again once the loop keeps up', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/materials' });
    for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      res = await t.app.inject({ method: 'GET', url: '/api/materials' });
    }
    expect(res.statusCode).toBe(200);
  });
});
