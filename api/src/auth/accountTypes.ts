import type { Role } from '../domain/user.js';

/* The account shapes shared by the auth modules, apart so that none of them imports another in a circle. */

/** The public user object and the login and register answers: the API contract's types. */
export type { AuthAnswer, PublicUser } from '../contract/auth.js';

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
