import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing, KeyShredded } from '../../../../api/src/crypto/keyRing.js';
import { openTestDb, testDrivers, type TestDb } from '../../../support/db.js';

describe.each(testDrivers())('KeyRing on %s', (driver) => {
  let t: TestDb;
  let ring: KeyRing;
  const kek = randomBytes(32);

  beforeAll(async () => {
    t = await openTestDb(driver);
    ring = new KeyRing(t.db, kek);
  });
  afterAll(async () => t.drop());

  it('seals a field so that only the same subject and field open it', async () => {
    const sealed = await ring.seal('project-1', 'patientName', 'Jane Doe');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('Jane');
    expect(await ring.open('project-1', 'patientName', sealed)).toBe('Jane Doe');
    await expect(ring.open('project-1', 'laboratoryName', sealed)).rejects.toThrow();
    await ring.seal('project-2', 'x', 'y');
    await expect(ring.open('project-2', 'patientName', sealed)).rejects.toThrow();
  });

  it('stores keys only wrapped by the KEK', async () => {
    const { key } = await ring.keyFor('user-9');
    const rows = await t.db.query<{ wrapped: Uint8Array }>(
      "SELECT wrapped FROM data_keys WHERE subject_id = 'user-9'",
    );
    const wrapped = Buffer.from(rows.rows[0]!.wrapped);
    expect(wrapped.includes(key)).toBe(false);
    const fresh = new KeyRing(t.db, kek);
    expect((await fresh.keyFor('user-9')).key.equals(key)).toBe(true);
    const wrongKek = new KeyRing(t.db, randomBytes(32));
    await expect(wrongKek.keyFor('user-9')).rejects.toThrow();
  });

  it('makes sealed fields unreadable for good after destroy (crypto-shredding)', async () => {
    const sealed = await ring.seal('project-3', 'notes', 'secret note');
    await ring.destroy('project-3');
    expect(await ring.open('project-3', 'notes', sealed)).toBeNull();
    const other = new KeyRing(t.db, kek);
    expect(await other.open('project-3', 'notes', sealed)).toBeNull();
    await expect(other.seal('project-3', 'notes', 'again')).rejects.toThrow(KeyShredded);
  });

  it('gives concurrent first users of a subject the same key', async () => {
    const rings = Array.from({ length: 4 }, () => new KeyRing(t.db, kek));
    const keys = await Promise.all(rings.map((r) => r.keyFor('project-race')));
    for (const k of keys) expect(k.key.equals(keys[0]!.key)).toBe(true);
  });
});
