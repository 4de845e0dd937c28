import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AltchaBotCheck } from '../../../../api/src/botcheck/altcha.js';
import { DatabaseUnavailable } from '../../../../api/src/db/db.js';
import { encodeSolution } from '../../../support/accounts.js';
import { openTestDb, testDrivers, type TestDb } from '../../../support/db.js';

describe.each(testDrivers())('ALTCHA bot check (%s)', (driver) => {
  let tdb: TestDb;
  const make = (over: Partial<ConstructorParameters<typeof AltchaBotCheck>[0]> = {}) =>
    new AltchaBotCheck({
      db: tdb.db,
      now: () => new Date(),
      signatureSecret: 'sig-secret-1',
      keySignatureSecret: 'key-secret-1',
      cost: 10,
      counterRange: [5, 20],
      ...over,
    });
  const ctx = { purpose: 'register' as const, ip: '127.0.0.1' };

  beforeAll(async () => {
    tdb = await openTestDb(driver);
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it('accepts a solved payload once and refuses its replay', async () => {
    const check = make();
    const payload = await encodeSolution(await check.challenge('register'));
    expect(await check.verify(payload, ctx)).toEqual({ ok: true });
    expect(await check.verify(payload, ctx)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('lets exactly one of two concurrent uses of a payload pass', async () => {
    const check = make();
    const payload = await encodeSolution(await check.challenge('register'));
    const results = await Promise.all([check.verify(payload, ctx), check.verify(payload, ctx)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses an expired challenge', async () => {
    const past = make({ now: () => new Date(Date.now() - 20 * 60_000) });
    const payload = await encodeSolution(await past.challenge('register'));
    expect(await make().verify(payload, ctx)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a payload signed with a rotated secret', async () => {
    const payload = await encodeSolution(
      await make({ signatureSecret: 'old-secret' }).challenge('register'),
    );
    expect(await make().verify(payload, ctx)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a payload solved for another purpose, and a tampered purpose', async () => {
    const check = make();
    const login = await check.challenge('login');
    const payload = await encodeSolution(login);
    expect(await check.verify(payload, ctx)).toEqual({ ok: false, reason: 'wrong_purpose' });
    const decoded = JSON.parse(
      Buffer.from(await encodeSolution(await check.challenge('login')), 'base64').toString(),
    );
    decoded.challenge.parameters.data.purpose = 'register';
    const tampered = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect(await check.verify(tampered, ctx)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses missing, garbage and oversized payloads without throwing', async () => {
    const check = make();
    expect(await check.verify(undefined, ctx)).toEqual({ ok: false, reason: 'missing' });
    expect(await check.verify('', ctx)).toEqual({ ok: false, reason: 'missing' });
    expect(await check.verify('%%%not base64%%%', ctx)).toEqual({ ok: false, reason: 'malformed' });
    expect(await check.verify(Buffer.from('{"challenge":1}').toString('base64'), ctx)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await check.verify('A'.repeat(100_000), ctx)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('fails closed when recording the use fails', async () => {
    const check = make({ db: { query: () => Promise.reject(new Error('db down')) } });
    const payload = await encodeSolution(await check.challenge('register'));
    expect(await check.verify(payload, ctx)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('fails closed as an outage when the database is gone, not as a failed check', async () => {
    const gone = await openTestDb('pglite');
    await gone.drop();
    const check = make({ db: gone.db });
    const payload = await encodeSolution(await check.challenge('register'));
    await expect(check.verify(payload, ctx)).rejects.toBeInstanceOf(DatabaseUnavailable);
  });
});
