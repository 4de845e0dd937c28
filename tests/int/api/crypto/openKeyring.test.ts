import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveSecret } from '../../../../api/src/crypto/deriveSecret.js';
import { encrypt } from '../../../../api/src/crypto/aead.js';
import { FileKeyVault } from '../../../../api/src/crypto/fileKeyVault.js';
import { sealWith } from '../../../../api/src/crypto/keyRing.js';
import { findLegacyKek } from '../../../../api/src/crypto/legacyKek.js';
import { openKeyring } from '../../../../api/src/crypto/openKeyring.js';
import type { Db } from '../../../../api/src/db/db.js';
import { openTestDb, testDrivers, type TestDb } from '../../../support/db.js';

/** The log lines of a pino logger, for asserting what operators are told. */
function capturedLog() {
  const lines: string[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    }),
  );
  return { log, text: () => lines.join('') };
}

/**
 * An install from before the keyring: data keys wrapped directly by the KEK (AAD
 * `kek\0<subject>`), exactly as that version wrote them, with a sealed field each.
 */
async function seedLegacyInstall(db: Db, kek: Buffer, subjects: string[]) {
  const sealed = new Map<string, string>();
  for (const subject of subjects) {
    const key = randomBytes(32);
    const wrapped = encrypt(kek, key, Buffer.from(`kek\u0000${subject}`));
    await db.query('INSERT INTO data_keys (subject_id, version, wrapped) VALUES ($1, 1, $2)', [
      subject,
      wrapped,
    ]);
    sealed.set(subject, sealWith(key, 1, subject, 'name', `Name of ${subject}`));
  }
  return sealed;
}

const SECRET_NAMES = ['email-lookup', 'altcha-signature', 'altcha-key-signature'];

describe.each(testDrivers())('opening the keyring (%s)', (driver) => {
  const dirs: string[] = [];
  const dbs: TestDb[] = [];
  const tempDir = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const t of dbs) await t.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('migrates a legacy install: keys into buckets, the KEK-derived secrets kept, then the KEK file destroyed', async () => {
    const t = await openTestDb(driver);
    dbs.push(t);
    const dataDir = tempDir('cusp-legacy-');
    const keyringDir = join(dataDir, 'keyring');
    const kek = randomBytes(32);
    writeFileSync(join(dataDir, 'kek'), `${kek.toString('base64')}\n`, { mode: 0o600 });
    const subjects = Array.from({ length: 30 }, (_, i) => `user-legacy-${i}`);
    const sealed = await seedLegacyInstall(t.db, kek, [...subjects, 'project-shredded']);
    await t.db.query("INSERT INTO shredded_subjects (subject_id) VALUES ('project-shredded')");

    // Without its KEK the install does not start (nothing is changed).
    const blind = openKeyring({
      db: t.db,
      vault: new FileKeyVault(keyringDir),
      buckets: 8,
      legacy: undefined,
      log: pino({ level: 'silent' }),
    });
    await expect(blind).rejects.toThrow(/legacy KEK/);

    const { log, text } = capturedLog();
    const opened = await openKeyring({
      db: t.db,
      vault: new FileKeyVault(keyringDir),
      buckets: 8,
      legacy: findLegacyKek({ dataDir }),
      log,
    });
    await opened.close();
    expect(existsSync(join(dataDir, 'kek'))).toBe(false);
    expect(text()).toContain('the legacy key file was destroyed');
    const rows = await t.db.query<{ subject_id: string; bucket: number | null }>(
      'SELECT subject_id, bucket FROM data_keys ORDER BY subject_id',
    );
    expect(rows.rows.map((r) => r.subject_id).sort()).toEqual([...subjects].sort());
    expect(rows.rows.every((r) => r.bucket !== null)).toBe(true);
    expect(new Set(rows.rows.map((r) => r.bucket)).size).toBeGreaterThan(1);
    expect(opened.secrets.emailLookup.equals(deriveSecret(kek, 'email-lookup'))).toBe(true);
    expect(opened.secrets.altchaSignature.equals(deriveSecret(kek, 'altcha-signature'))).toBe(true);
    expect(
      opened.secrets.altchaKeySignature.equals(deriveSecret(kek, 'altcha-key-signature')),
    ).toBe(true);

    // The next start needs nothing but the keyring: same keys, same secrets.
    const again = await openKeyring({
      db: t.db,
      vault: new FileKeyVault(keyringDir),
      buckets: 8,
      legacy: findLegacyKek({ dataDir }),
      log: pino({ level: 'silent' }),
    });
    try {
      for (const s of subjects)
        expect(await again.keys.open(s, 'name', sealed.get(s)!)).toBe(`Name of ${s}`);
      expect(again.secrets.emailLookup.equals(opened.secrets.emailLookup)).toBe(true);
    } finally {
      await again.close();
    }

    // A keyring directory that is not this install's: refused, and nothing is written there.
    const wrongDir = tempDir('cusp-wrong-keyring-');
    const wrong = openKeyring({
      db: t.db,
      vault: new FileKeyVault(wrongDir),
      buckets: 8,
      legacy: undefined,
      log: pino({ level: 'silent' }),
    });
    await expect(wrong).rejects.toThrow(/restore it from its backup/);
    expect(readdirSync(wrongDir)).toEqual([]);
  });

  it('migrates from CUSP_KEK and tells the operator to remove it', async () => {
    const t = await openTestDb(driver);
    dbs.push(t);
    const kek = randomBytes(32);
    const sealed = await seedLegacyInstall(t.db, kek, ['project-env-1', 'user-env-2']);
    const keyringDir = tempDir('cusp-env-keyring-');
    const { log, text } = capturedLog();
    const opened = await openKeyring({
      db: t.db,
      vault: new FileKeyVault(keyringDir),
      buckets: 256,
      legacy: findLegacyKek({ kekBase64: kek.toString('base64'), dataDir: tempDir('cusp-env-') }),
      log,
    });
    try {
      expect(await opened.keys.open('user-env-2', 'name', sealed.get('user-env-2')!)).toBe(
        'Name of user-env-2',
      );
      expect(text()).toContain('CUSP_KEK is no longer used');
      expect(
        readdirSync(keyringDir)
          .filter((f) => f.startsWith('secret-'))
          .sort(),
      ).toEqual(SECRET_NAMES.map((n) => `secret-${n}.key`).sort());
      // A wrong CUSP_KEK on a legacy install is refused with a pointed message.
      await t.db.query(
        "INSERT INTO data_keys (subject_id, version, wrapped) VALUES ('user-late', 1, $1)",
        [encrypt(kek, randomBytes(32), Buffer.from('kek\u0000user-late'))],
      );
      await expect(opened.keys.adoptLegacyKeys(randomBytes(32))).rejects.toThrow(
        /does not open the data key of user-late/,
      );
    } finally {
      await opened.close();
    }
  });
});
