import { describe, expect, it } from 'vitest';
import {
  matchesAll,
  normaliseForSearch,
  ProjectSearchTexts,
  searchWords,
} from '../../../../api/src/reads/searchTexts.js';

describe('search texts', () => {
  it('folds case and accents, in the text and in the words searched', () => {
    expect(normaliseForSearch('Chloé NGUYỄN — Zahntechnik Müller')).toBe(
      'chloe nguyen — zahntechnik muller',
    );
    expect(searchWords('  Éva   MÜLLER ')).toEqual(['eva', 'muller']);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('matches only when every word occurs somewhere in the text', () => {
    const text = 'case 12 crown\nchloe moreau\nlab nord';
    expect(matchesAll(text, ['chloe', 'crown'])).toBe(true);
    expect(matchesAll(text, ['chloe', 'bridge'])).toBe(false);
    expect(matchesAll(text, [])).toBe(true);
  });

  it('serves an entry only at the row revision it was opened at, and forgets on demand', () => {
    const cache = new ProjectSearchTexts();
    const e = cache.remember('p1', '3', {
      name: 'Bridge 14–16',
      patientName: 'Inès Dupré',
      laboratoryName: 'Lab Sud',
    });
    expect(e.sortName).toBe('bridge 14–16');
    expect(e.text).toBe('bridge 14–16\nines dupre\nlab sud');
    expect(cache.get('p1', '3')).toBe(e);
    expect(cache.get('p1', '4')).toBeUndefined();
    cache.forget('p1');
    expect(cache.get('p1', '3')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
