import type { AppDeps } from '../deps.js';
import type { PublicUser } from '../contract/auth.js';
import {
  foldUser,
  userStream,
  userSubject,
  type ActiveUser,
  type UserEvent,
} from '../domain/user.js';
import { userProfile } from '../../../projections/src/users/queries.js';

/** The spec's user object, its personal fields opened with the user's key. */
export async function toPublicUser(
  deps: Pick<AppDeps, 'keys'>,
  user: ActiveUser,
): Promise<PublicUser> {
  const subject = userSubject(user.userId);
  const [name, email, companyName] = await Promise.all([
    deps.keys.open(subject, 'name', user.name),
    deps.keys.open(subject, 'email', user.email),
    deps.keys.open(subject, 'companyName', user.companyName),
  ]);
  return {
    id: user.userId,
    name: name ?? '',
    email: email ?? '',
    companyName: companyName ?? '',
    emailVerified: user.emailVerified,
    role: user.role,
    createdAt: user.registeredAt,
  };
}

/** The user from the read model (falls back to the stream while the projection catches up). */
export async function publicUser(
  deps: Pick<AppDeps, 'db' | 'keys' | 'store'>,
  userId: string,
): Promise<PublicUser | null> {
  const row = await userProfile(deps.db, userId);
  if (row) {
    return toPublicUser(deps, {
      status: 'active',
      userId: row.id,
      name: row.name,
      email: row.email,
      companyName: row.companyName,
      role: row.role,
      emailVerified: row.emailVerified,
      registeredAt: new Date(row.createdAt).toISOString(),
    });
  }
  const recorded = await deps.store.readStream(userStream(userId));
  const state = foldUser(recorded.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
  return state.status === 'active' ? toPublicUser(deps, state) : null;
}
