import { describe, expect, it } from 'vitest';
import { canonicalEmail } from '../../../../api/src/auth/email.js';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../../../../api/src/domain/passwordPolicy.js';

describe('canonicalEmail', () => {
  it('trims and lower-cases, so Lab@Example.COM and lab@example.com are one account', () => {
    expect(canonicalEmail('  Lab@Example.COM ')).toBe('lab@example.com');
  });

  it('stores an internationalised domain as punycode', () => {
    expect(canonicalEmail('doc@bücher.de')).toBe('doc@xn--bcher-kva.de');
  });

  it.each([
    'doc@x.com\r\nBcc: victim@y.com',
    'doc@x.com%0d%0aBcc:y',
    '"a\nb"@x.com',
    '"admin@lab.com" <evil@x.com>',
    'a@x.com, b@y.com',
    'аdmin@lab.com',
    'no-at-sign',
    'a@localhost',
    `${'a'.repeat(250)}@x.com`,
  ])('refuses %j', (raw) => {
    expect(canonicalEmail(raw)).toBeNull();
  });
});

describe('password policy', () => {
  it(`needs ${PASSWORD_MIN_LENGTH} characters and accepts 64`, () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1) + '')).toBe('too_short');
    expect(
      passwordProblem('x7!Kq2#mZp9@vL4$wR8^tY3&bN6*cH1(' + 'abcdefghijklmnopqrstuvwxyzABCDEF'),
    ).toBeNull();
  });

  it('refuses a 2 KB password and a well-known one', () => {
    expect(passwordProblem('a'.repeat(2048))).toBe('too_long');
    expect(passwordProblem('Password1234')).toBe('too_common');
  });
});
