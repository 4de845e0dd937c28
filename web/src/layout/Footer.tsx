import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../lib/contact';
import { Icon } from '../ui/Icon';
import { Logo } from './Logo';

/** Site footer: Product and Legal link groups and the support mailbox. */
export function Footer() {
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--footer" aria-label="Cusp – home">
            <Logo />
            <span className="brand__word">Cusp</span>
          </Link>
          <p className="site-footer__tagline">
            Share 3D dental scans with a browser link. Doctors view, comment and approve — no
            account, no install. Free and independent, made by a technician for technicians.
          </p>
        </div>

        <nav className="site-footer__group" aria-labelledby="footer-product">
          <h2 id="footer-product" className="site-footer__heading">
            Product
          </h2>
          <ul>
            <li>
              <Link to="/viewer/demo">Demo</Link>
            </li>
            <li>
              <Link to={{ pathname: '/', hash: '#features' }}>Features</Link>
            </li>
            <li>
              <Link to={{ pathname: '/', hash: '#comparison' }}>Comparison</Link>
            </li>
            <li>
              <Link to={{ pathname: '/', hash: '#about' }}>About</Link>
            </li>
            <li>
              <Link to="/register">Sign Up</Link>
            </li>
          </ul>
        </nav>

        <nav className="site-footer__group" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            Legal
          </h2>
          <ul>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/login">Login</Link>
            </li>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__group">
          <h2 className="site-footer__heading">Support</h2>
          <a className="site-footer__mail" href={`mailto:${SUPPORT_EMAIL}`}>
            <Icon name="mail" size="sm" />
            {SUPPORT_EMAIL}
          </a>
          <p className="site-footer__note">Questions, bug reports and deletion requests.</p>
        </div>
      </div>

      <div className="container site-footer__bottom">
        <p>© 2025 Cusp · A free, experimental tool — not a medical device.</p>
        <ul className="site-footer__legal-links" aria-label="Policies">
          <li>
            <Link to="/privacy">Privacy</Link>
          </li>
          <li>
            <Link to="/cookies">Cookies</Link>
          </li>
          <li>
            <Link to="/gdpr">GDPR</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
