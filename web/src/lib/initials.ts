/**
 * Avatar initials drawn locally (no external avatar service).
 * "Ana María López" → "AL"; "cher" → "C"; no name → first letter of the e-mail; nothing → "?".
 */
export function initialsOf(name?: string | null, email?: string | null): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/u)
    .filter((w) => /\p{L}|\p{N}/u.test(w));
  const letter = (w: string | undefined): string => {
    const ch = w ? [...w].find((c) => /\p{L}|\p{N}/u.test(c)) : undefined;
    return ch ? ch.toLocaleUpperCase() : '';
  };
  if (words.length > 1) return letter(words[0]) + letter(words[words.length - 1]);
  if (words.length === 1) return letter(words[0]);
  const fromEmail = letter((email ?? '').split('@')[0]);
  return fromEmail || '?';
}

/** Number of avatar colour tones defined in the stylesheet (`.avatar--tone-N`). */
export const AVATAR_TONES = 8;

/** A stable tone for a person, so the same user always gets the same colour. */
export function avatarTone(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % AVATAR_TONES;
}
