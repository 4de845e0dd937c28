import type { SqlExecutor } from '../db/db.js';
import { SingleUseTokens } from './singleUseTokens.js';

/** A reset link is valid for one hour (OWASP Forgot Password cheat sheet: short-lived). */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** Password reset links: valid 1 hour, once; a completed reset ends all of the user's links. */
export class PasswordResetTokens extends SingleUseTokens {
  constructor(db: SqlExecutor, now: () => Date) {
    super(db, now, 'password_reset_tokens', PASSWORD_RESET_TTL_MS);
  }
}
