import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../../web/src/navigation/redirectTarget';

describe('redirectTarget', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(
      redirectTarget({ from: { pathname: '/projects/new', search: '?a=1', hash: '#files' } }),
    ).toBe('/projects/new?a=1#files');
  });

  it('defaults to /dashboard without an origin', () => {
    expect(redirectTarget(null)).toBe('/dashboard');
    expect(redirectTarget(undefined)).toBe('/dashboard');
    expect(redirectTarget({})).toBe('/dashboard');
    expect(redirectTarget({ from: 'x' })).toBe('/dashboard');
  });

  it('never leaves the app or loops back to sign-in', () => {
    expect(redirectTarget({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '/register' } })).toBe('/dashboard');
  });
});
