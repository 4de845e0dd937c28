/**
 * A public link's project answer, requested once per page by whichever early script asks first
 * (the first frame, then the prefetch) — one request, so it takes the page's preloaded answer
 * (api/src/routes/viewerPage.ts) and the server logs one opening.
 */
import { apiUrl, paths } from '../../api/paths';
import { pageShared } from './pageShared';

/** The project answer as the loader needs it: the JSON body, or the failing status (0: none). */
export type ProjectAnswer = { ok: true; body: unknown } | { ok: false; status: number };

/** The request made, shared by the page's copies of this code (pageShared.ts). */
const shared = pageShared<{ started?: { token: string; answer: Promise<ProjectAnswer> } }>(
  'projectAnswer',
  () => ({}),
);

async function fetchProjectAnswer(token: string): Promise<ProjectAnswer> {
  let res: Response;
  try {
    // A plain GET, exactly as the page's preload hint asks for it: a request with other headers
    // or mode would not take the preloaded answer.
    res = await fetch(apiUrl(paths.publicProject(token)));
  } catch {
    return { ok: false, status: 0 };
  }
  if (!res.ok) return { ok: false, status: res.status };
  try {
    return { ok: true, body: await res.json() };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** Requests the answer now (or returns the request already made for this token). */
export function requestProjectAnswer(token: string): Promise<ProjectAnswer> {
  if (shared.started?.token !== token)
    shared.started = { token, answer: fetchProjectAnswer(token) };
  return shared.started.answer;
}

/** The answer already requested for this token, once; else a new request. */
export function takeProjectAnswer(token: string): Promise<ProjectAnswer> {
  const own = shared.started?.token === token ? shared.started.answer : undefined;
  shared.started = undefined;
  return own ?? fetchProjectAnswer(token);
}
