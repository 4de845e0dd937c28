/**
 * The composition root: builds every adapter once from the configuration. main.ts and the
 * integration tests both use it, so tests run the same wiring as production.
 */
import { createHmac } from 'node:crypto';
import { startAnswerInvalidation } from './answers/answerInvalidation.js';
import { PreparedAnswers } from './answers/preparedAnswers.js';
import { ProjectSearchTexts } from './reads/searchTexts.js';
import { CandidateLists } from './reads/candidateLists.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { startProjections } from '../../projections/src/runner.js';
import { allProjections } from '../../projections/src/registry.js';
import { openBlobStore } from './blobs/open.js';
import { startBlobSweeper } from './blobs/sweeper.js';
import { closeMeshPool } from '../../wasm/src/node.js';
import { createMeshSanitizer } from './mesh/wasmSanitizer.js';
import { Accounts } from './auth/accounts.js';
import { AfterAnswer } from './commands/afterAnswer.js';
import { PasswordHasher } from './auth/passwords.js';
import { createBotCheck } from './botcheck/index.js';
import type { Config } from './config.js';
import { FileKeyVault } from './crypto/fileKeyVault.js';
import { findLegacyKek } from './crypto/legacyKek.js';
import { openKeyring } from './crypto/openKeyring.js';
import { openDb } from './db/open.js';
import type { AppDeps } from './deps.js';
import { OutboxSender, Outbox, type OutboxSenderOptions } from './mail/outbox.js';
import { projectIdOfSubject } from './domain/project.js';
import { CommentMails } from './mail/commentMails.js';
import { ViewWorkerPool } from './mesh/viewWorkerPool.js';
import { FileMailer, SmtpMailer, verifyMailRelay } from './mail/transports.js';
import { startRetentionSweeper } from './retention/sweep.js';
import { openEventStore } from './store/open.js';
import { PinGuard } from './links/pinGuard.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Project answers kept per process (a few kB each). */
const PREPARED_ANSWERS_MAX = 5_000;
/** Another process's write shows here within this (plus one checkpoint read). */
const ANSWER_INVALIDATION_INTERVAL_MS = 200;

export interface Composed {
  deps: AppDeps;
  /** Stops background work and closes connections, in reverse order of creation. */
  close(): Promise<void>;
}

export interface CreateDepsOptions {
  /** Run the mail sender loop in this process (default true; the admin CLI turns it off). */
  mailSender?: boolean;
  /** The mail sender's retries (default: `OutboxSender`'s, about 24 hours); tests shorten them. */
  mailRetries?: Pick<OutboxSenderOptions, 'maxAttempts' | 'backoffMs'>;
  /**
   * Run the sweepers in this process: orphan blobs every 15 minutes, expired anonymous projects
   * at start-up and daily. Default: wherever the mail sender runs (serving processes); the
   * operator CLIs run neither, so a dry run changes nothing.
   */
  sweepers?: boolean;
  /** The clock (default the system clock); tests move it to reach expiries. */
  now?: () => Date;
}

