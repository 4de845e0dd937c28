import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { Icon, type IconName } from '../../ui/Icon';

export interface AuthCardProps {
  'data-testid': string;
  icon: IconName;
  title: string;
  lead: string;
  /** The line under the card's content (the link to the other auth page). */
  footer: ReactNode;
  children: ReactNode;
}

/** The page and card around the sign-in and registration forms. */
export function AuthCard({
  'data-testid': testId,
  icon,
  title,
  lead,
  footer,
  children,
}: AuthCardProps) {
  return (
    <div className="page page--auth" data-testid={testId}>
      <div className="container container--auth">
        <Card className="auth-card">
          <div className="auth-card__head">
            <span className="icon-tile">
              <Icon name={icon} />
            </span>
            <h1 className="auth-card__title">{title}</h1>
            <p className="auth-card__lead">{lead}</p>
          </div>
          {children}
          <p className="auth-card__footer">{footer}</p>
        </Card>
      </div>
    </div>
  );
}
