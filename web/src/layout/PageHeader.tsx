import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** Small label above the title. */
  eyebrow?: string;
  /** The page's h1. */
  title: ReactNode;
  /** One or two sentences under the title. */
  description?: ReactNode;
  /** Buttons aligned to the right on wide screens. */
  actions?: ReactNode;
}

/** Title block at the top of an app page. */
export function PageHeader({ eyebrow, title, description, actions }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="page-header__text">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
