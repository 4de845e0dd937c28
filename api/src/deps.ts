import type { Logger } from 'pino';
import type { PreparedAnswers } from './answers/preparedAnswers.js';
import type { Accounts } from './auth/accounts.js';
import type { AfterAnswer } from './commands/afterAnswer.js';
import type { PasswordHasher } from './auth/passwords.js';
import type { PinGuard } from './links/pinGuard.js';
import type { BlobStore } from './blobs/blobStore.js';
import type { MeshSanitizer } from './mesh/meshIngest.js';
import type { Config } from './config.js';
import type { KeyRing } from './crypto/keyRing.js';
import type { BotCheck } from './botcheck/botCheck.js';
import type { Mailer } from './mail/mailer.js';
import type { ViewBuilder } from './mesh/viewWorkerPool.js';
import type { Outbox } from './mail/outbox.js';
import type { CommentMails } from './mail/commentMails.js';
import type { Db } from './db/db.js';
import type { EventStore } from './store/eventStore.js';
import type { ProjectionsHandle } from './store/projectionsHandle.js';
import type { ProjectSearchTexts } from './reads/searchTexts.js';
import type { CandidateLists } from './reads/candidateLists.js';

export type { ProjectionsHandle };

/** The adapters every route factory receives; built once by `createDeps` (compose.ts). */
export interface AppDeps {
  config: Config;
  log: Logger;
  db: Db;
  store: EventStore;
  /** Per-subject data keys: seal/open personal fields, crypto-shred on deletion. */
  keys: KeyRing;
  projections: ProjectionsHandle;
  /** Prepared project answers, dropped when the read models apply an event of their project. */
  answers: PreparedAnswers;
  /** Opened, normalised search strings of projects, dropped with the prepared answers. */
  searchTexts: ProjectSearchTexts;
  /** Project search candidate lists (ids, revisions) per scope and filter, dropped likewise. */
  candidateLists: CandidateLists;
  /** Encrypted project files; callers encrypt with `blobs/encrypted.ts`. */
  blobs: BlobStore;
  /** Server-side validate-and-sanitise of uploaded meshes (the wasm module). */
  mesh: MeshSanitizer;
  /** Builds viewer derivatives (GLB + brotli) in a worker thread, off the event loop. */
  views: ViewBuilder;
  /** Account primitives: credential rows, sessions, tokens, rate limits, `authenticate`. */
  accounts: Accounts;
  /** Work started by a request and finished after its answer (resend and reset mails). */
  afterAnswer: AfterAnswer;
  /** Bot check of the configured provider (ALTCHA default, Turnstile by config). */
  botCheck: BotCheck;
  /** Mail outbox: `enqueue` records a mail; the sender loop delivers it with retries. */
  outbox: Outbox;
  /** The technician's comment-mail setting and the per-project digest counters. */
  commentMails: CommentMails;
  /** The transport the sender uses (SMTP or `.eml` files). */
  mailer: Mailer;
  /** Public-link control: the key of PIN grants and view-log hashes, PIN hashing and lockout. */
  links: { key: Buffer; hasher: PasswordHasher; pins: PinGuard };
  /** The clock lives here, never inside domain functions. */
  now: () => Date;
  /** Built web app (`web/dist`), when present. */
  webRoot: string | undefined;
}
