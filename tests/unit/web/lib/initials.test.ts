import { describe, expect, it } from 'vitest';
import { AVATAR_TONES, avatarTone, initialsOf } from '../../../../web/src/lib/initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last name', () => {
    expect(initialsOf('Ana María López')).toBe('AL');
    expect(initialsOf('  jean-luc   picard ')).toBe('JP');
  });

  it('uses one letter for a one-word name', () => {
    expect(initialsOf('Cher')).toBe('C');
  });

  it('handles non-Latin letters and upper-cases them', () => {
    expect(initialsOf('łukasz żak')).toBe('ŁŻ');
    expect(initialsOf('Δημήτρης Παπάς')).toBe('ΔΠ');
  });

  it('skips punctuation-only words', () => {
    expect(initialsOf('Dr. - Who')).toBe('DW');
  });

  it('falls back to the e-mail, then to a question mark', () => {
    expect(initialsOf('', 'zoe@lab.example')).toBe('Z');
    expect(initialsOf(null, null)).toBe('?');
    expect(initialsOf('   ', '')).toBe('?');
  });
});

describe('avatarTone', () => {
  it('is stable for the same person and within the palette', () => {
    const a = avatarTone('ana@lab.example');
    expect(avatarTone('ana@lab.example')).toBe(a);
    for (const seed of ['', 'x', 'ana@lab.example', 'sam@cusp.example', 'ü'.repeat(50)]) {
      const t = avatarTone(seed);
      expect(Number.isInteger(t) && t >= 0 && t < AVATAR_TONES).toBe(true);
    }
  });

  it('spreads different people over several tones', () => {
    const tones = new Set(Array.from({ length: 40 }, (_, i) => avatarTone(`user${i}@x.example`)));
    expect(tones.size).toBeGreaterThan(4);
  });
});
