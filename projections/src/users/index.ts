import { USER_EVENT_TYPES, type UserEvent } from '../../../api/src/domain/user.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';
import { evolveUserRow, type UserRow } from './row.js';

export { evolveUserRow, type UserRow } from './row.js';

/**
 * `users` read model: one row per live account. Personal fields stay sealed with the user's data
 * key (the API opens them), so a crypto-shredded user is unreadable here too. A deleted user
 * leaves only a tombstone (an id), so replaying `UserRegistered` resurrects nothing. The row's
 * change per event is the pure `evolveUserRow` (row.ts); `apply` loads, evolves and upserts.
 */

const COLUMNS = [
  'id',
  'name',
  'email',
  'company_name',
  'role',
  'email_verified',
  'created_at',
  'verified_at',
  'revision',
] as const;

async function load(ctx: ProjectionContext, id: string): Promise<UserRow | null> {
  const r = await ctx.tx.query<UserRow>(
    `SELECT id, name, email, company_name, role, email_verified, created_at::text AS created_at,
            verified_at::text AS verified_at, revision::text AS revision
       FROM ${ctx.table('users')} WHERE id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  tables: ['users', 'user_tombstones'],
  eventTypes: USER_EVENT_TYPES,
  createSql: (table) => [
    `CREATE TABLE ${table('users')} (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      company_name text NOT NULL,
      role text NOT NULL,
      email_verified boolean NOT NULL,
      created_at timestamptz NOT NULL,
      verified_at timestamptz,
      revision bigint NOT NULL
    )`,
    `CREATE INDEX ON ${table('users')} (created_at)`,
    `CREATE TABLE ${table('user_tombstones')} (user_id uuid PRIMARY KEY)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const id = event.data.userId;
    const users = ctx.table('users');
    const dead = await ctx.tx.query(
      `SELECT 1 FROM ${ctx.table('user_tombstones')} WHERE user_id = $1`,
      [id],
    );
    if (dead.rows.length > 0) return;
    const row = await load(ctx, id);
    if (row && BigInt(row.revision) >= recorded.revision) return;
    const next = evolveUserRow(row, event, recorded.revision);
    if (next === null) {
      await ctx.tx.query(`DELETE FROM ${users} WHERE id = $1`, [id]);
      if (event.type === 'UserDeleted') {
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('user_tombstones')} (user_id) VALUES ($1) ON CONFLICT DO NOTHING`,
          [id],
        );
      }
      return;
    }
    if (next === row) return;
    await ctx.tx.query(
      `INSERT INTO ${users} (${COLUMNS.join(', ')})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email,
         company_name = EXCLUDED.company_name, role = EXCLUDED.role,
         email_verified = EXCLUDED.email_verified, verified_at = EXCLUDED.verified_at,
         revision = EXCLUDED.revision`,
      COLUMNS.map((c) => next[c]),
    );
  },
};
