import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../../../../web/src/components/project/format';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const H = 60 * MIN;

describe('relative activity time', () => {
  it('says minutes, hours, yesterday and days, then the date', () => {
    expect(formatRelative(ago(20_000), NOW)).toBe('just now');
    expect(formatRelative(ago(5 * MIN), NOW)).toBe('5 min ago');
    expect(formatRelative(ago(2 * H + 10 * MIN), NOW)).toBe('2 h ago');
    expect(formatRelative(ago(30 * H), NOW)).toBe('yesterday');
    expect(formatRelative(ago(3 * 24 * H), NOW)).toBe('3 days ago');
    expect(formatRelative('2026-10-01T12:00:00.000Z', NOW)).toMatch(/^Oct 0[12], 2026$/);
  });

  it('a time slightly ahead of the clock reads as just now, an unreadable one as nothing', () => {
    expect(formatRelative(new Date(NOW + 5000).toISOString(), NOW)).toBe('just now');
    expect(formatRelative('soon', NOW)).toBe('');
  });
});
