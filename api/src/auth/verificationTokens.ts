import type { SqlExecutor } from '../db/db.js';
import { SingleUseTokens } from './singleUseTokens.js';

/** ASVS 6.4.1: short-lived, single use, 256 bits. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60_000;

/** E-mail verification links: valid 24 hours, once; verifying the address ends all of them. */
export class VerificationTokens extends SingleUseTokens {
  constructor(db: SqlExecutor, now: () => Date) {
    super(db, now, 'email_verification_tokens', VERIFICATION_TTL_MS);
  }
}
