import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../../api/src/http/redact.js';

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

  it('leaves other paths alone', () => {
    expect(redactUrl('/api/projects/123?page=2')).toBe('/api/projects/123?page=2');
  });
});
