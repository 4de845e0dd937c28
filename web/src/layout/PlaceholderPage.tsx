import type { ReactNode } from 'react';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { Icon, type IconName } from '../ui/Icon';
import { cx } from '../ui/classNames';
import { PageHeader } from './PageHeader';

export interface PlaceholderPageProps {
  /** Icon in the panel. */
  icon: IconName;
  /** Small label above the title. */
  eyebrow: string;
  /** The page's h1. */
  title: string;
  /** What the page is for. */
  description: string;
  /** What the finished screen will offer, one line each. */
  points: readonly string[];
  /** Ways forward from here. */
  actions?: ReactNode;
  /** 'page' for app pages, 'auth' for a narrow centred card. */
  layout?: 'page' | 'auth';
  /** Test hook for the page root. */
  testId?: string;
}

/**
 * A screen whose feature ships in a later release: it says what the screen is for and offers
 * ways on, instead of a blank page.
 */
export function PlaceholderPage({
  icon,
  eyebrow,
  title,
  description,
  points,
  actions,
  layout = 'page',
  testId,
}: PlaceholderPageProps) {
  return (
    <div className={cx('page', layout === 'auth' && 'page--auth')} data-testid={testId}>
      <div className={cx('container', layout === 'auth' && 'container--auth')}>
        <PageHeader eyebrow={eyebrow} title={title} description={description} />
        <Card className="upcoming">
          <div className="upcoming__head">
            <span className="icon-tile">
              <Icon name={icon} />
            </span>
            <div>
              <Badge tone="warning" dot>
                In development
              </Badge>
              <p className="upcoming__lead">This screen opens in an upcoming release of Cusp.</p>
            </div>
          </div>
          <ul className="upcoming__list">
            {points.map((p) => (
              <li key={p}>
                <Icon name="check" size="sm" />
                <span>{p}</span>
              </li>
            ))}
          </ul>
          {actions ? <div className="upcoming__actions">{actions}</div> : null}
        </Card>
      </div>
    </div>
  );
}
