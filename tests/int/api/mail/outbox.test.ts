import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyVault } from '../../../../api/src/crypto/fileKeyVault.js';
import { KeyRing } from '../../../../api/src/crypto/keyRing.js';
import type { MailMessage, Mailer } from '../../../../api/src/mail/mailer.js';
import { Outbox, OutboxSender } from '../../../../api/src/mail/outbox.js';
import { FileMailer } from '../../../../api/src/mail/transports.js';
import { openTestDb, testDrivers, type TestDb } from '../../../support/db.js';

const log = pino({ level: 'silent' });
const message = (marker: string): MailMessage => ({
  to: 'doctor@clinic.example',
  subject: 'A case to review on Cusp',
  text: `Please look at ${marker}`,
  html: `<p>Please look at ${marker}</p>`,
});

/**
 * What the outbox keeps of a mail, and what the embedded `.eml` sink (a
 * development mailbox) keeps once the mail's subject is deleted.
 */
describe.each(testDrivers())('the outbox and the .eml sink after a deletion (%s)', (driver) => {
  let t: TestDb;
  let dir: string;
  let keys: KeyRing;
  let files: FileMailer;
  let outbox: Outbox;
  const emlOf = (id: string) => join(dir, 'outbox', `${id}.eml`);

  beforeAll(async () => {
    t = await openTestDb(driver);
    dir = mkdtempSync(join(tmpdir(), 'cusp-outbox-'));
    keys = new KeyRing({ db: t.db, vault: new FileKeyVault(join(dir, 'keyring')), buckets: 2 });
    files = new FileMailer(join(dir, 'outbox'), 'Cusp <no-reply@cusp.test>', log);
    outbox = new Outbox(t.db, keys, files);
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a mail sealed until it is sent and no body at all afterwards', async () => {
    const id = await outbox.enqueue({
      kind: 'doctor',
      subjectId: 'project-kept',
      message: message('marker-kept-41'),
    });
    const row = async () =>
      (
        await t.db.query<{ message: string | null; status: string }>(
          'SELECT message, status FROM outbox WHERE id = $1',
          [id],
        )
      ).rows[0]!;
    expect((await row()).message).toMatch(/^v1:/);
    expect((await row()).message).not.toContain('marker-kept-41');
    await new OutboxSender({ db: t.db, keys, mailer: files, log }).drain();
    expect(await row()).toEqual({ message: null, status: 'sent' });
    expect(readFileSync(emlOf(id), 'utf8')).toContain('marker-kept-41');
  });

  it('forgets the .eml files of a deleted subject and keeps the others', async () => {
    const gone = await outbox.enqueue({
      kind: 'doctor',
      subjectId: 'project-gone',
      message: message('marker-gone-42'),
    });
    const stays = await outbox.enqueue({
      kind: 'doctor',
      subjectId: 'project-stays',
      message: message('marker-stays-43'),
    });
    await new OutboxSender({ db: t.db, keys, mailer: files, log }).drain();
    expect(existsSync(emlOf(gone))).toBe(true);
    await keys.destroy('project-gone');
    await outbox.forget('project-gone');
    expect(existsSync(emlOf(gone))).toBe(false);
    expect(existsSync(emlOf(stays))).toBe(true);
  });

  it('leaves no copy of a mail whose subject is deleted while it is being sent', async () => {
    const subject = 'project-racing';
    // The deletion (key shredded, sink forgotten) lands after the sender opened the mail and
    // before the sink wrote it.
    const racing: Mailer = {
      kind: 'file',
      async send(id, m) {
        await keys.destroy(subject);
        await outbox.forget(subject);
        await files.send(id, m);
      },
      discard: (ids) => files.discard(ids),
      close: () => files.close(),
    };
    const id = await outbox.enqueue({ kind: 'doctor', subjectId: subject, message: message('m') });
    await new OutboxSender({ db: t.db, keys, mailer: racing, log }).drain();
    expect(existsSync(emlOf(id))).toBe(false);
  });

  it('sends nothing once the subject is deleted: the sealed body no longer opens', async () => {
    const id = await outbox.enqueue({
      kind: 'doctor',
      subjectId: 'project-late',
      message: message('marker-late-44'),
    });
    await keys.destroy('project-late');
    await new OutboxSender({ db: t.db, keys, mailer: files, log }).drain();
    expect(existsSync(emlOf(id))).toBe(false);
    const r = await t.db.query<{ status: string; message: string | null }>(
      'SELECT status, message FROM outbox WHERE id = $1',
      [id],
    );
    expect(r.rows[0]).toEqual({ status: 'dead', message: null });
  });
});
