import type { SqlExecutor } from '../db/db.js';

/** A mail the outbox gave up on after its last attempt, as its sender is told. */
export interface UndeliveredMail {
  /** The relay's answer, addresses masked (`outbox.ts` `describe`). */
  reason: string;
  /** When the mail was queued (the owner's Send). */
  queuedAt: string;
}

/**
 * The projects (by key-ring subject) whose newest mail to a doctor was not delivered: the
 * outbox's retries ran out (`dead`). A later mail that went out clears it.
 */
export async function undeliveredDoctorMails(
  db: SqlExecutor,
  subjects: readonly string[],
): Promise<Map<string, UndeliveredMail>> {
  const out = new Map<string, UndeliveredMail>();
  if (subjects.length === 0) return out;
  const r = await db.query<{
    subject_id: string;
    status: string;
    last_error: string | null;
    created_at: Date | string;
  }>(
    `SELECT DISTINCT ON (subject_id) subject_id, status, last_error, created_at
       FROM outbox WHERE kind = 'doctor' AND subject_id = ANY($1)
      ORDER BY subject_id, created_at DESC`,
    [subjects],
  );
  for (const row of r.rows) {
    if (row.status !== 'dead') continue;
    out.set(row.subject_id, {
      reason: row.last_error ?? 'the mail server did not accept it',
      queuedAt: new Date(row.created_at).toISOString(),
    });
  }
  return out;
}
