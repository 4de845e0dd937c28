import { describe, expect, it } from 'vitest';
import {
  grantCookie,
  grantFromCookies,
  grantValid,
  GRANT_TTL_MS,
  makeGrant,
} from '../../../../api/src/links/grant.js';

const key = Buffer.alloc(32, 7);
const now = new Date('2026-11-26T10:00:00.000Z');

describe('PIN grant', () => {
  it('holds for its token and PIN until it expires', () => {
    const g = makeGrant(key, 'tok', 'pin-1', now);
    expect(grantValid(key, g, 'tok', 'pin-1', now)).toBe(true);
    expect(grantValid(key, g, 'tok', 'pin-1', new Date(now.getTime() + GRANT_TTL_MS))).toBe(false);
    expect(grantValid(key, g, 'other', 'pin-1', now)).toBe(false);
    expect(grantValid(key, g, 'tok', 'pin-2', now)).toBe(false);
    expect(grantValid(Buffer.alloc(32, 8), g, 'tok', 'pin-1', now)).toBe(false);
    expect(grantValid(key, undefined, 'tok', 'pin-1', now)).toBe(false);
    expect(grantValid(key, `${Date.now() + 1e9}.${'A'.repeat(43)}`, 'tok', 'pin-1', now)).toBe(
      false,
    );
  });

  it('travels as an HttpOnly, SameSite=Strict cookie on the link API path only', () => {
    const c = grantCookie('v', 'pub_x', true);
    expect(c).toBe(
      `cusp_link_grant=v; Path=/api/public/projects/pub_x; Max-Age=${GRANT_TTL_MS / 1000}; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(grantFromCookies('a=1; cusp_link_grant=v ; b=2')).toBe('v');
    expect(grantFromCookies(undefined)).toBeUndefined();
  });
});
