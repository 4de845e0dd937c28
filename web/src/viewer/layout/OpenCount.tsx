import { openCount, useReviewStore } from '../review/reviewStore';

/** The number of open comments as a small badge (nothing while there are none). */
export function OpenCount() {
  const open = useReviewStore((s) => openCount(s.entries));
  if (open === 0) return null;
  return (
    <span className="vcount" data-testid="open-count">
      <span aria-hidden="true">{open}</span>
      <span className="visually-hidden">{` (${open} open)`}</span>
    </span>
  );
}
