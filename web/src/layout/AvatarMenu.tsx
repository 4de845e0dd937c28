import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { PublicUser } from '../api/contract';
import { useDismiss } from '../hooks/useDismiss';
import { useSessionStore } from '../stores/useSessionStore';
import { Avatar } from '../ui/Avatar';
import { Badge } from '../ui/Badge';
import { Icon, type IconName } from '../ui/Icon';

export interface AvatarMenuProps {
  /** The signed-in user. */
  user: PublicUser;
}

interface MenuLink {
  to: string;
  label: string;
  icon: IconName;
}

/** Account menu: who is signed in, the app's links (Admin Panel only for admins), Log out. */
export function AvatarMenu({ user }: AvatarMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const logout = useSessionStore((s) => s.logout);
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrapRef, buttonRef);

  // Any navigation closes the menu.
  useEffect(() => close(), [pathname, close]);

  const links: MenuLink[] = [
    { to: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
    { to: '/projects/new', label: 'New Project', icon: 'plus' },
    { to: '/public-upload', label: 'Public Upload', icon: 'upload' },
    { to: '/viewer/demo', label: 'Demo', icon: 'cube' },
    { to: '/settings', label: 'Settings', icon: 'mail' },
  ];
  if (user.role === 'admin') links.push({ to: '/admin', label: 'Admin Panel', icon: 'shield' });

  return (
    <div className="avatar-menu" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-menu__trigger"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The name from the content, not an aria-label the visible initials are not part of. */}
        <span className="visually-hidden">{`Account menu for ${user.name || user.email}`}</span>
        <Avatar name={user.name} email={user.email} />
        <Icon name="chevron-down" size="sm" className="avatar-menu__chevron" />
      </button>
      {open ? (
        <div className="menu" id={menuId} data-testid="avatar-menu">
          <div className="menu__section avatar-menu__who">
            <Avatar name={user.name} email={user.email} size="lg" />
            <div className="avatar-menu__id">
              <p className="avatar-menu__name">{user.name}</p>
              <p className="avatar-menu__email">{user.email}</p>
              {user.role === 'admin' ? (
                <Badge tone="brand" className="avatar-menu__role">
                  Admin
                </Badge>
              ) : null}
            </div>
          </div>
          <hr className="menu__separator" />
          <ul className="menu__list">
            {links.map((l) => (
              <li key={l.to}>
                <Link className="menu__item" to={l.to}>
                  <Icon name={l.icon} />
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <hr className="menu__separator" />
          <button
            type="button"
            className="menu__item menu__item--danger"
            onClick={() => {
              close();
              void logout();
            }}
          >
            <Icon name="log-out" />
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}
