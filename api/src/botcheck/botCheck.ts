import type { BotCheckPurpose } from '../contract/botCheck.js';
import { AppError, ValidationError } from '../errors.js';

/** What a bot check protects; bound into the challenge so a login payload cannot open an upload. */
export { BOT_CHECK_PURPOSES, type BotCheckPurpose } from '../contract/botCheck.js';

export type BotCheckFailure =
  'missing' | 'malformed' | 'invalid' | 'expired' | 'replayed' | 'wrong_purpose' | 'unavailable';

export type BotCheckResult = { ok: true } | { ok: false; reason: BotCheckFailure };

/** What the page's widget needs to run the check. */
export type WidgetConfig =
  { provider: 'altcha'; challenge: unknown } | { provider: 'turnstile'; siteKey: string };

/**
 * The BotCheck port: ALTCHA by default, Turnstile by config.
 * Every adapter fails closed: an exception, a timeout or an odd answer is a failed check.
 */
export interface BotCheck {
  readonly provider: 'altcha' | 'turnstile';
  widgetConfig(purpose: BotCheckPurpose): Promise<WidgetConfig>;
  verify(
    payload: string | undefined,
    ctx: { purpose: BotCheckPurpose; ip: string },
  ): Promise<BotCheckResult>;
}

/** The wording for a check that was not done or did not pass. */
export const BOT_CHECK_REQUIRED_MESSAGE = 'Please complete the security verification.';
export const BOT_CHECK_FAILED_MESSAGE = 'Security verification failed. Please try again.';

/** Turns a failed check into the API's answer (400 for a missing/unusable payload, else 403). */
export function botCheckError(
  reason: BotCheckFailure,
  requiredMessage = BOT_CHECK_REQUIRED_MESSAGE,
): AppError {
  switch (reason) {
    case 'missing':
      return new ValidationError(requiredMessage, 'captcha_required');
    case 'malformed':
      return new ValidationError(BOT_CHECK_FAILED_MESSAGE, 'captcha_invalid');
    case 'replayed':
      return new ValidationError(BOT_CHECK_FAILED_MESSAGE, 'captcha_replay');
    case 'expired':
      return new ValidationError(BOT_CHECK_FAILED_MESSAGE, 'captcha_expired');
    case 'wrong_purpose':
    case 'invalid':
      return new AppError(403, 'captcha_failed', BOT_CHECK_FAILED_MESSAGE);
    case 'unavailable':
      return new AppError(403, 'captcha_unavailable', BOT_CHECK_FAILED_MESSAGE);
  }
}

/** Verifies and throws the API error when the check did not pass. */
export async function requireBotCheck(
  botCheck: BotCheck,
  payload: string | undefined,
  ctx: { purpose: BotCheckPurpose; ip: string },
  requiredMessage?: string,
): Promise<void> {
  const r = await botCheck.verify(payload, ctx);
  if (!r.ok) throw botCheckError(r.reason, requiredMessage);
}
