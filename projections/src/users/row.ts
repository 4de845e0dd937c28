import type { UserEvent } from '../../../api/src/domain/user.js';

/** A row of `users`: one live account, personal fields sealed with the user's key. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  company_name: string;
  role: 'user' | 'admin';
  email_verified: boolean;
  created_at: string;
  verified_at: string | null;
  /** Stream revision of the last applied event (replays of older events are ignored). */
  revision: string;
}

/** Pure: the row after one event; null means no row (never registered, or deleted). */
export function evolveUserRow(
  row: UserRow | null,
  event: UserEvent,
  revision: bigint,
): UserRow | null {
  const rev = revision.toString();
  switch (event.type) {
    case 'UserRegistered': {
      if (row) return row;
      const d = event.data;
      return {
        id: d.userId,
        name: d.name,
        email: d.email,
        company_name: d.companyName,
        role: d.role,
        email_verified: false,
        created_at: d.registeredAt,
        verified_at: null,
        revision: rev,
      };
    }
    case 'EmailVerified':
      return (
        row && { ...row, email_verified: true, verified_at: event.data.verifiedAt, revision: rev }
      );
    case 'RoleGranted':
      return row && { ...row, role: event.data.role, revision: rev };
    case 'RoleRevoked':
      return (
        row && { ...row, role: row.role === event.data.role ? 'user' : row.role, revision: rev }
      );
    case 'PasswordResetRequested':
    case 'PasswordChanged':
      return row;
    case 'UserDeleted':
      return null;
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}
