import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './classNames';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'on-dark' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight; default secondary. */
  variant?: ButtonVariant;
  /** Height and padding; default md. */
  size?: ButtonSize;
  /** Icon before the label. */
  icon?: IconName;
  /** Icon after the label. */
  iconAfter?: IconName;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  /** Full width. */
  block?: boolean;
  /** Square button with only an icon; pass aria-label. */
  iconOnly?: boolean;
  /** The button element (to give it focus back, for one). */
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

/** Class names for a button look, shared with ButtonLink. */
export function buttonClass(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'md',
  extra?: { block?: boolean; iconOnly?: boolean; className?: string },
): string {
  return cx(
    'btn',
    `btn--${variant}`,
    size !== 'md' && `btn--${size}`,
    extra?.block && 'btn--block',
    extra?.iconOnly && 'btn--icon',
    extra?.className,
  );
}

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  iconAfter,
  loading = false,
  block,
  iconOnly,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, { block, iconOnly, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" label="" /> : icon ? <Icon name={icon} /> : null}
      {children}
      {iconAfter && !loading ? <Icon name={iconAfter} /> : null}
    </button>
  );
}
