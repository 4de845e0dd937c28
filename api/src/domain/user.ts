/**
 * The user aggregate (stream `user-{uuid}`): event types, state, `evolve` and `decide`.
 * Pure: no I/O, no clock, no ids made here. Personal fields (name, e-mail, company) arrive
 * already sealed with the user's data key and stay opaque strings to the domain. Secrets
 * (password hashes, session, verification and reset tokens) never enter these events:
 * they live in ordinary tables next to the event store.
 */

import type { SealedField } from './sealed.js';

export type { SealedField } from './sealed.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

// ---------------------------------------------------------------- events

export interface UserRegistered {
  type: 'UserRegistered';
  data: {
    userId: string;
    name: SealedField;
    email: SealedField;
    companyName: SealedField;
    role: Role;
    registeredAt: string;
  };
}
export interface EmailVerified {
  type: 'EmailVerified';
  data: { userId: string; verifiedAt: string };
}
export interface RoleGranted {
  type: 'RoleGranted';
  data: { userId: string; role: Role; grantedAt: string; reason: 'cli' | 'admin_emails' };
}
export interface RoleRevoked {
  type: 'RoleRevoked';
  data: { userId: string; role: Role; revokedAt: string };
}
/** A reset link was mailed (forgot password). No address, no token: those never enter events. */
export interface PasswordResetRequested {
  type: 'PasswordResetRequested';
  data: { userId: string; requestedAt: string };
}
/** The password was replaced through a reset link; every session of the user was ended. */
export interface PasswordChanged {
  type: 'PasswordChanged';
  data: { userId: string; changedAt: string; via: 'reset_link' };
}
/** Carries no personal data: the events stay for audit, the data key is destroyed. */
export interface UserDeleted {
  type: 'UserDeleted';
  data: { userId: string; deletedAt: string };
}

export type UserEvent =
  | UserRegistered
  | EmailVerified
  | RoleGranted
  | RoleRevoked
  | PasswordResetRequested
  | PasswordChanged
  | UserDeleted;
export type UserEventType = UserEvent['type'];
export const USER_EVENT_TYPES: readonly UserEventType[] = [
  'UserRegistered',
  'EmailVerified',
  'RoleGranted',
  'RoleRevoked',
  'PasswordResetRequested',
  'PasswordChanged',
  'UserDeleted',
];

export const userStream = (userId: string): string => `user-${userId}`;
/** Key-ring subject of a user's data key; the same string as the stream name. */
export const userSubject = (userId: string): string => `user-${userId}`;

// ---------------------------------------------------------------- state

export interface ActiveUser {
  status: 'active';
  userId: string;
  name: SealedField;
  email: SealedField;
  companyName: SealedField;
  role: Role;
  emailVerified: boolean;
  registeredAt: string;
}

export type UserState =
  { status: 'empty' } | ActiveUser | { status: 'deleted'; userId: string; deletedAt: string };

export const initialState = (): UserState => ({ status: 'empty' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        status: 'active',
        userId: d.userId,
        name: d.name,
        email: d.email,
        companyName: d.companyName,
        role: d.role,
        emailVerified: false,
        registeredAt: d.registeredAt,
      };
    }
    case 'EmailVerified':
      return state.status === 'active' ? { ...state, emailVerified: true } : state;
    case 'RoleGranted':
      return state.status === 'active' ? { ...state, role: event.data.role } : state;
    case 'RoleRevoked':
      return state.status === 'active' && state.role === event.data.role
        ? { ...state, role: 'user' }
        : state;
    case 'PasswordResetRequested':
    case 'PasswordChanged':
      // Credentials live outside the events; the aggregate's state does not change.
      return state;
    case 'UserDeleted':
      return { status: 'deleted', userId: event.data.userId, deletedAt: event.data.deletedAt };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export const foldUser = (events: readonly UserEvent[]): UserState =>
  events.reduce(evolve, initialState());

// ---------------------------------------------------------------- commands

