import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useDismiss } from '../hooks/useDismiss';
import { HEADER_SECTIONS } from '../lib/sections';
import { Icon } from '../ui/Icon';

export interface MobileMenuProps {
  /** On the landing page the menu also lists the page's sections. */
  landing: boolean;
}

/** The signed-out links folded behind a Menu button on narrow screens. */
export function MobileMenu({ landing }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrapRef, buttonRef);
  useEffect(() => close(), [location.pathname, location.hash, close]);

  return (
    <div className="mobile-menu" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="mobile-menu__trigger"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name={open ? 'x' : 'menu'} />
      </button>
      {open ? (
        <div className="menu" id={menuId}>
          <ul className="menu__list">
            {landing
              ? HEADER_SECTIONS.map((s) => (
                  <li key={s.id}>
                    <Link className="menu__item" to={{ pathname: '/', hash: `#${s.id}` }}>
                      <Icon name="compass" />
                      {s.label}
                    </Link>
                  </li>
                ))
              : null}
            <li>
              <Link className="menu__item" to="/viewer/demo">
                <Icon name="cube" />
                Demo
              </Link>
            </li>
            <li>
              <Link className="menu__item" to="/public-upload">
                <Icon name="upload" />
                Public Upload
              </Link>
            </li>
            <li>
              <Link className="menu__item" to="/register">
                <Icon name="user" />
                Create account
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
