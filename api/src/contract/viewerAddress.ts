/**
 * The viewer's address parameters the API's mails link to: a version (`v`) and an older one to
 * compare it with side by side (`compare`). No zod here: the web app imports this module at run
 * time, and its viewer chunk stays free of the schema library.
 */
export const VIEWER_VERSION_PARAM = 'v';
export const VIEWER_COMPARE_PARAM = 'compare';

/** `?v=<version>&compare=<against>`: the viewer opens `version` beside `against`. */
export const compareSearch = (version: number, against: number): string =>
  `?${VIEWER_VERSION_PARAM}=${version}&${VIEWER_COMPARE_PARAM}=${against}`;
