import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { LEGAL_EMAIL, PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../lib/contact';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { LEGAL_DOCUMENTS, LEGAL_LAST_UPDATED, legalDocumentFor } from './legalDocuments';
import './legal.css';

const CONTACTS = [
  { label: 'Support', email: SUPPORT_EMAIL, hint: 'Help with the service' },
  { label: 'Privacy', email: PRIVACY_EMAIL, hint: 'Your data and your rights' },
  { label: 'Legal', email: LEGAL_EMAIL, hint: 'Terms and legal notices' },
] as const;

/** /terms, /privacy, /cookies, /gdpr: one page, side menu, document chosen by the path. */
export function LegalPage() {
  const { pathname } = useLocation();
  const doc = legalDocumentFor(pathname);

  useEffect(() => {
    document.title = `${doc.title} — Cusp`;
    return () => {
      document.title = 'Cusp — Share 3D dental scans for review';
    };
  }, [doc.title]);

  return (
    <div className="page legal" data-testid="page-legal">
      <div className="container legal__layout">
        <aside className="legal__aside">
          <ButtonLink to="/" variant="ghost" size="sm" icon="arrow-left" className="legal__back">
            Back to Home
          </ButtonLink>
          <nav className="legal__menu" aria-label="Legal documents">
            <ul>
              {LEGAL_DOCUMENTS.map((d) => (
                <li key={d.path}>
                  <NavLink
                    to={d.path}
                    className={({ isActive }) =>
                      isActive ? 'legal__tab legal__tab--active' : 'legal__tab'
                    }
                  >
                    {d.menuLabel}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <article className="legal__doc" aria-labelledby="legal-title">
          <header className="legal__head">
            <div className="legal__meta">
              <Badge tone="warning" dot data-testid="legal-draft">
                Draft
              </Badge>
              <span className="legal__updated">Last updated: {LEGAL_LAST_UPDATED}</span>
            </div>
            <h1 id="legal-title" className="legal__title">
              {doc.title}
            </h1>
            <p className="legal__intro">{doc.intro}</p>
          </header>

          {doc.sections.map((s) => (
            <section key={s.heading} className="legal__section">
              <h2>{s.heading}</h2>
              {s.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.bullets ? (
                <ul>
                  {s.bullets.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}

          <Card as="section" className="legal__contact" aria-labelledby="legal-contact">
            <h2 id="legal-contact">Contact</h2>
            <p className="text-muted">Questions about this document? Write to the right mailbox:</p>
            <ul className="legal__contacts">
              {CONTACTS.map((c) => (
                <li key={c.email}>
                  <span className="icon-tile">
                    <Icon name="mail" />
                  </span>
                  <span>
                    <span className="legal__contact-label">{c.label}</span>
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                    <span className="legal__contact-hint">{c.hint}</span>
                  </span>
                </li>
              ))}
            </ul>
          </Card>

          <div className="legal__foot">
            <ButtonLink to="/" icon="arrow-left">
              Back to Home
            </ButtonLink>
          </div>
        </article>
      </div>
    </div>
  );
}
