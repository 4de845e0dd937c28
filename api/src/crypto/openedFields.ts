/**
 * Memo of opened sealed fields for lists that open tens of thousands of them per call (the admin
 * panel). Entries are keyed by the subject's row id (a random UUID, unique across users and
 * projects) and field; a hit needs the stored sealed text to be the same string — every sealing
 * draws a fresh random IV, so a re-sealed field misses, and a sealed text copied into another row
 * or field misses too and is opened under that row's own key, where its AAD refuses it.
 *
 * Lists read a row's fields one after another, so the last subject looked up is kept at hand:
 * a row costs one hash-map probe per subject rather than one per field (probes into a map of
 * tens of thousands of entries are what such a list spends its time on).
 *
 * Owned by the KeyRing, which forgets a subject's entries when it destroys the subject's key, so
 * nothing of a shredded subject is served from here.
 */
interface Opened {
  sealed: string;
  plain: string;
}

type Fields = Map<string, Opened>;

/** Cap on memoised plaintexts per process; past it the memo starts over. */
const LIMIT = 250_000;

export class OpenedFieldMemo {
  private readonly byId = new Map<string, Fields>();
  private readonly idOfSubject = new Map<string, string>();
  private size = 0;
  private lastId: string | undefined;
  private last: Fields | undefined;

  private fieldsOf(id: string): Fields | undefined {
    if (id !== this.lastId) {
      this.lastId = id;
      this.last = this.byId.get(id);
    }
    return this.last;
  }

  /** The plaintext of `sealed` when it was opened before as `field` of the subject with row id `id`. */
  get(sealed: string, id: string, field: string): string | undefined {
    const o = this.fieldsOf(id)?.get(field);
    return o !== undefined && o.sealed === sealed ? o.plain : undefined;
  }

  /** Records that `sealed`, `field` of `subject` (row id `id`), opens to `plain`. */
  remember(subject: string, id: string, field: string, sealed: string, plain: string): void {
    if (this.size >= LIMIT) this.clear();
    let fields = this.fieldsOf(id);
    if (!fields) {
      fields = new Map();
      this.byId.set(id, fields);
      this.idOfSubject.set(subject, id);
      this.last = fields;
    }
    if (!fields.has(field)) this.size++;
    fields.set(field, { sealed, plain });
  }

  /** Drops every entry of a subject. */
  forget(subject: string): void {
    const id = this.idOfSubject.get(subject);
    if (id === undefined) return;
    this.size -= this.byId.get(id)?.size ?? 0;
    this.byId.delete(id);
    this.idOfSubject.delete(subject);
    this.lastId = undefined;
    this.last = undefined;
  }

  clear(): void {
    this.byId.clear();
    this.idOfSubject.clear();
    this.size = 0;
    this.lastId = undefined;
    this.last = undefined;
  }
}
