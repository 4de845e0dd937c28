/** One mail as the outbox stores it and a transport sends it. */
export interface MailMessage {
  /** Exactly one canonical addr-spec (never a display-name form, never a list). */
  to: string;
  /** Fixed wording: never a patient name, never CR/LF. */
  subject: string;
  text: string;
  html: string;
  /**
   * A link the embedded transport prints to the log, so `npm start` works without SMTP
   * (the verification link). Never printed when mail goes out by SMTP.
   */
  devLink?: string;
}

/** The Mailer port: nodemailer over SMTP, or `.eml` files in the embedded default. */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  /** `id` is the outbox row id; it becomes the Message-ID, so a retried send is recognisable. */
  send(id: string, message: MailMessage): Promise<void>;
  /**
   * Forgets the copies this transport keeps of sent mails (the `.eml` files of the embedded
   * default), when their subject is deleted. Mail already handed to an SMTP relay is gone.
   */
  discard(ids: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Header values: CR/LF and other controls removed, so no value can add a header. */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
