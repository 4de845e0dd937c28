import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_NOT_FOUND, RETURN_TO_HOME } from '../../messages';
import { ButtonLink } from '../../ui/ButtonLink';

/** Any unknown path: the spec's 404 page; the path is logged locally, never sent anywhere. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no route matches ${pathname}`);
  }, [pathname]);

  return (
    <div className="not-found" data-testid="page-not-found">
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          4<span className="not-found__zero">0</span>4
        </p>
        <h1 className="not-found__title">{PAGE_NOT_FOUND}</h1>
        <p className="not-found__text">
          The page <code className="not-found__path">{pathname}</code> does not exist or has moved.
          Shared project links start with <code>/viewer/</code> — check that the whole link was
          copied.
        </p>
        <div className="not-found__actions">
          <ButtonLink to="/" variant="primary" size="lg" icon="home">
            {RETURN_TO_HOME}
          </ButtonLink>
          <ButtonLink to="/viewer/demo" size="lg" icon="cube">
            View Demo
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