export interface RegisterUser {
  type: 'RegisterUser';
  data: {
    userId: string;
    name: SealedField;
    email: SealedField;
    companyName: SealedField;
    /** True when the canonical address is listed in ADMIN_EMAILS (decided by the caller). */
    listedAdmin: boolean;
    at: string;
  };
}
export interface VerifyEmail {
  type: 'VerifyEmail';
  data: { userId: string; at: string };
}
export interface GrantRole {
  type: 'GrantRole';
  data: { userId: string; role: Role; reason: 'cli' | 'admin_emails'; at: string };
}
export interface RevokeRole {
  type: 'RevokeRole';
  data: { userId: string; role: Role; at: string };
}
export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  data: { userId: string; at: string };
}
export interface ChangePassword {
  type: 'ChangePassword';
  data: { userId: string; via: 'reset_link'; at: string };
}
export interface DeleteUser {
  type: 'DeleteUser';
  data: { userId: string; at: string };
}

export type UserCommand =
  | RegisterUser
  | VerifyEmail
  | GrantRole
  | RevokeRole
  | RequestPasswordReset
  | ChangePassword
  | DeleteUser;

export type UserRuleCode =
  'user_exists' | 'user_not_found' | 'email_already_verified' | 'invalid_role';

/** A command broke a rule of the aggregate; `http/domainErrors.ts` maps `code` to an HTTP answer. */
export class UserRuleError extends Error {
  constructor(
    readonly code: UserRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'UserRuleError';
  }
}

function active(state: UserState): ActiveUser {
  if (state.status !== 'active') throw new UserRuleError('user_not_found', 'User not found');
  return state;
}

/**
 * The rules of the aggregate. Grants and revocations that change nothing return no events, so a
 * repeated `npm run admin -- grant` or ADMIN_EMAILS check is idempotent.
 */
export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'empty') throw new UserRuleError('user_exists', 'User already exists');
      const d = command.data;
      const events: UserEvent[] = [
        {
          type: 'UserRegistered',
          data: {
            userId: d.userId,
            name: d.name,
            email: d.email,
            companyName: d.companyName,
            role: 'user',
            registeredAt: d.at,
          },
        },
      ];
      if (d.listedAdmin) {
        events.push({
          type: 'RoleGranted',
          data: { userId: d.userId, role: 'admin', grantedAt: d.at, reason: 'admin_emails' },
        });
      }
      return events;
    }
    case 'VerifyEmail': {
      const user = active(state);
      if (user.emailVerified) {
        throw new UserRuleError('email_already_verified', 'Email already verified');
      }
      return [
        { type: 'EmailVerified', data: { userId: user.userId, verifiedAt: command.data.at } },
      ];
    }
    case 'GrantRole': {
      const user = active(state);
      const { role, reason, at } = command.data;
      if (!ROLES.includes(role)) throw new UserRuleError('invalid_role', 'Invalid role');
      if (user.role === role) return [];
      return [{ type: 'RoleGranted', data: { userId: user.userId, role, grantedAt: at, reason } }];
    }
    case 'RevokeRole': {
      const user = active(state);
      const { role, at } = command.data;
      if (role === 'user')
        throw new UserRuleError('invalid_role', 'The user role cannot be revoked');
      if (user.role !== role) return [];
      return [{ type: 'RoleRevoked', data: { userId: user.userId, role, revokedAt: at } }];
    }
    case 'RequestPasswordReset': {
      const user = active(state);
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId: user.userId, requestedAt: command.data.at },
        },
      ];
    }
    case 'ChangePassword': {
      const user = active(state);
      const { via, at } = command.data;
      return [{ type: 'PasswordChanged', data: { userId: user.userId, changedAt: at, via } }];
    }
    case 'DeleteUser': {
      const user = active(state);
      return [{ type: 'UserDeleted', data: { userId: user.userId, deletedAt: command.data.at } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error('unknown command');
    }
  }
}

export const userDecider = { decide, evolve, initialState };
