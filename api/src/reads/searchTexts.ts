/**
 * The opened, normalised search strings of projects, per process. Sealed fields (name,
 * patient, laboratory) are never stored in plaintext: a search opens them here, in the server
 * process, once per project and row revision, and keeps only what the search needs (the
 * normalised text, and the name for sorting A→Z). Entries are dropped when the read models apply
 * an event of their project (the prepared answers' invalidation drives `forget`) and when the
 * project's key is destroyed, so nothing of a deleted project stays here.
 */

/** Lower case with accents folded: `Chloé Ünal` → `chloe unal`. */
export function normaliseForSearch(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a search (normalised); every one must occur in a project's text. */
export function searchWords(q: string | undefined): string[] {
  return normaliseForSearch(q ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

export function matchesAll(text: string, words: readonly string[]): boolean {
  for (const w of words) if (!text.includes(w)) return false;
  return true;
}

export interface SearchEntry {
  readonly revision: string;
  /** Name, patient and laboratory, normalised, one per line. */
  readonly text: string;
  /** The normalised name, the key of the A→Z sort. */
  readonly sortName: string;
}

/** Cap on entries per process; past it the cache starts over (a scan refills what it needs). */
const LIMIT = 200_000;

export class ProjectSearchTexts {
  private readonly entries = new Map<string, SearchEntry>();

  get size(): number {
    return this.entries.size;
  }

  /** The entry of this project at this row revision, if opened before. */
  get(projectId: string, revision: string): SearchEntry | undefined {
    const e = this.entries.get(projectId);
    return e?.revision === revision ? e : undefined;
  }

  remember(
    projectId: string,
    revision: string,
    fields: { name: string; patientName: string; laboratoryName: string },
  ): SearchEntry {
    if (this.entries.size >= LIMIT) this.entries.clear();
    const sortName = normaliseForSearch(fields.name);
    const entry: SearchEntry = {
      revision,
      sortName,
      text: `${sortName}\n${normaliseForSearch(fields.patientName)}\n${normaliseForSearch(fields.laboratoryName)}`,
    };
    this.entries.set(projectId, entry);
    return entry;
  }

  forget(projectId: string): void {
    this.entries.delete(projectId);
  }

  clear(): void {
    this.entries.clear();
  }
}
