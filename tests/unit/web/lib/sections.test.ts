import { describe, expect, it } from 'vitest';
import {
  HERO_TO_TOP_AT_PX,
  LANDING_SECTIONS,
  SCROLL_TOP_AFTER_PX,
  SIDE_NAV_AFTER_PX,
  activeSectionIndex,
} from '../../../../web/src/lib/sections';

describe('landing sections', () => {
  it('are the spec ids in page order', () => {
    expect(LANDING_SECTIONS.map((s) => s.id)).toEqual([
      'hero',
      'comparison',
      'features',
      'about',
      'demo',
    ]);
  });

  it('use the spec scroll distances', () => {
    expect([SIDE_NAV_AFTER_PX, SCROLL_TOP_AFTER_PX, HERO_TO_TOP_AT_PX]).toEqual([200, 300, 500]);
  });
});

describe('activeSectionIndex', () => {
  const tops = [0, 800, 1600, 2600, 3400];
  it('is the last section whose top passed the line below the header', () => {
    expect(activeSectionIndex(tops, 0)).toBe(0);
    expect(activeSectionIndex(tops, 679)).toBe(0);
    expect(activeSectionIndex(tops, 680)).toBe(1);
    expect(activeSectionIndex(tops, 3000)).toBe(3);
    expect(activeSectionIndex(tops, 9000)).toBe(4);
  });

  it('ignores sections that are not measured yet', () => {
    expect(activeSectionIndex([0, Number.POSITIVE_INFINITY], 5000)).toBe(0);
    expect(activeSectionIndex([], 100)).toBe(0);
  });
});
