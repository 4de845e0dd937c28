import { ApiError } from '../../api/client';

/** The fields of the account forms a server refusal can belong to. */
export type AuthField = 'name' | 'email' | 'companyName' | 'password' | 'botCheck';

/**
 * Which field of an account form a refusal belongs to, by its machine code (bot check, password
 * rule, address format); null when it is the form's own (wrong credentials, a limit, an outage).
 */
export function authFieldOf(err: unknown): AuthField | null {
  if (!(err instanceof ApiError) || !err.code) return null;
  if (err.code.startsWith('captcha_')) return 'botCheck';
  if (err.code.startsWith('password_')) return 'password';
  if (err.code.toLowerCase() === 'invalid_email') return 'email';
  return null;
}

/** No answer at all (the network): an outcome for a toast, not a problem of what was typed. */
export const isNetworkError = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 0;
