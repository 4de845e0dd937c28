import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './classNames';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Element to render; default div. */
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  /** Inner padding; default true. */
  padded?: boolean;
  /** Lift on hover, for clickable cards. */
  interactive?: boolean;
  children?: ReactNode;
}

export function Card({
  as: Tag = 'div',
  padded = true,
  interactive = false,
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <Tag
      className={cx(
        'card',
        padded && 'card--padded',
        interactive && 'card--interactive',
        className,
      )}
      {...rest}
    >
      {children}
    </Tag>
  );
}
