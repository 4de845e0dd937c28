/** A real SMTP peer on 127.0.0.1 (`smtp-server`) that keeps every message it accepts. */
import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable, type ReceivedMail } from './accounts.js';

export interface SmtpPeer {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** Recipients refused with `550 5.1.1` (a mailbox that does not exist). */
  refuse?: (address: string) => boolean;
}

export async function startSmtpPeer(port = 0, opts: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!opts.refuse?.(address.address)) return callback();
      const err = Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), {
        responseCode: 550,
      });
      return callback(err);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ raw, decoded: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as { port: number }).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
