/**
 * Share tokens are capabilities: whoever reads a log line with one can open the project.
 * Every URL that reaches a log passes through here first.
 *
 * Matching is done on the path as a router could read it, not on the bytes sent: percent-decoded
 * (repeatedly), `\` as `/`, empty and dot segments resolved, `;parameters` ignored and letter
 * case ignored. So `/api/publi%63/projects/<token>`, `/%61pi/public/…`, `//viewer/./<token>` and
 * `/Viewer/<token>` are all redacted, and the line shows that normalised path. Anything shaped
 * like one of our 256-bit tokens (43+ base64url characters in a row, `pub_` or not) is redacted
 * wherever it stands, and so is every `token` / `publicToken` query parameter.
 */

const REDACTED = '[redacted]';

/** Segment sequences whose next segment is a secret. */
const SECRET_AFTER: readonly (readonly string[])[] = [
  ['viewer'],
  ['api', 'public', 'projects'],
  ['api', 'verify-email'],
];
const SECRET_QUERY_KEYS = new Set(['token', 'publictoken']);
/** Longer than any id we use (a UUID has 36), as long as every token (43). */
const TOKEN_SHAPED = /(pub_)?[A-Za-z0-9_-]{43,}/g;

function decoded(s: string): string {
  let out = s;
  for (let i = 0; i < 4 && /%[0-9A-Fa-f]{2}/.test(out); i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      // Malformed UTF-8: decode the bytes one by one, enough to compare ASCII names.
      out = out.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) =>
        String.fromCharCode(parseInt(h, 16)),
      );
    }
  }
  return out;
}

const withoutTokens = (s: string) => s.replace(TOKEN_SHAPED, REDACTED);

/** The path's segments: decoded, `\` as `/`, empty and `.` dropped, `..` applied. */
function segmentsOf(path: string): string[] {
  const out: string[] = [];
  for (const seg of decoded(path).split(/[/\\]/)) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out;
}

function redactPath(path: string): string {
  const segs = segmentsOf(path);
  const names = segs.map((s) => s.replace(/;.*$/, '').toLowerCase());
  const secret = new Set<number>();
  names.forEach((_, i) => {
    for (const prefix of SECRET_AFTER) {
      if (prefix.every((p, k) => names[i + k] === p)) secret.add(i + prefix.length);
    }
  });
  const out = segs.map((s, i) => (secret.has(i) ? REDACTED : withoutTokens(encodeURIComponent(s))));
  const trailing = path.length > 1 && /[/\\]$/.test(path) ? '/' : '';
  return `/${out.join('/')}${out.length > 0 ? trailing : ''}`;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return withoutTokens(decoded(pair)) === decoded(pair) ? pair : REDACTED;
      const key = decoded(pair.slice(0, eq).replace(/\+/g, ' '));
      const value = decoded(pair.slice(eq + 1).replace(/\+/g, ' '));
      const secret = SECRET_QUERY_KEYS.has(key.toLowerCase()) || withoutTokens(value) !== value;
      return secret ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const query = q < 0 ? undefined : withoutHash.slice(q + 1);
  return redactPath(path) + (query === undefined ? '' : `?${redactQuery(query)}`);
}
