import { describe, expect, it } from 'vitest';
import { PAGE_CSP, pageCsp } from '../../../../api/src/http/securityHeaders.js';

describe('pageCsp', () => {
  it('allows only same-origin scripts and wasm by default', () => {
    expect(pageCsp({ turnstile: false, viewer: false })).toBe(PAGE_CSP);
    expect(PAGE_CSP).not.toMatch(/https:|'unsafe-inline'|'unsafe-eval'/);
  });

  it('lets the Turnstile widget load when it is the bot check', () => {
    const csp = pageCsp({ turnstile: true, viewer: false });
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://challenges.cloudflare.com");
    expect(csp).toContain('frame-src https://challenges.cloudflare.com');
  });

  it('never loads a third-party script on a viewer page (capability URL)', () => {
    expect(pageCsp({ turnstile: true, viewer: true })).toBe(PAGE_CSP);
  });
});
