import { useEffect, useState } from 'react';
import { useScrollY } from '../../hooks/useScrolledPast';
import { LANDING_SECTIONS, SIDE_NAV_AFTER_PX, activeSectionIndex } from '../../lib/sections';
import { cx } from '../../ui/classNames';

function sectionTops(): number[] {
  return LANDING_SECTIONS.map((s) => {
    const el = document.getElementById(s.id);
    return el ? el.getBoundingClientRect().top + window.scrollY : Number.POSITIVE_INFINITY;
  });
}

/** Dots at the right edge, one per section; shown after 200 px of scroll on wide screens. */
export function SideDotNav() {
  const scrollY = useScrollY();
  const [tops, setTops] = useState<number[]>([]);

  useEffect(() => {
    const measure = () => setTops(sectionTops());
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const shown = scrollY >= SIDE_NAV_AFTER_PX;
  const atBottom =
    typeof document !== 'undefined' &&
    window.innerHeight + scrollY >= document.documentElement.scrollHeight - 4;
  const active = atBottom ? LANDING_SECTIONS.length - 1 : activeSectionIndex(tops, scrollY);

  return (
    <nav
      className={cx('dot-nav', shown && 'dot-nav--shown')}
      aria-label="Page sections"
      data-testid="side-dot-nav"
      aria-hidden={!shown}
    >
      <ul>
        {LANDING_SECTIONS.map((s, i) => (
          <li key={s.id}>
            <button
              type="button"
              className={cx('dot-nav__dot', i === active && 'dot-nav__dot--active')}
              aria-label={`Go to ${s.label}`}
              aria-current={i === active ? 'true' : undefined}
              tabIndex={shown ? 0 : -1}
              onClick={() =>
                document
                  .getElementById(s.id)
                  ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
              }
            >
              <span className="dot-nav__label">{s.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
