import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button';
import { Icon, type IconName } from './Icon';

export interface ButtonLinkProps extends Omit<LinkProps, 'className'> {
  /** Visual weight; default secondary. */
  variant?: ButtonVariant;
  /** Height and padding; default md. */
  size?: ButtonSize;
  /** Icon before the label. */
  icon?: IconName;
  /** Icon after the label. */
  iconAfter?: IconName;
  /** Full width. */
  block?: boolean;
  /** Extra class names. */
  className?: string;
  children?: ReactNode;
}

/** A router link that looks like a Button. */
export function ButtonLink({
  variant = 'secondary',
  size = 'md',
  icon,
  iconAfter,
  block,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={buttonClass(variant, size, { block, className })} {...rest}>
      {icon ? <Icon name={icon} /> : null}
      {children}
      {iconAfter ? <Icon name={iconAfter} /> : null}
    </Link>
  );
}
