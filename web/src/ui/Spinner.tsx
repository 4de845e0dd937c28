import { cx } from './classNames';

export interface SpinnerProps {
  /** Diameter: sm 14 px, md 20 px, lg 36 px. */
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers; an empty string makes the spinner decorative. */
  label?: string;
  /** Extra class names. */
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  return (
    <span
      className={cx('spinner', size !== 'md' && `spinner--${size}`, className)}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}
