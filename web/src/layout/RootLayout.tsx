import { Outlet, useLocation } from 'react-router-dom';
import { showsFooter } from '../navigation/routeMeta';
import { Toaster } from '../ui/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollManager } from './ScrollManager';
import { ScrollToTopButton } from './ScrollToTopButton';

/** Frame of every page: skip link, header, the page, footer (not on /viewer), toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  const footer = showsFooter(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollManager />
      <Header />
      <main id="main" className={footer ? 'site-main' : 'site-main site-main--full'} tabIndex={-1}>
        <Outlet />
      </main>
      {footer ? <Footer /> : null}
      {footer ? <ScrollToTopButton /> : null}
      <Toaster />
    </>
  );
}
