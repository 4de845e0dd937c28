import { useScrolledPast } from '../hooks/useScrolledPast';
import { SCROLL_TOP_AFTER_PX } from '../lib/sections';
import { Icon } from '../ui/Icon';
import { cx } from '../ui/classNames';

/** Floating button back to the top, shown after 300 px of scroll. */
export function ScrollToTopButton() {
  const shown = useScrolledPast(SCROLL_TOP_AFTER_PX);
  return (
    <button
      type="button"
      className={cx('scroll-top', shown && 'scroll-top--shown')}
      aria-label="Scroll to top"
      data-testid="scroll-to-top"
      tabIndex={shown ? 0 : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <Icon name="arrow-up" />
    </button>
  );
}
