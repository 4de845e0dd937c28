import { api } from '../../api/client';

const BROWSER_ID_KEY = 'cusp-browser-id';

/** A random id of this browser, kept in localStorage (no cookie); the server stores only a hash. */
function browserId(): string | undefined {
  try {
    let id = localStorage.getItem(BROWSER_ID_KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(BROWSER_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** Tells the sender's view log that the link was opened (at most once per 30 minutes counts). */
export function recordOpening(token: string): void {
  const id = browserId();
  void api
    .post(`/public/projects/${encodeURIComponent(token)}/opened`, id ? { browserId: id } : {}, {
      auth: false,
    })
    .catch(() => undefined);
}
