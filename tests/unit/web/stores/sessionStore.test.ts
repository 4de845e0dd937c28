import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../../web/src/navigation/navigator';
import {
  VerificationRequiredError,
  isUnauthorizedError,
  useSessionStore,
} from '../../../../web/src/stores/useSessionStore';
import { ApiError } from '../../../../web/src/api/client';
import { memoryStorage } from '../../../support/memoryStorage';

const USER = {
  id: 'u1',
  name: 'Ana Lopez',
  email: 'ana@lab.example',
  companyName: 'Lopez Lab',
  emailVerified: true,
  role: 'user' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
const initial = useSessionStore.getState();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', memoryStorage());
  setNavigator(navigate);
  useSessionStore.setState(initial, true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockReset();
  setNavigator(() => {});
});

const session = () => {
  const { status, token, user } = useSessionStore.getState();
  return { status, token, user };
};

describe('session store: start-up', () => {
  it('starts as loading', () => {
    expect(session().status).toBe('loading');
  });

  it('restores token and userData, then checks the token in the background', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('userData', JSON.stringify(USER));
    fetchMock.mockResolvedValue(Response.json({ user: { ...USER, name: 'Ana L.' } }));
    useSessionStore.getState().init();
    expect(session()).toEqual({ status: 'authenticated', token: 't1', user: USER });
    await vi.waitFor(() => expect(session().user?.name).toBe('Ana L.'));
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ name: 'Ana L.' });
  });

  it('logs out a token without userData', () => {
    localStorage.setItem('token', 't1');
    useSessionStore.getState().init();
    expect(session()).toEqual({ status: 'unauthenticated', token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats corrupt userData as missing', () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('userData', '{not json');
    useSessionStore.getState().init();
    expect(session().status).toBe('unauthenticated');
  });

  it('is unauthenticated with nothing stored', () => {
    useSessionStore.getState().init();
    expect(session().status).toBe('unauthenticated');
  });
});

describe('session store: login and register', () => {
  it('stores token and user after a successful login', async () => {
    fetchMock.mockResolvedValue(Response.json({ token: 't2', user: USER }));
    await useSessionStore.getState().login('ana@lab.example', 'pw', 'captcha');
    expect(session()).toEqual({ status: 'authenticated', token: 't2', user: USER });
    expect(localStorage.getItem('token')).toBe('t2');
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(USER);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ email: 'ana@lab.example', password: 'pw', turnstileToken: 'captcha' });
  });

  it("uses the server's message, else 'Login failed'", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Invalid credentials' }, { status: 401 }));
    await expect(useSessionStore.getState().login('a', 'b')).rejects.toThrow('Invalid credentials');
    fetchMock.mockResolvedValue(new Response('x', { status: 500 }));
    await expect(useSessionStore.getState().login('a', 'b')).rejects.toThrow(/^Login failed$/);
    expect(session().status).not.toBe('authenticated');
  });

  it("raises 'Login failed - invalid response' without token or user", async () => {
    fetchMock.mockResolvedValue(Response.json({ token: 't' }));
    await expect(useSessionStore.getState().login('a', 'b')).rejects.toThrow(
      'Login failed - invalid response',
    );
  });

  it('creates no session when verification is required', async () => {
    fetchMock.mockResolvedValue(Response.json({ requiresVerification: true }));
    const err = await useSessionStore
      .getState()
      .login('a', 'b')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerificationRequiredError);
    expect((err as Error).message).toBe('Please verify your email address before logging in.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("register: 'check your email' when verification is required", async () => {
    fetchMock.mockResolvedValue(Response.json({ requiresVerification: true }));
    await expect(
      useSessionStore.getState().register({
        name: 'A',
        email: 'a@b.c',
        companyName: 'Lab',
        password: 'pw',
        turnstileToken: 't',
      }),
    ).rejects.toThrow(/check your email/i);
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    await expect(
      useSessionStore
        .getState()
        .register({ name: 'A', email: 'a@b.c', companyName: 'L', password: 'p' }),
    ).rejects.toThrow(/^Registration failed$/);
  });
});

describe('session store: logout and refresh', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'authenticated', token: 't1', user: USER });
    localStorage.setItem('token', 't1');
    localStorage.setItem('userData', JSON.stringify(USER));
  });

  it('logout clears everything and goes to /login even if the call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await useSessionStore.getState().logout();
    expect(session()).toEqual({ status: 'unauthenticated', token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect([String(url), init?.method]).toEqual(['/api/logout', 'POST']);
  });

  it('refresh logs out on Unauthorized / 401', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/me'
        ? Response.json({ error: 'Unauthorized' }, { status: 401 })
        : new Response(null, { status: 204 }),
    );
    await expect(useSessionStore.getState().refresh()).resolves.toBeNull();
    expect(session().status).toBe('unauthenticated');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('refresh keeps the session on other errors and rethrows them', async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Database busy' }, { status: 503 }));
    await expect(useSessionStore.getState().refresh()).rejects.toThrow('Database busy');
    expect(session().status).toBe('authenticated');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('recognises unauthorized errors by status or text', () => {
    expect(isUnauthorizedError(new ApiError(401))).toBe(true);
    expect(isUnauthorizedError(new Error('Request failed: 401'))).toBe(true);
    expect(isUnauthorizedError(new Error('unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(500, 'boom'))).toBe(false);
  });
});
