import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { deriveSecret } from './deriveSecret.js';
import type { Db } from '../db/db.js';
import { KeyRing } from './keyRing.js';
import { KeyVaultError, type KeyVault } from './keyVault.js';
import { destroyLegacyKekFile, type LegacyKek } from './legacyKek.js';

/** Process-wide secrets kept in the keyring (never in the database). */
export interface KeyringSecrets {
  /** HMAC key of the e-mail lookup hashes (`user_emails`). */
  emailLookup: Buffer;
  altchaSignature: Buffer;
  altchaKeySignature: Buffer;
}

const SECRET_NAMES = {
  emailLookup: 'email-lookup',
  altchaSignature: 'altcha-signature',
  altchaKeySignature: 'altcha-key-signature',
} as const satisfies Record<keyof KeyringSecrets, string>;

export interface OpenKeyringOptions {
  db: Db;
  vault: KeyVault;
  buckets: number;
  /** The pre-keyring KEK, when this install still has one (migrated, then destroyed). */
  legacy: LegacyKek | undefined;
  log: Logger;
  /** Upkeep period (finishing interrupted deletions, destroying stale epoch keys); 30 s. */
  upkeepMs?: number;
}

export interface OpenedKeyring {
  keys: KeyRing;
  secrets: KeyringSecrets;
  close(): Promise<void>;
}

/**
 * Opens the keyring at start-up, in an order that never loses a key:
 * 1. refuse a keyring that lacks a key the database needs (wrong KEYRING_DIR, lost keyring);
 * 2. the secrets: stored ones; on a legacy install the values the KEK derived (so e-mail lookups
 *    and bot-check signatures keep working); on a fresh install random ones;
 * 3. keys wrapped by the legacy KEK are moved into buckets;
 * 4. only then the legacy KEK file is destroyed (CUSP_KEK the operator removes: logged);
 * 5. recovery (interrupted deletions finished, unreferenced epoch keys destroyed) and the upkeep
 *    loop.
 */
export async function openKeyring(o: OpenKeyringOptions): Promise<OpenedKeyring> {
  const keys = new KeyRing({ db: o.db, vault: o.vault, buckets: o.buckets });
  await keys.checkVault();
  const secrets = await loadSecrets(o);
  const moved = await keys.adoptLegacyKeys(o.legacy?.kek);
  if (moved > 0) {
    o.log.info(
      { moved, keyring: o.vault.location },
      'data keys moved from the legacy KEK into the keyring',
    );
  }
  if (o.legacy?.file) {
    await destroyLegacyKekFile(o.legacy);
    o.log.warn(
      { file: o.legacy.file },
      'the legacy key file was destroyed: the keyring replaces it',
    );
  } else if (o.legacy) {
    o.log.warn(
      'CUSP_KEK is no longer used (its keys and secrets are in the keyring): remove it from the ' +
        'environment and destroy its stored copies, or deleted data stays recoverable from old WAL ' +
        'and backups',
    );
  }
  const stop = await keys.startUpkeep({ intervalMs: o.upkeepMs ?? 30_000, log: o.log });
  return { keys, secrets, close: stop };
}

async function loadSecrets(o: OpenKeyringOptions): Promise<KeyringSecrets> {
  const inUse = await o.db.query(
    'SELECT 1 FROM data_keys UNION ALL SELECT 1 FROM keyring_buckets LIMIT 1',
  );
  const one = async (name: string): Promise<Buffer> => {
    const stored = await o.vault.readSecret(name);
    if (stored) return stored;
    if (o.legacy) return o.vault.storeSecret(name, deriveSecret(o.legacy.kek, name));
    if (inUse.rows.length > 0) {
      const legacyRows = await o.db.query('SELECT 1 FROM data_keys WHERE bucket IS NULL LIMIT 1');
      throw new KeyVaultError(
        legacyRows.rows.length > 0
          ? 'data keys wrapped by the legacy KEK exist, but neither CUSP_KEK nor DATA_DIR/kek is ' +
              'there: start Cusp once with the key this install used, to move them into the keyring'
          : `the keyring at ${o.vault.location} has no secret "${name}" but the database holds ` +
              'keys: KEYRING_DIR names the wrong directory or the keyring was lost; restore it from ' +
              'its backup',
      );
    }
    return o.vault.storeSecret(name, randomBytes(32));
  };
  return {
    emailLookup: await one(SECRET_NAMES.emailLookup),
    altchaSignature: await one(SECRET_NAMES.altchaSignature),
    altchaKeySignature: await one(SECRET_NAMES.altchaKeySignature),
  };
}
