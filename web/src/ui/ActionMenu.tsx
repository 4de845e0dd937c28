import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useDismiss } from '../hooks/useDismiss';
import { buttonClass } from './Button';
import { Icon } from './Icon';

export interface ActionMenuProps {
  /** Accessible name of the trigger, e.g. 'More actions for Upper crowns'. */
  label: string;
  /**
   * The items: elements with `role="menuitem"` and class `menu__item` (buttons or links).
   * Choosing one closes the menu.
   */
  children: ReactNode;
}

const items = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

/**
 * A "⋯" button with a menu of secondary actions (WAI-ARIA menu button): Enter, Space or ↓ open
 * it on the first item, ↑/↓/Home/End move, Escape closes it back to the button, Tab and a click
 * outside close it.
 */
export function ActionMenu({ label, children }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrapRef, buttonRef);

  useEffect(() => {
    if (open) items(menuRef.current)[0]?.focus();
  }, [open]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Tab') close();
  };

  return (
    <div className="action-menu" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass('secondary', 'sm', { iconOnly: true })}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="more" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          className="menu action-menu__menu"
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          onClick={(e) => {
            if (!(e.target as HTMLElement).closest('[role="menuitem"]')) return;
            // Back on the trigger before the menu goes, so a dialog the item opens returns there.
            buttonRef.current?.focus();
            close();
          }}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
