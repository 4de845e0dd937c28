import type {
  AuthAnswer,
  ForgotPasswordBody,
  LoginBody,
  LoginBotCheckAnswer,
  MeAnswer,
  MessageAnswer,
  RegisterBody,
  ResendVerificationBody,
  VerifyEmailAnswer,
} from './contract';
import { api } from './client';
import { paths } from './paths';

/** Accounts: sign-in, registration, the session, the mailed links. */
export const authApi = {
  login: (body: LoginBody) => api.post<AuthAnswer>(paths.login, body, { auth: false }),
  loginBotCheck: (email: string, signal?: AbortSignal) =>
    api.post<LoginBotCheckAnswer>(paths.loginBotCheck, { email }, { auth: false, signal }),
  register: (body: RegisterBody) => api.post<AuthAnswer>(paths.register, body, { auth: false }),
  logout: () => api.post<void>(paths.logout),
  me: () => api.get<MeAnswer>(paths.me),
  /** Whether a verification link is still usable (GET), without using it. */
  checkVerification: (token: string) =>
    api.get<{ valid: true }>(paths.verifyEmail(token), { auth: false }),
  verifyEmail: (token: string) =>
    api.post<VerifyEmailAnswer>(paths.verifyEmail(token), undefined, { auth: false }),
  /** A new verification link for an address waiting for one; the same answer for any address. */
  resendVerification: (body: ResendVerificationBody) =>
    api.post<MessageAnswer>(paths.resendVerification, body, { auth: false }),
  forgotPassword: (body: ForgotPasswordBody) =>
    api.post<MessageAnswer>(paths.forgotPassword, body, { auth: false }),
  checkReset: (token: string) =>
    api.post<{ valid: true }>(paths.resetPasswordCheck, { token }, { auth: false }),
  resetPassword: (token: string, password: string) =>
    api.post<MessageAnswer>(paths.resetPassword, { token, password }, { auth: false }),
};
