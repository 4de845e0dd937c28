import { Icon, type IconName } from '../../ui/Icon';

export interface PanelHeaderProps {
  /** Icon before the title. */
  icon: IconName;
  /** Title on desktop (an h2). */
  title: string;
  /** Label of the fold button on mobile (e.g. 'Layers (7)'). */
  foldLabel: string;
  /** Mobile: the header is a button folding the panel body. */
  compact: boolean;
  /** Mobile: whether the body is unfolded. */
  expanded: boolean;
  onToggle(): void;
  /** Accessible name of the desktop close button. */
  closeLabel: string;
  onClose(): void;
}

/** The header every viewer panel shares: a title and close button, or a fold on mobile. */
export function PanelHeader(p: PanelHeaderProps) {
  return (
    <header className="vpanel__header">
      {p.compact ? (
        <button
          type="button"
          className="vpanel__fold"
          aria-expanded={p.expanded}
          onClick={p.onToggle}
        >
          <Icon name={p.icon} size="sm" />
          <span>{p.foldLabel}</span>
          <Icon
            name="chevron-down"
            size="sm"
            className={p.expanded ? 'vl-chevron' : 'vl-chevron vl-chevron--closed'}
          />
        </button>
      ) : (
        <h2 className="vpanel__title">
          <Icon name={p.icon} size="sm" /> {p.title}
        </h2>
      )}
      {p.compact ? null : (
        <button
          type="button"
          className="vpanel__close"
          aria-label={p.closeLabel}
          onClick={p.onClose}
        >
          <Icon name="x" size="sm" />
        </button>
      )}
    </header>
  );
}
