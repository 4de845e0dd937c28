import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiFile, dispositionName } from '../../../../web/src/api/client';
import { memoryStorage } from '../../../support/memoryStorage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return {
    url: String(url),
    init: init ?? {},
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}

describe('api client', () => {
  it('sends JSON to /api and parses the JSON answer', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await expect(api.post('/login', { email: 'a@b.c' })).resolves.toEqual({ ok: true });
    const req = lastRequest();
    expect(req.url).toBe('/api/login');
    expect(req.init.method).toBe('POST');
    expect(req.init.body).toBe('{"email":"a@b.c"}');
    expect(req.headers['Content-Type']).toBe('application/json');
    expect(req.headers.Authorization).toBeUndefined();
  });

  it('fetches a document with the bearer token and reads its file name', async () => {
    localStorage.setItem('token', 'tok123');
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.7', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="cusp-approval-record-x-v2.pdf"',
        },
      }),
    );
    const doc = await apiFile('/projects/p1/approval-record', 'application/pdf');
    expect(doc.name).toBe('cusp-approval-record-x-v2.pdf');
    expect(await doc.blob.text()).toBe('%PDF-1.7');
    expect(lastRequest().url).toBe('/api/projects/p1/approval-record');
    expect(lastRequest().headers).toMatchObject({
      Accept: 'application/pdf',
      Authorization: 'Bearer tok123',
    });
    fetchMock.mockResolvedValue(
      Response.json({ error: 'No record', code: 'not_approved' }, { status: 404 }),
    );
    await expect(apiFile('/projects/p1/approval-record', 'application/pdf')).rejects.toMatchObject({
      status: 404,
      code: 'not_approved',
    });
  });

  it('adds the stored bearer token, unless told not to', async () => {
    localStorage.setItem('token', 'tok123');
    fetchMock.mockImplementation(async () => Response.json({}));
    await api.get('/me');
    expect(lastRequest().headers.Authorization).toBe('Bearer tok123');
    await api.get('/public/projects/x', { auth: false });
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('leaves multipart bodies to the browser', async () => {
    fetchMock.mockResolvedValue(Response.json({}));
    const form = new FormData();
    form.append('a', '1');
    await api.post('/projects', form);
    expect(lastRequest().init.body).toBe(form);
    expect(lastRequest().headers['Content-Type']).toBeUndefined();
  });

  it("uses the answer's error field as the message", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: 'Project not found', code: 'not_found' }, { status: 404 }),
    );
    const err = await api.get('/projects/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      message: 'Project not found',
      status: 404,
      code: 'not_found',
      serverMessage: 'Project not found',
    });
  });

  it("says 'An error occurred' when the error body is unreadable", async () => {
    fetchMock.mockImplementation(async () => new Response('<html>502</html>', { status: 502 }));
    await expect(api.get('/me')).rejects.toMatchObject({
      message: 'An error occurred',
      status: 502,
      serverMessage: undefined,
    });
    fetchMock.mockResolvedValue(Response.json({ error: 42 }, { status: 400 }));
    await expect(api.get('/me')).rejects.toThrow('An error occurred');
  });

  it('reports a request that got no answer as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 0 });
  });

  it('returns undefined for 204 and text for non-JSON answers', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/projects/x')).resolves.toBeUndefined();
    fetchMock.mockResolvedValue(
      new Response('plain', { headers: { 'content-type': 'text/plain' } }),
    );
    await expect(api.get('/x')).resolves.toBe('plain');
  });
});

describe('files to save', () => {
  it('reads the exact UTF-8 name of a Content-Disposition, else its plain name', () => {
    expect(
      dispositionName(`attachment; filename="Z_hne 11.stl"; filename*=UTF-8''Z%C3%A4hne%2011.stl`),
    ).toBe('Zähne 11.stl');
    expect(dispositionName('attachment; filename="upper.stl"')).toBe('upper.stl');
    expect(dispositionName(`attachment; filename="a.stl"; filename*=UTF-8''%E0%A4`)).toBe('a.stl');
    expect(dispositionName(null)).toBeUndefined();
  });

  it('fetches a signed-in file with the bearer token and names it as the server does', async () => {
    localStorage.setItem('token', 'tok-1');
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([1, 2, 3]), {
        headers: { 'content-disposition': `attachment; filename*=UTF-8''Case%20v2.zip` },
      }),
    );
    const file = await apiFile('/projects/p/versions/2/zip');
    expect(lastRequest().url).toBe('/api/projects/p/versions/2/zip');
    expect(lastRequest().headers.Authorization).toBe('Bearer tok-1');
    expect(file.name).toBe('Case v2.zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
