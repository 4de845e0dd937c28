import { avatarTone, initialsOf } from '../lib/initials';
import { cx } from './classNames';

export interface AvatarProps {
  /** Person's full name; initials come from its first and last word. */
  name?: string | null;
  /** Fallback for initials and the colour seed when there is no name. */
  email?: string | null;
  /** 36 px (md) or 44 px (lg). */
  size?: 'md' | 'lg';
  /** Extra class names. */
  className?: string;
}

/** Initials on a colour derived from the person; drawn locally, no avatar service is called. */
export function Avatar({ name, email, size = 'md', className }: AvatarProps) {
  const tone = avatarTone((email || name || '').toLowerCase());
  return (
    <span
      className={cx('avatar', `avatar--tone-${tone}`, size === 'lg' && 'avatar--lg', className)}
      aria-hidden="true"
      data-testid="avatar"
    >
      {initialsOf(name, email)}
    </span>
  );
}
