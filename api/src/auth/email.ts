import { domainToASCII } from 'node:url';

/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;

// A dot-atom local part (no quoted strings, no comments, no display names) and host labels.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The canonical form of an address, or null when it is not exactly one plain addr-spec.
 * Policy: trimmed and lower-cased as a whole — local parts are
 * case-insensitive at every provider our users use, and one account per mailbox matters more —
 * with an internationalised domain stored as punycode. CR/LF, display names, lists and quoted
 * local parts are refused, so the value is safe in a mail header.
 */
export function canonicalEmail(raw: string): string | null {
  const value = raw.trim();
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return null;
  const local = value.slice(0, at);
  const domainRaw = value.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return null;
  const domain = domainToASCII(domainRaw.toLowerCase());
  if (!domain || domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null;
  const canonical = `${local.toLowerCase()}@${domain}`;
  return canonical.length > EMAIL_MAX_LENGTH ? null : canonical;
}
