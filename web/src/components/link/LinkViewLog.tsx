import { viewLine, type LinkView } from './linkText';

/** Every logged opening of a link, newest first; an empty state when there is none. */
export function LinkViewLog({ views }: { views: LinkView[] }) {
  if (views.length === 0) {
    return (
      <p className="link-log__empty" data-testid="link-view-log">
        Nobody has opened the link yet.
      </p>
    );
  }
  return (
    // A scroll area of its own: focusable, so the keyboard can scroll it (WCAG 2.1.1).
    <ol className="link-log" data-testid="link-view-log" aria-label="Link openings" tabIndex={0}>
      {views.map((v, i) => {
        const line = viewLine(v);
        return (
          <li key={`${v.openedAt}-${i}`} className="link-log__item">
            <time dateTime={v.openedAt}>{line.when}</time>
            <span>{line.device}</span>
          </li>
        );
      })}
    </ol>
  );
}
