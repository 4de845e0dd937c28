import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../http/guards.js';
import { parseBody, type Input } from '../http/routeInput.js';
import { botCheckRequired, login } from '../commands/login.js';
import {
  checkResetLink,
  PASSWORD_CHANGED_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from '../commands/passwords.js';
import { register } from '../commands/register.js';
import {
  checkVerificationToken,
  EMAIL_VERIFIED_MESSAGE,
  resendVerification,
  verifyEmail,
} from '../commands/verification.js';
import { publicUser } from '../reads/users.js';
import { PASSWORD_MESSAGES, passwordProblem } from '../domain/passwordPolicy.js';
import { requireBotCheck } from '../botcheck/botCheck.js';
import type { AppDeps } from '../deps.js';
import { Unauthorized, ValidationError } from '../errors.js';

/** Per-IP burst limits (a client cannot hammer the forms); per-account limits live in PostgreSQL. */
export const AUTH_RATE_LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 5, timeWindow: 60 * 60_000 },
  resend: { max: 10, timeWindow: 60 * 60_000 },
  verify: { max: 30, timeWindow: 60_000 },
  /** The login page asks while the address is typed; cheap, answers from one indexed row. */
  loginBotCheck: { max: 60, timeWindow: 60_000 },
  /** Forgot password is limited like login; each account also gets at most 3 mails an hour. */
  forgotPassword: { max: 20, timeWindow: 60_000 },
  resetPassword: { max: 20, timeWindow: 60_000 },
} as const;

const PLEASE_FILL_IN_ALL_FIELDS = 'Please fill in all fields';
const PLEASE_ENTER_EMAIL_AND_PASSWORD = 'Please enter both email and password.';
/** Register's wording has no full stop, unlike the login's (`BOT_CHECK_REQUIRED_MESSAGE`). */
const REGISTER_BOT_CHECK_REQUIRED = 'Please complete the security verification';

const PLEASE_ENTER_EMAIL = 'Please enter your email address';
const PLEASE_ENTER_NEW_PASSWORD = 'Please enter a new password';

function blank(v: unknown): boolean {
  return typeof v !== 'string' || v.trim() === '';
}

function asRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function ctx(request: FastifyRequest) {
  return { ip: request.ip, requestId: request.id };
}

/**
 * Accounts: register, login, me, logout, e-mail
 * verification (GET reports, POST verifies), resend, and forgot password (request, check the
 * link, set the new password). Answers: `{ token, user, requiresVerification, message }` for
 * login/register, `{ error, code }` for failures.
 */
export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post(
    '/api/register',
    { config: { rateLimit: AUTH_RATE_LIMITS.register } },
    async (request, reply) => {
      const raw = asRecord(request.body);
      if (['name', 'email', 'companyName', 'password'].some((k) => blank(raw[k]))) {
        throw new ValidationError(PLEASE_FILL_IN_ALL_FIELDS, 'fields_required');
      }
      const body = parseBody('POST /api/register', raw);
      const problem = passwordProblem(body.password);
      if (problem) throw new ValidationError(PASSWORD_MESSAGES[problem], `password_${problem}`);
      await requireBotCheck(
        deps.botCheck,
        body.turnstileToken,
        { purpose: 'register', ip: request.ip },
        REGISTER_BOT_CHECK_REQUIRED,
      );
      const answer = await register(deps, body, ctx(request));
      return reply.code(201).send(answer);
    },
  );

  app.post('/api/login', { config: { rateLimit: AUTH_RATE_LIMITS.login } }, async (request) => {
    const raw = asRecord(request.body);
    if (blank(raw.email) || typeof raw.password !== 'string' || raw.password === '') {
      throw new ValidationError(PLEASE_ENTER_EMAIL_AND_PASSWORD, 'fields_required');
    }
    const body = parseBody('POST /api/login', raw);
    if (passwordProblem(body.password) === 'too_long') {
      throw new ValidationError(PASSWORD_MESSAGES.too_long, 'password_too_long');
    }
    return login(
      deps,
      { email: body.email, password: body.password, botCheckPayload: body.turnstileToken },
      ctx(request),
    );
  });

  // Whether the login form must show the bot check for this address now, so the check is on
  // screen before the user submits (the failure counter is per address, known or not, so the
  // answer says nothing about whether an account exists).
  app.post(
    '/api/login/bot-check',
    { config: { rateLimit: AUTH_RATE_LIMITS.loginBotCheck } },
    async (request) => {
      const { email } = parseBody('POST /api/login/bot-check', request.body ?? {});
      return { captchaRequired: await botCheckRequired(deps, email) };
    },
  );

  app.post(
    '/api/forgot-password',
    { config: { rateLimit: AUTH_RATE_LIMITS.forgotPassword } },
    async (request, reply) => {
      const raw = asRecord(request.body);
      if (blank(raw.email)) throw new ValidationError(PLEASE_ENTER_EMAIL, 'fields_required');
      const body = parseBody('POST /api/forgot-password', raw);
      await requireBotCheck(deps.botCheck, body.turnstileToken, {
        purpose: 'password-reset',
        ip: request.ip,
      });
      return reply.code(202).send(requestPasswordReset(deps, body.email, ctx(request)));
    },
  );

  app.post(
    '/api/reset-password/check',
    { config: { rateLimit: AUTH_RATE_LIMITS.resetPassword } },
    async (request) => {
      const { token } = parseBody('POST /api/reset-password/check', request.body ?? {});
      await checkResetLink(deps, token);
      return { valid: true };
    },
  );

  app.post(
    '/api/reset-password',
    { config: { rateLimit: AUTH_RATE_LIMITS.resetPassword } },
    async (request) => {
      const raw = asRecord(request.body);
      if (typeof raw.password !== 'string' || raw.password === '') {
        throw new ValidationError(PLEASE_ENTER_NEW_PASSWORD, 'fields_required');
      }
      const body = parseBody('POST /api/reset-password', raw);
      const problem = passwordProblem(body.password);
      if (problem) throw new ValidationError(PASSWORD_MESSAGES[problem], `password_${problem}`);
      await resetPassword(deps, body.token, body.password, ctx(request));
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  app.get('/api/me', async (request) => {
    const auth = principalOf(request);
    const user = await publicUser(deps, auth.userId);
    if (!user) throw new Unauthorized();
    return { user };
  });

  app.post('/api/logout', async (request, reply) => {
    const auth = principalOf(request);
    await deps.accounts.sessions.revoke(auth.token);
    return reply.code(204).send();
  });

  app.get<Input<'GET /api/verify-email/:token'>>(
    '/api/verify-email/:token',
    { config: { rateLimit: AUTH_RATE_LIMITS.verify } },
    async (request) => {
      const { token } = request.params;
      await checkVerificationToken(deps, token);
      return { valid: true };
    },
  );

  app.post<Input<'POST /api/verify-email/:token'>>(
    '/api/verify-email/:token',
    { config: { rateLimit: AUTH_RATE_LIMITS.verify } },
    async (request) => {
      const { token } = request.params;
      const user = await verifyEmail(deps, token, ctx(request));
      return { message: EMAIL_VERIFIED_MESSAGE, user };
    },
  );

  app.post(
    '/api/resend-verification',
    { config: { rateLimit: AUTH_RATE_LIMITS.resend } },
    async (request, reply) => {
      const body = parseBody('POST /api/resend-verification', request.body ?? {});
      return reply.code(202).send(await resendVerification(deps, body.email));
    },
  );
}
