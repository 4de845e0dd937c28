/**
 * The doctor's name and e-mail for one link, remembered in this browser (localStorage) so every
 * comment, request and approval from it carries them. Keyed by project id, never by the link
 * itself (the link is the secret).
 */
import { isLineText } from '../../../../api/src/domain/text';

export interface ReviewerIdentity {
  name: string;
  email: string;
}

export const NAME_MAX = 100;
const key = (projectId: string) => `cusp:reviewer:${projectId}`;

export function loadIdentity(projectId: string): ReviewerIdentity | null {
  try {
    const raw = globalThis.localStorage?.getItem(key(projectId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ReviewerIdentity>;
    if (typeof v.name !== 'string' || v.name.trim() === '') return null;
    return { name: v.name, email: typeof v.email === 'string' ? v.email : '' };
  } catch {
    return null;
  }
}

export function saveIdentity(projectId: string, identity: ReviewerIdentity): void {
  try {
    globalThis.localStorage?.setItem(key(projectId), JSON.stringify(identity));
  } catch {
    // Private mode or a full storage: the name is still used for this visit.
  }
}

/** Why a name or e-mail cannot be used, or null. Mirrors the API's rules. */
export function identityProblem(name: string, email: string): string | null {
  const n = name.trim();
  if (n === '') return 'Please enter your name';
  if (n.length > NAME_MAX) return `Name must be at most ${NAME_MAX} characters`;
  if (!isLineText(n)) return 'Your name contains characters that are not allowed';
  const e = email.trim();
  if (e !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e))
    return 'Please enter a valid email address';
  return null;
}
