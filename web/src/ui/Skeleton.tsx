import { cx } from './classNames';

export interface SkeletonProps {
  /** Shape: a text line, a title line, a block (cards, images) or a circle (avatars). */
  variant?: 'text' | 'title' | 'block' | 'circle';
  /** Width for text lines, as a share of the container. */
  width?: 40 | 60 | 80 | 100;
  /** Extra class names (e.g. to set a height). */
  className?: string;
}

/** A shimmering placeholder shown while content loads; hidden from screen readers. */
export function Skeleton({ variant = 'text', width = 100, className }: SkeletonProps) {
  return (
    <span
      className={cx(
        'skeleton',
        `skeleton--${variant}`,
        width !== 100 && `skeleton--w-${width}`,
        className,
      )}
      aria-hidden="true"
    />
  );
}
