import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INVALID_TEXT,
  TEXT_RULE,
  isLineText,
  isMultilineText,
} from '../../../../api/src/domain/text.js';

/** Code points the rule refuses wherever they stand (tab and line feed aside). */
const REFUSED_ANYWHERE = [
  0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0x202a, 0x202b, 0x202c,
  0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** The rule written out code point by code point: what each kind of field may hold. */
function allowed(s: string, multiline: boolean): boolean {
  let marks = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const high = c >= 0xd800 && c <= 0xdbff;
    const low = c >= 0xdc00 && c <= 0xdfff;
    if (high && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        marks = /\p{M}/u.test(s.slice(i, i + 2)) ? marks + 1 : 0;
        if (marks >= 8) return false;
        i++;
        continue;
      }
    }
    if (high || low) return false;
    if (c === 0x09 || c === 0x0a) {
      if (!multiline) return false;
    } else if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) return false;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return false;
    marks = /\p{M}/u.test(s[i]!) ? marks + 1 : 0;
    if (marks >= 8) return false;
  }
  return true;
}

// Any UTF-16 code unit (lone surrogates included), weighted towards the interesting ones.
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(...REFUSED_ANYWHERE.map((c) => String.fromCharCode(c)), '\t', '\n', '\u0301'),
  fc.constantFrom('😀', '👩‍👩‍👧', 'é', 'ש', '\u200d', '\u200f'),
);
const text = fc.array(unit, { maxLength: 40 }).map((a) => a.join(''));

describe('the free-text rule', () => {
  it('refuses NUL, lone surrogates and bidi overrides, and passes ordinary text', () => {
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00', 'scan\u202Eltsexe', 'x\u2066y']) {
      expect(isLineText(bad), JSON.stringify(bad)).toBe(false);
      expect(isMultilineText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of [
      'Jane Q. Patientname',
      "Robert'); DROP TABLE projects;--",
      'Zoë Ångström',
      'שלום עולם\u200f',
      'Family 👩‍👩‍👧 lab',
      'می\u200cخواهم',
      '',
    ]) {
      expect(isLineText(good), JSON.stringify(good)).toBe(true);
      expect(isMultilineText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it('allows tab and line feed in multi-line text only; CR and C1 controls nowhere', () => {
    expect(isMultilineText('Upper margin:\n\t16 and 17')).toBe(true);
    expect(isLineText('Upper margin:\n16')).toBe(false);
    expect(isLineText('Upper\t16')).toBe(false);
    for (const bad of ['a\r\nb', 'a\u0085b', 'a\u007fb', 'a\u009bb', 'a\u000bb']) {
      expect(isMultilineText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses eight combining marks in a row, not seven', () => {
    expect(isLineText(`a${'\u0301'.repeat(7)}`)).toBe(true);
    expect(isLineText(`a${'\u0301'.repeat(8)}`)).toBe(false);
  });

  it('decides every string as the rule written out code point by code point does', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(isLineText(s)).toBe(allowed(s, false));
        expect(isMultilineText(s)).toBe(allowed(s, true));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses any text with a refused character put anywhere in it', () => {
    const refused = fc.constantFrom(
      ...REFUSED_ANYWHERE.map((c) => String.fromCharCode(c)),
      ...LONE_SURROGATES,
    );
    // Clean text has no lone surrogate at its ends, so an inserted one cannot pair up.
    const clean = text.filter((s) => allowed(s, true));
    fc.assert(
      fc.property(clean, refused, clean, (before, bad, after) => {
        expect(isMultilineText(before + bad + after)).toBe(false);
        expect(isLineText(before + bad + after)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('works as a zod refinement that carries the invalid_text code', () => {
    const schema = z.string().refine(isLineText, TEXT_RULE);
    expect(schema.safeParse('Smile Lab').success).toBe(true);
    const r = schema.safeParse('Smile\u0000Lab');
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0]!;
    expect(issue.code).toBe('custom');
    expect(issue.code === 'custom' && issue.params?.code).toBe(INVALID_TEXT);
    expect(issue.message).toMatch(/not allowed/);
  });
});