export async function createDeps(
  config: Config,
  log: Logger,
  options: CreateDepsOptions = {},
): Promise<Composed> {
  const closers: (() => Promise<void>)[] = [];
  const sweepers = options.sweepers ?? options.mailSender !== false;
  const close = async () => {
    for (const c of closers.reverse()) {
      try {
        await c();
      } catch (err) {
        log.error({ err }, 'close failed');
      }
    }
  };
  try {
    const db = await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      onError: (err) => log.warn({ err }, 'database connection error'),
    });
    closers.push(() => db.close());

    const store = await openEventStore({
      kind: config.EVENT_STORE,
      db,
      esdbUrl: config.ESDB_URL,
    });
    closers.push(() => store.close());

    // Data keys wrapped by per-bucket epoch keys kept outside the database.
    const {
      keys,
      secrets,
      close: closeKeyring,
    } = await openKeyring({
      db,
      vault: new FileKeyVault(config.keyringDir),
      buckets: config.KEYRING_BUCKETS,
      legacy: findLegacyKek({ kekBase64: config.CUSP_KEK, dataDir: config.dataDir }),
      log: log.child({ component: 'keyring' }),
    });
    closers.push(closeKeyring);

    const projections = await startProjections({
      db,
      store,
      log: log.child({ component: 'projections' }),
      projections: allProjections(),
      run: config.PROJECTIONS === 'inline',
    });
    closers.push(() => projections.stop());

    // Prepared project answers of this process, dropped as the read models apply events.
    const answers = new PreparedAnswers(PREPARED_ANSWERS_MAX, () => now().getTime());
    const searchTexts = new ProjectSearchTexts();
    const candidateLists = new CandidateLists();
    answers.onInvalidate((projectId) => {
      if (projectId === null) searchTexts.clear();
      else searchTexts.forget(projectId);
      candidateLists.clear();
    });
    closers.push(
      startAnswerInvalidation({
        store,
        projections,
        answers,
        log: log.child({ component: 'answers' }),
        intervalMs: ANSWER_INVALIDATION_INTERVAL_MS,
      }),
    );

    // Project files: a local folder, or an S3-compatible service (BLOB_STORE=s3).
    const { blobs, close: closeBlobs } = await openBlobStore(
      config,
      log.child({ component: 'blobs' }),
    );
    closers.push(closeBlobs);
    const now = options.now ?? (() => new Date());
    if (sweepers) {
      // Blobs no event references (a crash between write and append) are removed once older than
      // BLOB_SWEEP_GRACE_SECONDS (an hour by default), at start-up and every 15 minutes.
      const stopSweeper = startBlobSweeper({
        blobs,
        store,
        graceMs: config.BLOB_SWEEP_GRACE_SECONDS * 1000,
        intervalMs: 15 * 60_000,
        now,
        log: log.child({ component: 'blob-sweeper' }),
      });
      closers.push(async () => stopSweeper());
    }
    const mesh = createMeshSanitizer();
    // The mesh worker threads (upload validation, DCM conversion) end with the process.
    closers.push(() => closeMeshPool());
    // View derivatives are built in one long-lived worker thread (spawned on first use).
    const views = new ViewWorkerPool();
    closers.push(() => views.close());

    // Accounts, bot check and mail.
    const mailer = config.SMTP_URL
      ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : new FileMailer(
          join(config.dataDir, 'outbox'),
          config.MAIL_FROM,
          log.child({ component: 'mail' }),
        );
    closers.push(() => mailer.close());
    const outbox = new Outbox(db, keys, mailer);
    if (options.mailSender !== false) {
      // Not awaited: a slow relay must not hold start-up; the line follows within its timeouts.
      if (mailer instanceof SmtpMailer && config.SMTP_URL) {
        void verifyMailRelay(mailer, config.SMTP_URL, log.child({ component: 'mail' }));
      }
      const sender = new OutboxSender({
        db,
        keys,
        mailer,
        log: log.child({ component: 'mail' }),
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        ...options.mailRetries,
        // A link mail given up: this process's kept answers of the project say so from now on
        // (another process's, at the project's next event).
        onDead: ({ subjectId }) => {
          const projectId = projectIdOfSubject(subjectId);
          if (projectId) answers.invalidateProject(projectId);
        },
      });
      await sender.start();
      closers.push(() => sender.stop());
    }
    const botCheck = createBotCheck({
      config,
      db,
      now,
      secrets: {
        signature: secrets.altchaSignature.toString('base64url'),
        keySignature: secrets.altchaKeySignature.toString('base64url'),
      },
      onError: (err) => log.warn({ err }, 'bot check failed closed'),
    });
    const hasher = new PasswordHasher();
    const accounts = new Accounts({ db, store, hasher, lookupKey: secrets.emailLookup, now });
    // Resend and reset requests answered but still mailing finish before the database closes.
    const afterAnswer = new AfterAnswer();
    closers.push(() => afterAnswer.idle());

    const webRoot = join(repoRoot, 'web', 'dist');
    const deps: AppDeps = {
      config,
      log,
      db,
      store,
      keys,
      projections,
      answers,
      searchTexts,
      candidateLists,
      blobs,
      mesh,
      views,
      accounts,
      afterAnswer,
      botCheck,
      outbox,
      commentMails: new CommentMails(db),
      mailer,
      links: {
        // Derived, not a keyring secret of its own: installs made before it keep starting.
        key: createHmac('sha256', secrets.emailLookup)
          .update('cusp public-link grants v1')
          .digest(),
        hasher,
        pins: new PinGuard(db),
      },
      now,
      webRoot: existsSync(join(webRoot, 'index.html')) ? webRoot : undefined,
    };
    if (sweepers) {
      // Anonymous projects are deleted 365 days after creation.
      const stopRetention = startRetentionSweeper({
        ...deps,
        log: log.child({ component: 'retention' }),
      });
      closers.push(stopRetention);
    }
    return { deps, close };
  } catch (err) {
    await close();
    throw err;
  }
}
