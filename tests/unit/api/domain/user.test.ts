import { describe, expect, it } from 'vitest';
import {
  type UserCommand,
  type UserEvent,
  UserRuleError,
  decide,
  foldUser,
} from '../../../../api/src/domain/user.js';

const userId = '7f1c6c1e-2a8e-4b8e-9f3a-0d6a1b2c3d4e';
const at = '2026-03-05T10:00:00.000Z';

/** given(events).when(command) → events, or the rule error it throws. */
function given(events: UserEvent[]) {
  return {
    when(command: UserCommand) {
      const run = () => decide(command, foldUser(events));
      return {
        then: (expected: UserEvent[]) => expect(run()).toEqual(expected),
        thenThrows: (code: string) => {
          try {
            run();
          } catch (err) {
            expect(err).toBeInstanceOf(UserRuleError);
            expect((err as UserRuleError).code).toBe(code);
            return;
          }
          throw new Error(`expected ${code}`);
        },
      };
    },
  };
}

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    name: 'v1:n',
    email: 'v1:e',
    companyName: 'v1:c',
    role: 'user',
    registeredAt: at,
  },
};
const verified: UserEvent = { type: 'EmailVerified', data: { userId, verifiedAt: at } };
const register: UserCommand = {
  type: 'RegisterUser',
  data: { userId, name: 'v1:n', email: 'v1:e', companyName: 'v1:c', listedAdmin: false, at },
};

describe('user decider', () => {
  it('registers a new user with the role user and the sealed fields as given', () => {
    given([]).when(register).then([registered]);
  });

  it('grants admin in the same decision when the address is listed in ADMIN_EMAILS', () => {
    given([])
      .when({ ...register, data: { ...register.data, listedAdmin: true } })
      .then([
        registered,
        {
          type: 'RoleGranted',
          data: { userId, role: 'admin', grantedAt: at, reason: 'admin_emails' },
        },
      ]);
  });

  it('refuses to register the same user twice', () => {
    given([registered]).when(register).thenThrows('user_exists');
  });

  it('verifies the e-mail once', () => {
    given([registered]).when({ type: 'VerifyEmail', data: { userId, at } }).then([verified]);
    given([registered, verified])
      .when({ type: 'VerifyEmail', data: { userId, at } })
      .thenThrows('email_already_verified');
  });

  it('does not verify an unknown or deleted user', () => {
    given([]).when({ type: 'VerifyEmail', data: { userId, at } }).thenThrows('user_not_found');
    given([registered, { type: 'UserDeleted', data: { userId, deletedAt: at } }])
      .when({ type: 'VerifyEmail', data: { userId, at } })
      .thenThrows('user_not_found');
  });

  it('grants a role once: a repeated grant decides nothing', () => {
    const grant: UserCommand = {
      type: 'GrantRole',
      data: { userId, role: 'admin', reason: 'cli', at },
    };
    const granted: UserEvent = {
      type: 'RoleGranted',
      data: { userId, role: 'admin', grantedAt: at, reason: 'cli' },
    };
    given([registered]).when(grant).then([granted]);
    given([registered, granted]).when(grant).then([]);
  });

  it('revokes admin back to user, and never revokes the user role', () => {
    const granted: UserEvent = {
      type: 'RoleGranted',
      data: { userId, role: 'admin', grantedAt: at, reason: 'cli' },
    };
    given([registered, granted])
      .when({ type: 'RevokeRole', data: { userId, role: 'admin', at } })
      .then([{ type: 'RoleRevoked', data: { userId, role: 'admin', revokedAt: at } }]);
    given([registered])
      .when({ type: 'RevokeRole', data: { userId, role: 'admin', at } })
      .then([]);
    given([registered])
      .when({ type: 'RevokeRole', data: { userId, role: 'user', at } })
      .thenThrows('invalid_role');
  });

  it('deletes a user with an event that carries no personal field', () => {
    given([registered, verified])
      .when({ type: 'DeleteUser', data: { userId, at } })
      .then([{ type: 'UserDeleted', data: { userId, deletedAt: at } }]);
    given([registered, { type: 'UserDeleted', data: { userId, deletedAt: at } }])
      .when({ type: 'DeleteUser', data: { userId, at } })
      .thenThrows('user_not_found');
  });

  it('records a reset request and a password change without any personal field', () => {
    given([registered, verified])
      .when({ type: 'RequestPasswordReset', data: { userId, at } })
      .then([{ type: 'PasswordResetRequested', data: { userId, requestedAt: at } }]);
    given([registered, verified])
      .when({ type: 'ChangePassword', data: { userId, via: 'reset_link', at } })
      .then([{ type: 'PasswordChanged', data: { userId, changedAt: at, via: 'reset_link' } }]);
  });

  it('refuses password resets for an unknown or deleted user', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };
    for (const history of [[], [registered, deleted]]) {
      given(history)
        .when({ type: 'RequestPasswordReset', data: { userId, at } })
        .thenThrows('user_not_found');
      given(history)
        .when({ type: 'ChangePassword', data: { userId, via: 'reset_link', at } })
        .thenThrows('user_not_found');
    }
  });

  it('leaves the state as it was after password events', () => {
    const before = foldUser([registered, verified]);
    const after = foldUser([
      registered,
      verified,
      { type: 'PasswordResetRequested', data: { userId, requestedAt: at } },
      { type: 'PasswordChanged', data: { userId, changedAt: at, via: 'reset_link' } },
    ]);
    expect(after).toEqual(before);
  });

  it('folds verification and roles into the state', () => {
    const state = foldUser([
      registered,
      verified,
      { type: 'RoleGranted', data: { userId, role: 'admin', grantedAt: at, reason: 'cli' } },
    ]);
    expect(state).toMatchObject({ status: 'active', emailVerified: true, role: 'admin' });
  });
});
