/**
 * The password rule (OWASP ASVS 6.2): a length range and a refusal of well-known
 * passwords; no composition rules, no truncation, no case folding. Pure: the web form imports
 * the same constants to show the rule.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** Characters; the byte cap below keeps argon2 from hashing megabytes. */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MAX_BYTES = 1024;

export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`;

/**
 * Common passwords that are long enough to pass the length rule (shorter ones fail anyway), from
 * the top of public breach lists. Compared case-insensitively.
 */
const COMMON = new Set(
  [
    '123456789012',
    '1234567890123',
    '12345678901234',
    '123456789012345',
    '1234567891011',
    '111111111111',
    '000000000000',
    '123123123123',
    '112233445566',
    '098765432109',
    'abcdefghijkl',
    'abc123456789',
    'abcd12345678',
    'password1234',
    'password12345',
    'password123456',
    'password123!',
    'password2024',
    'password2025',
    'password2026',
    'passwordpassword',
    'qwertyuiopasdfghjkl',
    'qwertyuiopas',
    'qwertyuiop12',
    'qwerty123456',
    'qwerty1234567',
    '1q2w3e4r5t6y',
    '1qaz2wsx3edc',
    'zaq12wsxcde3',
    'iloveyou1234',
    'letmein12345',
    'welcome12345',
    'welcome123456',
    'administrator',
    'admin1234567',
    'changeme1234',
    'trustno11234',
    'monkey123456',
    'football1234',
    'baseball1234',
    'sunshine1234',
    'princess1234',
    'starwars1234',
    'superman1234',
    'dragon123456',
    'master123456',
    'michael12345',
    'shadow123456',
    'whatever1234',
    'correcthorsebatterystaple',
    'aaaaaaaaaaaa',
    'asdfghjkl123',
    'asdfasdfasdf',
    'zxcvbnm12345',
    'lovelovelove',
    'p@ssw0rd1234',
    'passw0rd1234',
  ].map((p) => p.toLowerCase()),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

export function passwordProblem(password: string): PasswordProblem | null {
  const chars = [...password].length;
  if (chars < PASSWORD_MIN_LENGTH) return 'too_short';
  if (
    chars > PASSWORD_MAX_LENGTH ||
    new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES
  ) {
    return 'too_long';
  }
  if (COMMON.has(password.toLowerCase())) return 'too_common';
  return null;
}

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  too_long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  too_common: 'This password is too common. Please choose another one.',
};
