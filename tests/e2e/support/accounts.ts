import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, type CuspServer } from './cusp';

export const E2E_PASSWORD = 'correct-otter-lamp-42';

let clients = 0;
/**
 * A client address of its own for each account an API helper registers, as separate labs would
 * (the test server trusts X-Forwarded-For): the suite's one server meets far more registrations
 * than one address may make in an hour.
 */
export function freshClient(): Record<string, string> {
  clients++;
  return { 'x-forwarded-for': `10.77.${(clients >> 8) & 255}.${clients & 255}` };
}

/** Mails the embedded outbox wrote for `to`, quoted-printable undone. */
export function mailsTo(cusp: CuspServer, to: string): string[] {
  const dir = path.join(cusp.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    )
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(m));
}

/** Group 1 of `pattern` in the first mail to `to` that matches it, polled for up to 15 s. */
async function mailedMatch(cusp: CuspServer, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const m of mailsTo(cusp, to)) {
          found = pattern.exec(m)?.[1];
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The password reset link mailed to `to`. */
export const resetLink = (cusp: CuspServer, to: string): Promise<string> =>
  mailedMatch(cusp, to, /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/);

/** The verification link mailed to `to`. */
export const verificationLink = (cusp: CuspServer, to: string): Promise<string> =>
  mailedMatch(cusp, to, /(http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]{43})/);

/**
 * A verified account made through the real API: register (the bot check solved here, as the
 * page's worker would), the verification link read from the mailed .eml, verify.
 */
export async function verifiedAccount(
  cusp: CuspServer,
  email: string,
  name: string,
): Promise<void> {
  const ch = await fetch(`${cusp.baseURL}/api/botcheck/challenge?purpose=register`);
  const { challenge } = (await ch.json()) as { challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  const turnstileToken = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
  const reg = await fetch(`${cusp.baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...freshClient() },
    body: JSON.stringify({
      name,
      email,
      companyName: 'E2E Lab',
      password: E2E_PASSWORD,
      turnstileToken,
    }),
  });
  expect(reg.status).toBe(201);
  const token = await mailedMatch(cusp, email, /\/verify-email\?token=([A-Za-z0-9_-]{43})/);
  const res = await fetch(`${cusp.baseURL}/api/verify-email/${token}`, { method: 'POST' });
  expect(res.status).toBe(200);
}
