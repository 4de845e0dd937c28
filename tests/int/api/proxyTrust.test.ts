import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { testDrivers } from '../../support/db.js';

const json = { 'content-type': 'application/json' };
const unknownToken = `pub_${'q'.repeat(43)}`;

/** Each per-address limit: the call, and how many it allows in its window. */
const LIMITS = [
  {
    name: 'login',
    max: 20,
    call: { method: 'POST', url: '/api/login', payload: '{}', headers: json },
  },
  {
    name: 'unlock',
    max: 30,
    call: {
      method: 'POST',
      url: `/api/public/projects/${unknownToken}/unlock`,
      payload: JSON.stringify({ pin: 'x' }),
      headers: json,
    },
  },
  {
    name: 'comments',
    max: 30,
    call: {
      method: 'POST',
      url: `/api/public/projects/${unknownToken}/comments`,
      payload: '{}',
      headers: json,
    },
  },
  {
    name: 'quick upload',
    max: 20,
    call: { method: 'POST', url: '/api/public/projects', payload: '{}', headers: json },
  },
  {
    name: 'DCM convert',
    max: 30,
    call: { method: 'POST', url: '/api/dcm/convert', payload: '{}', headers: json },
  },
] as const;

/**
 * With TRUST_PROXY=true the left-most `X-Forwarded-For` entry, which the client
 * writes, was taken as its address, so changing it escaped every per-address limit even behind
 * a proxy that appends its own entry.
 */
describe.each(testDrivers())('client address behind a proxy (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  for (const [i, limit] of LIMITS.entries()) {
    it(`a rotated left-most X-Forwarded-For does not escape the ${limit.name} limit`, async () => {
      // What the proxy appends (the client's real address) stays; what the client wrote rotates.
      const client = `198.51.100.${i + 1}`;
      const statuses: number[] = [];
      for (let n = 0; n <= limit.max; n++) {
        const r = await t.app.inject({
          ...limit.call,
          headers: { ...limit.call.headers, 'x-forwarded-for': `10.9.${n}.7, ${client}` },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses.slice(0, limit.max)).not.toContain(429);
      expect(statuses[limit.max]).toBe(429);
      // Another client behind the same proxy keeps its own allowance.
      const other = await t.app.inject({
        ...limit.call,
        headers: { ...limit.call.headers, 'x-forwarded-for': `10.9.0.7, 192.0.2.${i + 1}` },
      });
      expect(other.statusCode).not.toBe(429);
    });
  }
});
