import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, type CuspServer } from './cusp';

export const E2E_PASSWORD = 'correct-otter-lamp-42';

/** Mails the embedded outbox wrote for `to`, quoted-printable undone. */
function mailsTo(cusp: CuspServer, to: string): string[] {
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
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email,
      companyName: 'E2E Lab',
      password: E2E_PASSWORD,
      turnstileToken,
    }),
  });
  expect(reg.status).toBe(201);
  let token: string | undefined;
  await expect
    .poll(
      () => {
        for (const m of mailsTo(cusp, email)) {
          token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(m)?.[1];
          if (token) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const res = await fetch(`${cusp.baseURL}/api/verify-email/${token!}`, { method: 'POST' });
  expect(res.status).toBe(200);
}
