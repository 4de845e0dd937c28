import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Proof that a browser entered a link's PIN: a signed, short-lived cookie scoped to the link's
 * API path. A cookie rather than a header because the viewer's model downloads (decode worker,
 * preload hints, the download button) cannot all add headers; `HttpOnly`, `SameSite=Strict` and
 * the path keep it to this link's own calls from this site. It names the token (by hash) and the
 * PIN it was made under (`pinStamp`: the sealed hash, new at every setting), so a rotated link or
 * a changed PIN voids it.
 */
export const GRANT_COOKIE = 'cusp_link_grant';
export const GRANT_TTL_MS = 12 * 60 * 60_000;

function mac(key: Buffer, tokenHash: string, pinStamp: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`link-grant\n${tokenHash}\n${pinStamp}\n${expires}`)
    .digest('base64url');
}

export function makeGrant(key: Buffer, tokenHash: string, pinStamp: string, now: Date): string {
  const expires = now.getTime() + GRANT_TTL_MS;
  return `${expires}.${mac(key, tokenHash, pinStamp, expires)}`;
}

export function grantValid(
  key: Buffer,
  grant: string | undefined,
  tokenHash: string,
  pinStamp: string,
  now: Date,
): boolean {
  const m = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(grant ?? '');
  if (!m) return false;
  const expires = Number(m[1]);
  if (!(expires > now.getTime())) return false;
  const want = Buffer.from(mac(key, tokenHash, pinStamp, expires));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The grant cookie's value from a Cookie header, if any. */
export function grantFromCookies(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === GRANT_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function grantCookie(value: string, token: string, secure: boolean): string {
  return [
    `${GRANT_COOKIE}=${value}`,
    `Path=/api/public/projects/${token}`,
    `Max-Age=${GRANT_TTL_MS / 1000}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
