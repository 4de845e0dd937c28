import { Link, NavLink, useLocation } from 'react-router-dom';
import { HEADER_SECTIONS } from '../lib/sections';
import { labelForPath, isLandingPath } from '../navigation/routeMeta';
import { useSessionStore } from '../stores/useSessionStore';
import { Badge } from '../ui/Badge';
import { ButtonLink } from '../ui/ButtonLink';
import { cx } from '../ui/classNames';
import { AvatarMenu } from './AvatarMenu';
import { HeroToTopButton } from './HeroToTopButton';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cx('site-nav__link', isActive && 'site-nav__link--active');

export function Header() {
  const { pathname } = useLocation();
  const user = useSessionStore((s) => (s.status === 'authenticated' ? s.user : null));
  const landing = isLandingPath(pathname);
  const label = labelForPath(pathname);

  return (
    <header
      className={cx('site-header', landing && 'site-header--landing')}
      data-testid={landing ? 'landing-header' : 'app-header'}
    >
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label="Cusp – home">
          <Logo />
          <span className="brand__word">Cusp</span>
        </Link>
        <Badge tone={landing ? 'on-dark' : 'brand'} className="page-badge" data-testid="page-badge">
          {label}
        </Badge>
        {landing ? <HeroToTopButton /> : null}

        <nav className="site-nav" aria-label="Main">
          {landing ? (
            <ul className="site-nav__list site-nav__list--sections">
              {HEADER_SECTIONS.map((s) => (
                <li key={s.id}>
                  <Link className="site-nav__link" to={{ pathname: '/', hash: `#${s.id}` }}>
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {user ? (
            <>
              <ul className="site-nav__list site-nav__list--app">
                <li>
                  <NavLink className={navClass} to="/dashboard" end>
                    Dashboard
                  </NavLink>
                </li>
                <li>
                  <NavLink className={navClass} to="/projects/new">
                    New Project
                  </NavLink>
                </li>
                <li>
                  <NavLink className={navClass} to="/public-upload">
                    Public Upload
                  </NavLink>
                </li>
              </ul>
              <AvatarMenu user={user} />
            </>
          ) : (
            <>
              <ul className="site-nav__list site-nav__list--app">
                <li>
                  <NavLink className={navClass} to="/viewer/demo">
                    Demo
                  </NavLink>
                </li>
                <li>
                  <NavLink className={navClass} to="/public-upload">
                    Public Upload
                  </NavLink>
                </li>
              </ul>
              <ButtonLink
                to="/login"
                variant={landing ? 'accent' : 'primary'}
                size="sm"
                icon="log-in"
                className="site-nav__login"
              >
                Login
              </ButtonLink>
              <MobileMenu landing={landing} />
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
