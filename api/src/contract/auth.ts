import { z } from 'zod';
import { PASSWORD_MAX_BYTES } from '../domain/passwordPolicy.js';
import { freeText, isoInstant, messageAnswer, validAnswer } from './common.js';

/** Accounts: register, login, me, logout, e-mail verification, forgot and reset password. */

export const role = z.enum(['admin', 'user']);
export type Role = z.infer<typeof role>;

/** The user object every account answer carries. */
export const publicUser = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  emailVerified: z.boolean(),
  role,
  createdAt: isoInstant,
});
export type PublicUser = z.infer<typeof publicUser>;

/** Login and register answers (token, user, requiresVerification, message). */
export const authAnswer = z.strictObject({
  token: z.string().optional(),
  user: publicUser.optional(),
  requiresVerification: z.boolean(),
  message: z.string(),
});
export type AuthAnswer = z.infer<typeof authAnswer>;

const botCheckField = z.string().max(8192).optional();
// Passwords are checked for length by the policy (which also caps bytes) before argon2 runs.
const password = z.string().max(PASSWORD_MAX_BYTES * 4);
const displayName = freeText().pipe(z.string().min(1).max(200));
const email = z.string().max(320);
// Reset tokens travel in bodies, never in API paths: no URL carrying one reaches a log.
const resetToken = z.string().max(100);

export const registerBody = z.strictObject({
  name: displayName,
  email,
  companyName: displayName,
  password,
  turnstileToken: botCheckField,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.strictObject({ email, password, turnstileToken: botCheckField });
export type LoginBody = z.input<typeof loginBody>;

export const loginBotCheckBody = z.strictObject({ email });
export const loginBotCheckAnswer = z.strictObject({ captchaRequired: z.boolean() });
export type LoginBotCheckAnswer = z.infer<typeof loginBotCheckAnswer>;

export const forgotPasswordBody = z.strictObject({ email, turnstileToken: botCheckField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export const forgotPasswordAnswer = messageAnswer;

export const resetCheckBody = z.strictObject({ token: resetToken });
export const resetCheckAnswer = validAnswer;
export const resetPasswordBody = z.strictObject({ token: resetToken, password });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export const resetPasswordAnswer = messageAnswer;

export const meAnswer = z.strictObject({ user: publicUser });
export type MeAnswer = z.infer<typeof meAnswer>;

export const verifyEmailParams = z.strictObject({ token: z.string().max(100) });
export const verifyEmailCheckAnswer = validAnswer;
export const verifyEmailAnswer = z.strictObject({ message: z.string(), user: publicUser });
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswer>;

export const resendVerificationBody = z.strictObject({ email });
export type ResendVerificationBody = z.input<typeof resendVerificationBody>;
export const resendVerificationAnswer = messageAnswer;
