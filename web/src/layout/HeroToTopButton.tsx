import { useScrolledPast } from '../hooks/useScrolledPast';
import { HERO_TO_TOP_AT_PX } from '../lib/sections';
import { Icon } from '../ui/Icon';
import { cx } from '../ui/classNames';

/** Landing header button back to the hero, shown from 500 px of scroll. */
export function HeroToTopButton() {
  const shown = useScrolledPast(HERO_TO_TOP_AT_PX);
  return (
    <button
      type="button"
      className={cx('hero-to-top', shown && 'hero-to-top--shown')}
      data-testid="hero-to-top"
      aria-hidden={!shown}
      tabIndex={shown ? 0 : -1}
      onClick={() => {
        document.getElementById('hero')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      <Icon name="arrow-up" size="sm" />
      <span>Back to top</span>
    </button>
  );
}
