import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '../../../../api/src/links/pinGuard.js';
import { LINK_LOCKED_MESSAGE } from '../../../../api/src/routes/projectLink.js';
import { bearer, seedProject, seedUser } from '../../../support/adminSeed.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { testDrivers } from '../../../support/db.js';

const json = { 'content-type': 'application/json' };
const RIGHT_PIN = '80642013';

/**
 * 60 guesses sent at once used to pass a lock check made before hashing, so 31
 * (PGlite) and 48 (PostgreSQL) wrong PINs were compared and the right one opened the link.
 */
describe.each(testDrivers())('PIN lock under parallel guesses (%s)', (driver) => {
  let t: TestApp;
  let compared = 0;

  beforeAll(async () => {
    // Each guess from its own address: the per-address limit must not be what stops them.
    t = await startTestApp(driver, { TRUST_PROXY: 'true' });
    const hasher = t.deps.links.hasher;
    const verify = hasher.verify.bind(hasher);
    const verifyDummy = hasher.verifyDummy.bind(hasher);
    hasher.verify = (hash, pin) => {
      compared += 1;
      return verify(hash, pin);
    };
    hasher.verifyDummy = (pin) => {
      compared += 1;
      return verifyDummy(pin);
    };
  });
  afterAll(async () => t?.close());

  const guess = (token: string, pin: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/projects/${token}/unlock`,
      headers: { ...json, 'x-forwarded-for': `203.0.113.${i}` },
      payload: JSON.stringify({ pin }),
    });

  it('compares at most five PINs of 60 sent at once, and refuses the right one after the lock', async () => {
    const tech = await seedUser(t.deps, { name: 'Pia Pin', email: `pia-${driver}@lab.test` });
    const p = await seedProject(t.deps, { userId: tech.id, name: 'Case P', files: 1 });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${p.id}/link`,
      headers: { ...bearer(tech.token), ...json },
      payload: JSON.stringify({ expiresAt: null, pin: RIGHT_PIN }),
    });
    expect(set.statusCode).toBe(200);
    compared = 0;

    const pins = Array.from({ length: 59 }, (_, i) => String(10_000_000 + i));
    pins.push(RIGHT_PIN);
    const answers = await Promise.all(pins.map((pin, i) => guess(p.publicToken, pin, i + 1)));

    expect(compared).toBeLessThanOrEqual(PIN_MAX_FAILURES);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(PIN_MAX_FAILURES - 1);
    expect(statuses.filter((s) => s === 429).length).toBe(60 - (PIN_MAX_FAILURES - 1));
    const right = answers[59]!;
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.json()).toEqual({ error: LINK_LOCKED_MESSAGE, code: 'link_locked' });
      const wait = Number(a.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(PIN_LOCK_MS / 1000);
    }

    // Later tries, the right PIN included, are refused without comparing until the lock ends.
    compared = 0;
    expect((await guess(p.publicToken, RIGHT_PIN, 100)).json().code).toBe('link_locked');
    expect(compared).toBe(0);
  });
});
