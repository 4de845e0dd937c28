/** Navigation section descriptor (id and label). */
export interface SectionDescriptor {
  id: string;
  label: string;
}

/** The landing page's sections, in page order (hero, comparison, features, about, demo). */
export const LANDING_SECTIONS: readonly SectionDescriptor[] = [
  { id: 'hero', label: 'Home' },
  { id: 'comparison', label: 'Comparison' },
  { id: 'features', label: 'Features' },
  { id: 'about', label: 'About' },
  { id: 'demo', label: 'Demo' },
];

/** Section links in the landing header. */
export const HEADER_SECTIONS: readonly SectionDescriptor[] = [
  { id: 'features', label: 'Features' },
  { id: 'comparison', label: 'Comparison' },
  { id: 'about', label: 'About' },
];

/** Scroll distances. */
export const SIDE_NAV_AFTER_PX = 200;
export const SCROLL_TOP_AFTER_PX = 300;
export const HERO_TO_TOP_AT_PX = 500;

/**
 * The section the reader is in: the last one whose top has passed a line a little below the
 * header. `tops` are document offsets in page order.
 */
export function activeSectionIndex(tops: readonly number[], scrollY: number, offset = 120): number {
  let active = 0;
  tops.forEach((top, i) => {
    if (scrollY + offset >= top) active = i;
  });
  return active;
}
