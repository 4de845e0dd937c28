import { Link } from 'react-router-dom';
import type { AttentionItem, AttentionKind } from '../../api/contract';
import { formatDateTime } from '../../components/project/format';
import { Icon, type IconName } from '../../ui/Icon';
import { attentionTarget, attentionText, sortAttention } from './attention';

export interface AttentionStripProps {
  /** Null while loading (nothing shown yet). */
  items: AttentionItem[] | null;
  now: number;
  /** A link about to close: its settings. */
  onLinkSettings: (item: AttentionItem) => void;
}

const ICONS: Record<AttentionKind, IconName> = {
  changes_requested: 'alert-triangle',
  new_comments: 'message',
  link_expiring: 'link',
  approved: 'check-circle',
};

/**
 * "Needs attention" at the top of the dashboard: changes requested, new doctor
 * comments, links closing within a week and approvals since the last visit, each opening the
 * place to act. A calm line when there is nothing; a strip that scrolls sideways on a phone.
 */
export function AttentionStrip({ items, now, onLinkSettings }: AttentionStripProps) {
  if (items === null) return null;
  return (
    <section className="attention" aria-labelledby="attention-title" data-testid="attention">
      <h2 id="attention-title" className="attention__title">
        Needs attention
      </h2>
      {items.length === 0 ? (
        <p className="attention__calm" data-testid="attention-empty">
          <Icon name="check" size="sm" /> Nothing waits for you right now.
        </p>
      ) : (
        <ul className="attention__list">
          {sortAttention(items).map((item) => {
            const target = attentionTarget(item);
            const body = (
              <>
                <Icon name={ICONS[item.kind]} className="attention__icon" />
                <span className="attention__text">
                  <span className="attention__name">{item.projectName}</span>
                  <span className="attention__what">{attentionText(item, now)}</span>
                </span>
              </>
            );
            return (
              <li
                key={`${item.kind}:${item.projectId}`}
                className={`attention__item attention__item--${item.kind}`}
                data-testid="attention-item"
                data-kind={item.kind}
                title={formatDateTime(item.at)}
              >
                {target.kind === 'page' ? (
                  <Link className="attention__open" to={target.to}>
                    {body}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="attention__open"
                    onClick={() => onLinkSettings(item)}
                  >
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
