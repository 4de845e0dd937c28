import { create } from 'zustand';
import { authApi } from '../api/auth';
import { ApiError, TOKEN_KEY, USER_DATA_KEY } from '../api/client';
import type { AuthAnswer, PublicUser, RegisterBody } from '../api/contract';
import {
  LOGIN_FAILED,
  LOGIN_FAILED_INVALID_RESPONSE,
  PLEASE_VERIFY_EMAIL_BEFORE_LOGIN,
  REGISTRATION_FAILED,
  REGISTRATION_SUCCESSFUL_VERIFY_BEFORE_LOGIN,
} from '../messages';
import { navigateTo } from '../navigation/navigator';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Raised by login/register when the server wants the e-mail verified first; no session exists. */
export class VerificationRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationRequiredError';
  }
}

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: PublicUser | null;
  /** Restores the session from localStorage; call once at start-up. */
  init: () => void;
  /** POST /api/login; on success the session is stored. Throws with the message to show. */
  login: (email: string, password: string, turnstileToken?: string) => Promise<PublicUser>;
  /** POST /api/register; throws VerificationRequiredError when the e-mail must be verified. */
  register: (data: RegisterBody) => Promise<PublicUser>;
  /** POST /api/logout, then clears the session and goes to /login even if the call failed. */
  logout: () => Promise<void>;
  /** GET /api/me; logs out when the error mentions Unauthorized or 401, rethrows other errors. */
  refresh: () => Promise<PublicUser | null>;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Parses stored userData; anything that is not an object with an id counts as missing. */
export function parseUserData(raw: string | null): PublicUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as PublicUser).id === 'string') {
      return value as PublicUser;
    }
  } catch {
    // corrupt JSON counts as missing user data
  }
  return null;
}

function persist(token: string, user: PublicUser): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, token);
  s?.setItem(USER_DATA_KEY, JSON.stringify(user));
}

function clearStored(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_DATA_KEY);
}

/** True when an error from /api/me means the session is gone. */
export function isUnauthorizedError(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401) return true;
  const text = err instanceof Error ? err.message : String(err);
  return /unauthorized|401/i.test(text);
}

function acceptAuth(res: AuthAnswer, fallbackVerify: string, invalid: string) {
  if (res.requiresVerification) {
    throw new VerificationRequiredError(res.message || fallbackVerify);
  }
  if (!res.token || !res.user) throw new Error(invalid);
  return { token: res.token, user: res.user };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'loading',
  token: null,
  user: null,

  init: () => {
    const s = storage();
    const token = s?.getItem(TOKEN_KEY) ?? null;
    const user = parseUserData(s?.getItem(USER_DATA_KEY) ?? null);
    if (token && user) {
      set({ status: 'authenticated', token, user });
      // Check the restored token in the background; a revoked one logs out (refresh does that).
      get()
        .refresh()
        .catch((err: unknown) => console.warn('session check failed', err));
      return;
    }
    // A token without user data is a broken session: log out.
    clearStored();
    set({ status: 'unauthenticated', token: null, user: null });
  },

  login: async (email, password, turnstileToken) => {
    let res: AuthAnswer;
    try {
      res = await authApi.login(
        turnstileToken ? { email, password, turnstileToken } : { email, password },
      );
    } catch (err) {
      throw new Error(
        err instanceof ApiError ? (err.serverMessage ?? LOGIN_FAILED) : LOGIN_FAILED,
        {
          cause: err,
        },
      );
    }
    const { token, user } = acceptAuth(
      res,
      PLEASE_VERIFY_EMAIL_BEFORE_LOGIN,
      LOGIN_FAILED_INVALID_RESPONSE,
    );
    persist(token, user);
    set({ status: 'authenticated', token, user });
    return user;
  },

  register: async (data) => {
    let res: AuthAnswer;
    try {
      res = await authApi.register(data);
    } catch (err) {
      throw new Error(
        err instanceof ApiError ? (err.serverMessage ?? REGISTRATION_FAILED) : REGISTRATION_FAILED,
        { cause: err },
      );
    }
    const { token, user } = acceptAuth(
      res,
      REGISTRATION_SUCCESSFUL_VERIFY_BEFORE_LOGIN,
      REGISTRATION_FAILED,
    );
    persist(token, user);
    set({ status: 'authenticated', token, user });
    return user;
  },

  logout: async () => {
    try {
      if (get().token) await authApi.logout();
    } catch (err) {
      console.warn('logout call failed; clearing the session anyway', err);
    } finally {
      clearStored();
      set({ status: 'unauthenticated', token: null, user: null });
      navigateTo('/login');
    }
  },

  refresh: async () => {
    const token = get().token;
    if (!token) return null;
    try {
      const { user } = await authApi.me();
      // Ignore an answer that arrives after a logout or a new login.
      if (get().token !== token) return get().user;
      persist(token, user);
      set({ user, status: 'authenticated' });
      return user;
    } catch (err) {
      if (isUnauthorizedError(err)) {
        await get().logout();
        return null;
      }
      throw err;
    }
  },
}));
