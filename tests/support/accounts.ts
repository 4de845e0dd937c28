/**
 * Helpers for account tests: solve the real ALTCHA challenge the API hands out, read the mails the
 * embedded outbox writes, and give each request its own client address (the app runs with
 * TRUST_PROXY=true so per-IP limits can be exercised and kept apart).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { BotCheckPurpose } from '../../api/src/botcheck/botCheck.js';

let ipCounter = 1;
/** A fresh client address (10.x.y.z) for X-Forwarded-For. */
export function freshIp(): string {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function solveBotCheck(
  app: FastifyInstance,
  purpose: BotCheckPurpose,
  ip = freshIp(),
): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/botcheck/challenge?purpose=${purpose}`,
    headers: { 'x-forwarded-for': ip },
  });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const { challenge } = res.json() as { challenge: Challenge };
  return encodeSolution(challenge);
}

export async function encodeSolution(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

/** Quoted-printable soft breaks and escapes undone (enough to read links from mails). */
export function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export interface ReceivedMail {
  raw: string;
  /** The raw mail with quoted-printable undone. */
  decoded: string;
}

export function verificationToken(mail: ReceivedMail): string | undefined {
  return /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.decoded)?.[1];
}

export function readOutboxDir(dataDir: string): ReceivedMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => {
      const raw = readFileSync(join(dir, f), 'utf8');
      return { raw, decoded: decodeQuotedPrintable(raw) };
    });
}

/** Waits until a mail matching `match` exists (the sender loop runs asynchronously). */
export async function waitForMail(
  list: () => ReceivedMail[],
  match: (m: ReceivedMail) => boolean,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = list().find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error('mail did not arrive');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const mailTo = (address: string) => (m: ReceivedMail) =>
  new RegExp(`^To: ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'mi').test(m.raw);

/**
 * The verification token mailed to `email` (waiting for the mail), skipping tokens in `after`
 * (earlier mails).
 */
export async function mailedVerificationToken(
  dataDir: string,
  email: string,
  after: readonly string[] = [],
): Promise<string> {
  const mail = await waitForMail(
    () => readOutboxDir(dataDir),
    (m) => mailTo(email)(m) && !!verificationToken(m) && !after.includes(verificationToken(m)!),
  );
  return verificationToken(mail)!;
}

export const STRONG_PASSWORD = 'correct-otter-lamp-42';
