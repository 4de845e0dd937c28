import type { SqlExecutor } from '../../../api/src/db/db.js';
import type { UserRow } from './row.js';

export type { UserRow } from './row.js';

/** ISO-8601 UTC with milliseconds, computed by the database (same text on both drivers). */
const isoSql = (col: string) =>
  `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A live user's profile, personal fields sealed. */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  companyName: string;
  role: UserRow['role'];
  emailVerified: boolean;
  createdAt: Date | string;
}

/** A live user's sealed profile; null when the read model has no row. */
export async function userProfile(db: SqlExecutor, userId: string): Promise<UserProfile | null> {
  const r = await db.query<UserProfile>(
    `SELECT id, name, email, company_name AS "companyName", role,
            email_verified AS "emailVerified", created_at AS "createdAt"
       FROM users WHERE id = $1`,
    [userId],
  );
  return r.rows[0] ?? null;
}

/** What route guards need of a user; null when the read model has no row. */
export async function userAccess(
  db: SqlExecutor,
  userId: string,
): Promise<Pick<UserProfile, 'role' | 'emailVerified'> | null> {
  const r = await db.query<Pick<UserProfile, 'role' | 'emailVerified'>>(
    'SELECT role, email_verified AS "emailVerified" FROM users WHERE id = $1',
    [userId],
  );
  return r.rows[0] ?? null;
}

/** A user's sealed address and name, for mail; null when there is no such live user. */
export async function userContact(
  db: SqlExecutor,
  userId: string,
): Promise<Pick<UserRow, 'email' | 'name'> | null> {
  const r = await db.query<Pick<UserRow, 'email' | 'name'>>(
    'SELECT email, name FROM users WHERE id::text = $1',
    [userId],
  );
  return r.rows[0] ?? null;
}

/** Id, sealed name and company of the live users among `ids` (any text; non-ids match none). */
export async function userNameRows(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<Pick<UserProfile, 'id' | 'name' | 'companyName'>[]> {
  const r = await db.query<Pick<UserProfile, 'id' | 'name' | 'companyName'>>(
    `SELECT id::text AS id, name, company_name AS "companyName"
       FROM users WHERE id::text = ANY($1::text[])`,
    [ids],
  );
  return r.rows;
}

/** A user of the admin lists: sealed fields and the project figures of `user_stats`. */
export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  companyName: string;
  role: string;
  emailVerified: boolean;
  createdAt: string;
  projectCount: number;
  totalStorage: string;
}

/** The admin user list's SELECT, without order or filter (the admin benchmark measures it). */
export const ADMIN_USERS_SQL = `
  SELECT u.id::text AS id, u.name, u.email, u.company_name AS "companyName", u.role,
         u.email_verified AS "emailVerified",
         ${isoSql('u.created_at')} AS "createdAt",
         COALESCE(s.total, 0)::int AS "projectCount",
         COALESCE(s.storage_bytes, 0)::bigint::text AS "totalStorage"
    FROM users u LEFT JOIN user_stats s ON s.user_id = u.id::text`;

/** Every live user, newest first. */
export async function adminUserRows(db: SqlExecutor): Promise<AdminUserRow[]> {
  const r = await db.query<AdminUserRow>(`${ADMIN_USERS_SQL} ORDER BY u.created_at DESC, u.id`);
  return r.rows;
}

/** One live user of the admin lists; null when there is none. */
export async function adminUserRow(db: SqlExecutor, userId: string): Promise<AdminUserRow | null> {
  const r = await db.query<AdminUserRow>(`${ADMIN_USERS_SQL} WHERE u.id = $1::uuid`, [userId]);
  return r.rows[0] ?? null;
}

/** Id and sealed name of the live users among `ids` (well-formed UUIDs only). */
export async function userNamesByIds(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<Pick<UserRow, 'id' | 'name'>[]> {
  const r = await db.query<Pick<UserRow, 'id' | 'name'>>(
    'SELECT id::text AS id, name FROM users WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return r.rows;
}
