/**
 * The owner's (and an admin's) answer of a project — `GET /api/projects/{id}` and each item of
 * `GET /api/projects` — prepared once and kept in `deps.answers` under `owner:<id>` until an event
 * of the project is applied. A list page is then the kept answers joined, and a page's misses are
 * read in one batch.
 */
import type { PreparedAnswer, BuiltAnswer } from '../answers/preparedAnswers.js';
import type { AppDeps } from '../deps.js';
import { loadProjects, type ProjectDto } from './projects.js';

/** A link's summary says `active` until it expires: the kept answer may not outlive that. */
function validUntilOf(p: ProjectDto, now: number): number | undefined {
  const expires = p.link?.expiresAt ? Date.parse(p.link.expiresAt) : NaN;
  return p.link?.state === 'active' && expires > now ? expires : undefined;
}

/** The prepared answers of these projects, in order; projects not found are left out. */
export function ownerAnswers(deps: AppDeps, ids: readonly string[]): Promise<PreparedAnswer[]> {
  return deps.answers.getOrBuildMany(
    ids.map((id) => ({ key: `owner:${id}`, projectId: id })),
    async (missing): Promise<BuiltAnswer[]> => {
      const now = deps.now().getTime();
      const projects = await loadProjects(deps, { ids: missing }, { includeOwner: true });
      return projects.map((p) => ({ projectId: p.id, value: p, validUntil: validUntilOf(p, now) }));
    },
  );
}

/** A list answer's JSON text: the prepared answers as one array. */
export function listBody(answers: readonly PreparedAnswer[]): string {
  return `[${answers.map((a) => a.body).join(',')}]`;
}
