import type { ReactNode } from 'react';
import { cx } from './classNames';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info' | 'on-dark';

export interface BadgeProps {
  /** Colour; default neutral. */
  tone?: BadgeTone;
  /** Shows a small dot before the text. */
  dot?: boolean;
  /** Extra class names. */
  className?: string;
  /** Test hook. */
  'data-testid'?: string;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', dot = false, className, children, ...rest }: BadgeProps) {
  return (
    <span className={cx('badge', `badge--${tone}`, className)} {...rest}>
      {dot ? <span className="badge__dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
