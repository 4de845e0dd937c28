import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { KeyRing } from '../crypto/keyRing.js';
import type { Db, SqlExecutor } from '../db/db.js';
import type { MailMessage, Mailer } from './mailer.js';

export const OUTBOX_CHANNEL = 'cusp_outbox';
const SEAL_FIELD = 'outbox';

/** A mail ready to be inserted: sealed outside any transaction (the key ring uses the pool). */
export interface PreparedMail {
  id: string;
  kind: string;
  subjectId: string;
  sealed: string;
}

export interface EnqueueInput {
  /** What the mail is (`verification`, `welcome`, `doctor`, …): for operators, never personal. */
  kind: string;
  /** Key-ring subject whose data key seals the message (`user-<id>`, `project-<id>`). */
  subjectId: string;
  message: MailMessage;
}

/**
 * The outbox: a request records the mail; `OutboxSender` delivers it.
 * Two steps so a caller can record mails in its own transaction:
 *   const prepared = await outbox.prepare(input);          // before the transaction
 *   await db.transaction((tx) => outbox.add(prepared, tx)); // inside it
 * or simply `await outbox.enqueue(input)`.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly keys: KeyRing,
    private readonly mailer: Mailer,
  ) {}

  async prepare(input: EnqueueInput): Promise<PreparedMail> {
    const sealed = await this.keys.seal(input.subjectId, SEAL_FIELD, JSON.stringify(input.message));
    return { id: randomUUID(), kind: input.kind, subjectId: input.subjectId, sealed };
  }

  async add(mail: PreparedMail, exec: SqlExecutor = this.db): Promise<string> {
    await exec.query('INSERT INTO outbox (id, kind, subject_id, message) VALUES ($1, $2, $3, $4)', [
      mail.id,
      mail.kind,
      mail.subjectId,
      mail.sealed,
    ]);
    // A wake-up for the sender; polling covers a lost notification.
    await exec.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, mail.id]);
    return mail.id;
  }

  async enqueue(input: EnqueueInput, exec?: SqlExecutor): Promise<string> {
    return this.add(await this.prepare(input), exec);
  }

  /**
   * A deleted subject's mails: unsent ones can no longer be opened (their seal shreds with the
   * key); the copies the transport keeps of sent ones (the embedded `.eml` files) go now.
   */
  async forget(subjectId: string): Promise<void> {
    const r = await this.db.query<{ id: string }>('SELECT id FROM outbox WHERE subject_id = $1', [
      subjectId,
    ]);
    if (r.rows.length > 0) await this.mailer.discard(r.rows.map((row) => row.id));
  }
}

export interface OutboxSenderOptions {
  db: Db;
  keys: KeyRing;
  mailer: Mailer;
  log: Logger;
  /** Delay before attempt `n + 1` after `n` failures (default: 2 s doubling to 10 min, ±20 %). */
  backoffMs?: (failures: number) => number;
  /** After this many attempts the row is dead-lettered (default 150 ≈ 24 h with the default backoff). */
  maxAttempts?: number;
  /** How often due rows are looked for without a notification (default 2 s). */
  pollMs?: number;
  /** A row stuck in `sending` (crashed sender) is retried after this (default 2 min). */
  lockMs?: number;
  /** Told of each mail given up after its last attempt (the owner's answers show it). */
  onDead?: (mail: { id: string; kind: string; subjectId: string }) => void;
}

export function defaultBackoff(failures: number): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, failures - 1), 10 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

interface ClaimedRow {
  id: string;
  kind: string;
  subject_id: string;
  message: string | null;
  attempts: number;
}

/**
 * Delivers outbox rows: claims one due row at a time (`FOR UPDATE SKIP LOCKED`, so several
 * senders never take the same row), sends it, and marks it sent — or schedules a retry with
 * backoff. Each row is handed to the transport until one send succeeds, then never again; the
 * Message-ID is the row id, so even the crash window between send and mark is recognisable.
 */
export class OutboxSender {
  private readonly backoff: (failures: number) => number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Not started (or stopped): notifications and polls are ignored. */
  private stopped = true;
  /** Set by stop(): a pass in progress ends after its current row. */
  private halted = false;

