/**
 * The candidate lists of project searches, per process: for one scope and SQL filter,
 * the ids and row revisions of every matching project in order. A technician's dashboard asks the
 * same scope again and again (each keystroke of a search, each page, each poll), so the SQL read
 * of all their projects is done once and the words are matched against `ProjectSearchTexts`.
 *
 * Any project's invalidation (an event applied to the read models, a local write, a key
 * destroyed) drops every list: a new project of an owner names no project the list knows, so
 * nothing finer is safe. A list read while an invalidation happened is served but not kept.
 */
import type { Candidate } from '../../../projections/src/projects/searchQueries.js';

/** Lists kept per process; the least recently used goes first. */
const LIMIT = 256;

export class CandidateLists {
  private readonly lists = new Map<string, readonly Candidate[]>();
  private generation = 0;

  get size(): number {
    return this.lists.size;
  }

  /** The list under `key`, or the one `read` returns (kept if nothing was invalidated meanwhile). */
  async getOrRead(
    key: string,
    read: () => Promise<readonly Candidate[]>,
  ): Promise<readonly Candidate[]> {
    const hit = this.lists.get(key);
    if (hit) {
      this.lists.delete(key);
      this.lists.set(key, hit);
      return hit;
    }
    const started = this.generation;
    const rows = await read();
    if (started === this.generation) {
      if (this.lists.size >= LIMIT) {
        const oldest = this.lists.keys().next().value;
        if (oldest !== undefined) this.lists.delete(oldest);
      }
      this.lists.set(key, rows);
    }
    return rows;
  }

  /** Drops every list (some project changed, or all did). */
  clear(): void {
    this.generation++;
    this.lists.clear();
  }
}
