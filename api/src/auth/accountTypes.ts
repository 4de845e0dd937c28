import type { Role } from '../domain/user.js';

/* The account shapes shared by the auth modules, apart so that none of them imports another in a circle. */

/** The spec's user object (§3), as the API answers it. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  companyName: string;
  emailVerified: boolean;
  role: Role;
  createdAt: string;
}

/** Login and register answers (spec §3 payloads: token, user, requiresVerification, message). */
export interface AuthAnswer {
  token?: string;
  user?: PublicUser;
  requiresVerification: boolean;
  message: string;
}

/** Who a bearer token belongs to, as route guards need it. */
export interface AuthUser {
  userId: string;
  role: Role;
  emailVerified: boolean;
  /** The bearer token itself (logout revokes it). */
  token: string;
}

export interface RequestContext {
  ip: string;
  requestId?: string;
}
