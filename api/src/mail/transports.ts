import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from 'pino';
import { shredFile } from '../crypto/durableFiles.js';
import { headerSafe, type MailMessage, type Mailer } from './mailer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function messageIdDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)/.exec(from);
  return m?.[1] ?? 'cusp.local';
}

function envelope(from: string, id: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: headerSafe(message.subject),
    text: message.text,
    html: message.html,
    messageId: `<${id}@${messageIdDomain(from)}>`,
    // Plain `to` only: no display names built from user input.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** SMTP_URL set: real delivery, with timeouts so a slow relay cannot hold the sender (F11). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const options: SMTPTransport.Options = {
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    };
    this.transport = nodemailer.createTransport(options);
  }

  async send(id: string, message: MailMessage): Promise<void> {
    await this.transport.sendMail(envelope(this.from, id, message));
  }

  /**
   * Connects, says hello, negotiates TLS (STARTTLS when offered, certificate checked) and logs in
   * as a send would, without sending. Start-up logs its outcome as one line
   * (`verifyMailRelay`): a relay whose certificate is not trusted fails here, not silently later.
   */
  async verify(): Promise<void> {
    await this.transport.verify();
  }

  async discard(): Promise<void> {
    // Nothing is kept here: delivered mail is the recipient's.
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * The embedded default: each mail becomes `<dir>/<outbox id>.eml` (written to a temp name, then
 * renamed, so a half-written file never appears; a retry overwrites the same file). Its devLink
 * is logged so a local user can verify without a mail server.
 *
 * A development mailbox, not a mail system: the files are plain text. When a project or user is
 * deleted, its mails' files are overwritten and removed (`discard`); production sends by SMTP.
 */
export class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(id: string, message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail(envelope(this.from, id, message))) as {
      message: Buffer;
    };
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = join(this.dir, `${id}.eml`);
    writeFileSync(`${file}.tmp`, info.message, { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
    if (message.devLink) {
      this.log.info(
        { mailId: id, file, link: message.devLink },
        `mail written; open ${message.devLink}`,
      );
    } else {
      this.log.info({ mailId: id, file }, 'mail written');
    }
  }

  async discard(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      if (!UUID.test(id)) continue;
      const file = join(this.dir, `${id}.eml`);
      await shredFile(`${file}.tmp`);
      await shredFile(file);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** Verifies the SMTP relay once and logs one line saying whether mail can go out. */
export async function verifyMailRelay(
  mailer: SmtpMailer,
  url: string,
  log: Logger,
): Promise<boolean> {
  const relay = new URL(url);
  const where = { relay: `${relay.protocol}//${relay.hostname}:${relay.port || 'default'}` };
  try {
    await mailer.verify();
    log.info(where, 'mail relay verified: mail will be delivered');
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    log.error(
      { ...where, reason },
      'mail relay refused: mail stays queued and is retried; check SMTP_URL (README, "Mail over SMTP")',
    );
    return false;
  }
}
