/**
 * The last version a doctor saw through a link, remembered in this browser (localStorage) so the
 * viewer can say what is new since. Keyed by the SHA-256 of the link's token, never the token
 * itself: the link is the secret, and whatever reads the storage must not learn it.
 */

const PREFIX = 'cusp:seen:';

/** The storage key of a link; null where the browser offers no digest (not a secure context). */
export async function lastSeenKey(token: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${PREFIX}${hex}`;
}

/** The last version seen through the link, or null on a first visit. */
export function readLastSeen(key: string): number | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    const n = Number(raw);
    return raw && Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** Remembers `version` as seen, unless a later one already is. */
export function rememberSeen(key: string, version: number): void {
  try {
    const seen = readLastSeen(key);
    if (seen === null || version > seen) globalThis.localStorage?.setItem(key, String(version));
  } catch {
    // Private mode or a full storage: the notice only misses this visit.
  }
}

/**
 * What to tell a returning doctor: the versions uploaded since the one they last saw (oldest
 * first), or null on a first visit or when nothing is new.
 */
export function versionsSince<V extends { n: number }>(
  lastSeen: number | null,
  versions: readonly V[],
): { since: number; newer: V[] } | null {
  if (lastSeen === null) return null;
  const newer = versions.filter((v) => v.n > lastSeen);
  return newer.length > 0 ? { since: lastSeen, newer } : null;
}
