import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../../api/src/http/redact.js';

const TOKEN = 'pub_SECRETsecretSECRETsecretSECRETsecretSECRE';
const BARE = 'SECRETsecretSECRETsecretSECRETsecretSECRETs';

describe('redactUrl', () => {
  it('hides share tokens in viewer and public API paths', () => {
    expect(redactUrl('/viewer/pub_abcDEF123')).toBe('/viewer/[redacted]');
    expect(redactUrl('/api/public/projects/pub_abc/files/a.stl')).toBe(
      '/api/public/projects/[redacted]/files/a.stl',
    );
  });

  it('hides verification tokens in paths and queries', () => {
    expect(redactUrl('/api/verify-email/abc123')).toBe('/api/verify-email/[redacted]');
    expect(redactUrl('/verify-email?token=abc&x=1')).toBe('/verify-email?token=[redacted]&x=1');
  });

  it('matches the decoded, normalised path: percent-encoding, case, dot and empty segments', () => {
    for (const url of [
      `/api/publi%63/projects/${TOKEN}`,
      `/%61pi/public/projects/${TOKEN}`,
      `/api/public%2Fprojects/${TOKEN}`,
      `/api/%2570ublic/projects/${TOKEN}`,
      `/API/Public/Projects/${TOKEN}`,
      `//api//public/./projects/${TOKEN}`,
      `/api/x/../public/projects/${TOKEN}`,
      `/api\\public\\projects\\${TOKEN}`,
      `/api/public/projects;v=1/${TOKEN}`,
      `/Viewer/${TOKEN}`,
      `/VIEWER/${TOKEN}/`,
      `/%76iewer/${TOKEN}`,
      `/viewer/%70ub_${TOKEN.slice(4, 30)}`,
    ]) {
      const out = redactUrl(url);
      expect(out, url).toMatch(/\/\[redacted\]\/?$/);
      expect(out, url).not.toContain('SECRET');
    }
    expect(redactUrl(`/%61pi/publi%63/projects/${TOKEN}/files/a.stl`)).toBe(
      '/api/public/projects/[redacted]/files/a.stl',
    );
  });

  it('hides token-shaped segments and values anywhere, and token query keys in any spelling', () => {
    expect(redactUrl(`/api/reset-password/${BARE}`)).toBe('/api/reset-password/[redacted]');
    expect(redactUrl(`/somewhere/${TOKEN}.json`)).toBe('/somewhere/[redacted].json');
    expect(redactUrl(`/reset-password?code=${BARE}&x=1`)).toBe(
      '/reset-password?code=[redacted]&x=1',
    );
    expect(redactUrl('/verify-email?%74oken=abc')).toBe('/verify-email?%74oken=[redacted]');
    expect(redactUrl('/x?TOKEN=abc&publicToken=def')).toBe(
      '/x?TOKEN=[redacted]&publicToken=[redacted]',
    );
    expect(redactUrl(`/x?${TOKEN}`)).toBe('/x?[redacted]');
  });

  it('leaves other paths alone', () => {
    expect(redactUrl('/api/projects/123?page=2')).toBe('/api/projects/123?page=2');
    const id = '0b6f3c1e-7d2a-4c9b-9e1f-5a6b7c8d9e0f';
    expect(redactUrl(`/api/projects/${id}/view/${id}`)).toBe(`/api/projects/${id}/view/${id}`);
    expect(redactUrl('/assets/index-IA0Yglb4.js')).toBe('/assets/index-IA0Yglb4.js');
    expect(redactUrl('/')).toBe('/');
  });
});
