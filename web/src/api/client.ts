import type { TOTAL_COUNT_HEADER as TotalCountHeader } from '../../../api/src/contract/dashboard';
import { GENERIC_ERROR, NETWORK_ERROR } from '../messages';

/** The session's localStorage keys. */
export const TOKEN_KEY = 'token';
export const USER_DATA_KEY = 'userData';

/** A non-OK answer (or no answer at all: status 0) from the Cusp API. */
export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The server's `error` text when the body was readable JSON carrying one. */
  readonly serverMessage: string | undefined;
  /** The server's machine-readable `code`, when present. */
  readonly code: string | undefined;
  /** `version_superseded`: the version that can be approved now. */
  readonly latestVersion: number | undefined;

  constructor(status: number, serverMessage?: string, code?: string, latestVersion?: number) {
    super(serverMessage ?? (status === 0 ? NETWORK_ERROR : GENERIC_ERROR));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
    this.latestVersion = latestVersion;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  /** Send the stored bearer token (default true; public calls may turn it off). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Reads `{ error, code }` from a failed answer; anything unreadable yields undefined fields. */
export async function readErrorBody(res: Response): Promise<{
  message: string | undefined;
  code: string | undefined;
  latestVersion?: number | undefined;
}> {
  try {
    const data: unknown = await res.json();
    if (data && typeof data === 'object') {
      const { error, code, latestVersion } = data as {
        error?: unknown;
        code?: unknown;
        latestVersion?: unknown;
      };
      return {
        message: typeof error === 'string' && error.trim() !== '' ? error : undefined,
        code: typeof code === 'string' ? code : undefined,
        latestVersion:
          typeof latestVersion === 'number' && Number.isInteger(latestVersion)
            ? latestVersion
            : undefined,
      };
    }
  } catch {
    // not JSON: fall through to the generic message
  }
  return { message: undefined, code: undefined };
}

/**
 * Sends `/api{path}` (a path starting with `/api` is taken as it is): JSON body or FormData,
 * bearer token when one is stored. A non-OK answer throws an ApiError whose message is the body's
 * `error` field, else 'An error occurred'.
 */
async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.auth !== false) {
    const token = storedToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  let res: Response;
  const url = path.startsWith('/api/') ? path : `/api${path}`;
  try {
    res = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0);
  }

  if (!res.ok) {
    const { message, code, latestVersion } = await readErrorBody(res);
    throw new ApiError(res.status, message, code, latestVersion);
  }
  return res;
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await res.json()) as T;
  return (await res.text()) as unknown as T;
}

/** Calls `/api{path}` and reads the JSON (or text) answer; see `send`. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return readBody<T>(await send(method, path, options));
}

/** A page of a list and the whole list's count, read from the answer's `X-Total-Count`. */
export interface ListPage<T> {
  items: T;
  /** Null when the server did not say (an older server: the answer is the whole list). */
  total: number | null;
}

const TOTAL_COUNT_HEADER: typeof TotalCountHeader = 'x-total-count';

export async function apiListPage<T>(path: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await send('GET', path, signal ? { signal } : {});
  const header = res.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return { items: await readBody<T>(res), total: Number.isInteger(total) ? total : null };
}

/**
 * A file of a signed-in call (a thumbnail, an export), as a Blob; `url` is the API's own `/api/…`
 * address or a path under it.
 */
export async function apiBlob(
  url: string,
  signal?: AbortSignal,
  accept = 'image/*',
): Promise<Blob> {
  const res = await send('GET', url, { signal, headers: { Accept: accept } });
  return res.blob();
}

/**
 * A file of a signed-in call to save (a download, the approval record), with the name its
 * `Content-Disposition` gives: the bearer token rules out a plain link. `path` as for `apiRequest`.
 */
export async function apiFile(
  path: string,
  accept = '*/*',
): Promise<{ blob: Blob; name: string | undefined }> {
  const res = await send('GET', path, { headers: { Accept: accept } });
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) };
}

/** The file name of a `Content-Disposition`: its exact UTF-8 `filename*`, else `filename`. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('DELETE', path, options),
};
