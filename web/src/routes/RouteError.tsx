import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { UNEXPECTED_APPLICATION_ERROR } from '../messages';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen ('Unexpected Application Error!'). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="error-screen" role="alert">
      <div className="error-screen__card">
        <span className="error-screen__icon">
          <Icon name="alert-triangle" size="lg" />
        </span>
        <h1 className="error-screen__title">{UNEXPECTED_APPLICATION_ERROR}</h1>
        <p className="error-screen__detail">{describe(error)}</p>
        <div className="error-screen__actions">
          <Button variant="primary" icon="history" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <a className="btn btn--secondary" href="/">
            <Icon name="home" />
            Return to Home
          </a>
        </div>
      </div>
    </div>
  );
}
