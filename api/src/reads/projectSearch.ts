/**
 * Search, filters, sort and pages over a project list. Filters on clear columns and the
 * date sorts run in SQL; the words of `q` and the A→Z sort need the sealed fields, which are
 * opened here once per project and row revision and kept normalised in `deps.searchTexts`. The
 * SQL side's ordered list of ids and revisions is kept per scope and filter in
 * `deps.candidateLists` until some project changes: a search over a user's 5,000 projects is a
 * scan of in-memory strings, and then the caller's read of the page's rows by id.
 */
import { openWith } from '../crypto/keyRing.js';
import type { ProjectSearchQuery } from '../contract/dashboard.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { CHANGES_REQUESTED_STATUSES } from '../domain/projectStatus.js';
import {
  projectCandidates,
  sealedSearchFields,
  type Candidate,
  type CandidateFilter,
  type ProjectScope,
} from '../../../projections/src/projects/searchQueries.js';
import { matchesAll, searchWords, type SearchEntry } from './searchTexts.js';

export type { ProjectScope };

export interface ProjectPage {
  /** The page's project ids, in order. */
  ids: string[];
  /** How many projects match in all. */
  total: number;
  /** True when the query asked for a page (`limit`): the answer then says `total`. */
  paged: boolean;
}

const DAY_MS = 86_400_000;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** `from`/`to` as a half-open range; a calendar day (UTC) includes the whole day. */
export function activityRange(q: Pick<ProjectSearchQuery, 'from' | 'to'>): {
  from?: Date;
  until?: Date;
} {
  const from =
    q.from === undefined ? undefined : new Date(isDay(q.from) ? `${q.from}T00:00:00Z` : q.from);
  const until =
    q.to === undefined
      ? undefined
      : isDay(q.to)
        ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)
        : new Date(Date.parse(q.to) + 1);
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

/** True when the query asks for nothing but whose list (the unfiltered list as the spec has it). */
export function isPlainList(q: ProjectSearchQuery): boolean {
  return Object.entries(q).every(([k, v]) => k === 'userId' || v === undefined);
}

/**
 * The entries of these candidates, opening (one key query, one row query) those not in the
 * cache. A candidate whose key is gone (shredded, deletion not projected yet) has none.
 */
async function entriesOf(
  deps: AppDeps,
  rows: readonly Candidate[],
): Promise<Map<string, SearchEntry>> {
  const out = new Map<string, SearchEntry>();
  const missing: string[] = [];
  for (const r of rows) {
    const hit = deps.searchTexts.get(r.id, r.revision);
    if (hit) out.set(r.id, hit);
    else missing.push(r.id);
  }
  if (missing.length === 0) return out;
  const sealed = await sealedSearchFields(deps.db, missing);
  const keys = await deps.keys.existingKeys(sealed.map((s) => projectSubject(s.id)));
  for (const s of sealed) {
    const subject = projectSubject(s.id);
    const dk = keys.get(subject);
    if (!dk) continue;
    const open = (field: string, text: string) => openWith(dk.key, subject, field, text);
    out.set(
      s.id,
      deps.searchTexts.remember(s.id, s.revision, {
        name: open('name', s.name),
        patientName: open('patientName', s.patientName),
        laboratoryName: open('laboratoryName', s.laboratoryName),
      }),
    );
  }
  return out;
}

/** The ids of one page of a project list, and how many match in all. */
export async function searchProjects(
  deps: AppDeps,
  scope: ProjectScope,
  q: ProjectSearchQuery,
): Promise<ProjectPage> {
  const words = searchWords(q.q);
  const sort = q.sort ?? 'created';
  const filter: CandidateFilter = {
    scope,
    ...(q.status ? { statuses: q.status } : {}),
    ...(q.needs === 'answer' ? { needsAnswerStatuses: CHANGES_REQUESTED_STATUSES } : {}),
    ...activityRange(q),
    order: sort === 'activity' ? 'activity' : 'created',
  };
  const rows = await deps.candidateLists.getOrRead(JSON.stringify(filter), () =>
    projectCandidates(deps.db, filter),
  );
  let hits: readonly Candidate[] = rows;
  if (words.length > 0 || sort === 'name') {
    const entries = await entriesOf(deps, rows);
    hits = rows.filter((r) => {
      const e = entries.get(r.id);
      return e !== undefined && matchesAll(e.text, words);
    });
    if (sort === 'name') {
      hits = [...hits].sort((a, b) => {
        const x = entries.get(a.id)!.sortName;
        const y = entries.get(b.id)!.sortName;
        return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
      });
    }
  }
  const offset = q.offset ?? 0;
  const end = q.limit !== undefined ? offset + q.limit : undefined;
  return {
    ids: hits.slice(offset, end).map((r) => r.id),
    total: hits.length,
    paged: q.limit !== undefined,
  };
}