  constructor(private readonly opts: OutboxSenderOptions) {
    this.backoff = opts.backoffMs ?? defaultBackoff;
    this.maxAttempts = opts.maxAttempts ?? 150;
    this.pollMs = opts.pollMs ?? 2_000;
    this.lockMs = opts.lockMs ?? 120_000;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.halted = false;
    this.unlisten = await this.opts.db.listen(OUTBOX_CHANNEL, () => this.kick());
    const tick = () => {
      this.timer = setTimeout(() => {
        this.kick();
        if (!this.stopped) tick();
      }, this.pollMs);
      this.timer.unref();
    };
    tick();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.running;
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((err: unknown) => this.opts.log.error({ err }, 'outbox pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends every due row; returns how many were delivered. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.halted) break;
      const row = await this.claim();
      if (!row) break;
      if (await this.deliver(row)) sent += 1;
    }
    return sent;
  }

  private async claim(): Promise<ClaimedRow | undefined> {
    const r = await this.opts.db.query<ClaimedRow>(
      `UPDATE outbox SET status = 'sending', attempts = attempts + 1,
              locked_until = now() + make_interval(secs => $1::double precision)
        WHERE id = (
          SELECT id FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND locked_until < now())
           ORDER BY next_attempt_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, subject_id, message, attempts`,
      [this.lockMs / 1000],
    );
    return r.rows[0];
  }

  private async deliver(row: ClaimedRow): Promise<boolean> {
    const { log, keys, mailer, db } = this.opts;
    let message: MailMessage | null = null;
    try {
      const opened = row.message ? await keys.open(row.subject_id, SEAL_FIELD, row.message) : null;
      message = opened ? (JSON.parse(opened) as MailMessage) : null;
    } catch (err) {
      log.error({ err, mailId: row.id }, 'outbox message unreadable');
    }
    if (!message) {
      // The subject was shredded (or the row tampered with): nothing may be sent any more.
      await db.query(
        `UPDATE outbox SET status = 'dead', message = NULL, locked_until = NULL,
                last_error = 'message unreadable (subject deleted?)' WHERE id = $1`,
        [row.id],
      );
      return false;
    }
    try {
      await mailer.send(row.id, message);
    } catch (err) {
      const reason = describe(err);
      const dead = row.attempts >= this.maxAttempts;
      const delay = this.backoff(row.attempts);
      await db.query(
        `UPDATE outbox SET status = $2, locked_until = NULL, last_error = $3,
                next_attempt_at = now() + make_interval(secs => $4::double precision),
                message = CASE WHEN $2 = 'dead' THEN NULL ELSE message END
          WHERE id = $1`,
        [row.id, dead ? 'dead' : 'pending', reason, delay / 1000],
      );
      if (dead) {
        log.error({ mailId: row.id, kind: row.kind, reason }, 'mail dead-lettered');
        this.opts.onDead?.({ id: row.id, kind: row.kind, subjectId: row.subject_id });
      } else
        log.warn(
          { mailId: row.id, kind: row.kind, attempt: row.attempts, reason, retryInMs: delay },
          'mail send failed; will retry',
        );
      return false;
    }
    // Sent: the sealed message is dropped, only the bookkeeping stays.
    await db.query(
      `UPDATE outbox SET status = 'sent', sent_at = now(), message = NULL, locked_until = NULL,
              last_error = NULL WHERE id = $1`,
      [row.id],
    );
    // The subject was deleted while this mail was on its way: `Outbox.forget` may have run
    // before the transport kept its copy, so the copy goes now.
    if (await keys.isShredded(row.subject_id)) await mailer.discard([row.id]);
    log.info({ mailId: row.id, kind: row.kind, attempt: row.attempts }, 'mail sent');
    return true;
  }
}

/** An error summary without addresses (SMTP replies often quote the recipient). */
function describe(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e.code, e.responseCode].filter((x) => x !== undefined).map(String);
  const msg = typeof e.message === 'string' ? e.message.replace(/\S+@\S+/g, '[address]') : 'error';
  return [...parts, msg.slice(0, 200)].join(' ');
}
