import { createHash } from 'node:crypto';

/** One answer as it goes on the wire: the JSON text and its entity tag. */
export interface PreparedAnswer {
  readonly body: string;
  readonly etag: string;
  readonly projectId: string;
  /** Epoch ms after which the answer may no longer be served (a link's expiry). */
  readonly validUntil: number | undefined;
}

export interface BuiltAnswer {
  projectId: string;
  value: unknown;
  validUntil?: number;
}

/**
 * A per-process cache of prepared project answers (the doctor's and the owner's), keyed by what
 * the request names (`public:<token>`, `owner:<projectId>`). Entries are dropped per project when
 * an event of that project has been applied to the read models (see `answerInvalidation.ts`), on a
 * local write, and when the project's key is destroyed. Only found projects are kept: a guessed
 * token never takes a place.
 *
 * An answer built while an invalidation of its project happened is served but not kept: it may
 * have been read before the read model moved.
 */
export class PreparedAnswers {
  private readonly entries = new Map<string, PreparedAnswer>();
  private readonly keysByProject = new Map<string, Set<string>>();
  /** Invalidation counter; `invalidatedAt[project]` is its value at that project's last drop. */
  private generation = 0;
  private readonly invalidatedAt = new Map<string, number>();
  /** No build started before this generation may be stored (set by `clear`). */
  private barrier = 0;
  private readonly listeners: ((projectId: string | null) => void)[] = [];

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached answer under `key`, or the one `build` makes (null: not found, not cached).
   * `build` runs on every miss; concurrent misses of one key each build (cheap, and no request
   * waits behind another's failure).
   */
  async getOrBuild(
    key: string,
    build: () => Promise<BuiltAnswer | null>,
  ): Promise<PreparedAnswer | null> {
    const hit = this.fresh(key);
    if (hit) return hit;
    const started = this.generation;
    const built = await build();
    return built ? this.prepare(key, built, started) : null;
  }

  /**
   * The answers under `keys` (one per project, in that order), building the missing ones in one
   * call: `build` gets the projects of the misses and answers those it found.
   */
  async getOrBuildMany(
    keys: readonly { key: string; projectId: string }[],
    build: (projectIds: string[]) => Promise<BuiltAnswer[]>,
  ): Promise<PreparedAnswer[]> {
    const found = new Map<string, PreparedAnswer>();
    const missing: { key: string; projectId: string }[] = [];
    for (const k of keys) {
      const hit = this.fresh(k.key);
      if (hit) found.set(k.projectId, hit);
      else missing.push(k);
    }
    if (missing.length > 0) {
      const started = this.generation;
      const built = new Map(
        (await build(missing.map((m) => m.projectId))).map((b) => [b.projectId, b]),
      );
      for (const m of missing) {
        const b = built.get(m.projectId);
        if (b) found.set(m.projectId, this.prepare(m.key, b, started));
      }
    }
    return keys.flatMap((k) => found.get(k.projectId) ?? []);
  }

  /** The cached answer under `key` while it may be served, made the most recently used. */
  private fresh(key: string): PreparedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.validUntil !== undefined && this.now() >= hit.validUntil) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last: the oldest entry is the first one a full map drops.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** The wire form of a built answer, kept unless its project was dropped since `started`. */
  private prepare(key: string, built: BuiltAnswer, started: number): PreparedAnswer {
    const body = JSON.stringify(built.value);
    const answer: PreparedAnswer = {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      projectId: built.projectId,
      validUntil: built.validUntil,
    };
    const dropped = this.invalidatedAt.get(built.projectId) ?? 0;
    if (started >= dropped && started >= this.barrier) this.store(key, answer);
    return answer;
  }

  /**
   * Calls `listener` whenever a project's answers are dropped (with its id) or all are (null):
   * other per-process caches of project reads follow the same invalidation.
   */
  onInvalidate(listener: (projectId: string | null) => void): void {
    this.listeners.push(listener);
  }

  /** Drops every answer of this project (an event of it was applied, or its key destroyed). */
  invalidateProject(projectId: string): void {
    for (const listener of this.listeners) listener(projectId);
    this.invalidatedAt.set(projectId, ++this.generation);
    const keys = this.keysByProject.get(projectId);
    if (keys) for (const key of [...keys]) this.drop(key);
    // The marks only matter to builds in flight: past a bound, one barrier replaces them all.
    if (this.invalidatedAt.size > this.maxEntries * 4) {
      this.invalidatedAt.clear();
      this.barrier = this.generation;
    }
  }

  /** Drops everything (the read models were rebuilt, or the tail lost its place). */
  clear(): void {
    for (const listener of this.listeners) listener(null);
    this.barrier = ++this.generation;
    this.entries.clear();
    this.keysByProject.clear();
    this.invalidatedAt.clear();
  }

  private store(key: string, answer: PreparedAnswer): void {
    this.drop(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, answer);
    let keys = this.keysByProject.get(answer.projectId);
    if (!keys) this.keysByProject.set(answer.projectId, (keys = new Set()));
    keys.add(key);
  }

  private drop(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    const keys = this.keysByProject.get(old.projectId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByProject.delete(old.projectId);
  }
}
