import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import {
  EMAIL_VERIFIED_SUCCESSFULLY,
  INVALID_VERIFICATION_LINK,
  NETWORK_ERROR,
  VERIFICATION_FAILED,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import '../Login/auth.css';

type VerifyState = { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; error: string };

function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK_ERROR;
    return err.serverMessage ?? VERIFICATION_FAILED;
  }
  return VERIFICATION_FAILED;
}

/**
 * /verify-email?token=…. The GET only asks whether the link is valid; the
 * POST verifies — so a mail scanner that prefetches the link verifies nothing.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<VerifyState>(() =>
    token ? { kind: 'verifying' } : { kind: 'failed', error: INVALID_VERIFICATION_LINK },
  );
  // One verification per token, also under StrictMode's double effects (a second POST is a 410).
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      toast.error(INVALID_VERIFICATION_LINK);
      setState({ kind: 'failed', error: INVALID_VERIFICATION_LINK });
      return;
    }
    if (started.current === token) return;
    started.current = token;
    setState({ kind: 'verifying' });
    (async () => {
      try {
        await authApi.checkVerification(token);
        await authApi.verifyEmail(token);
        setState({ kind: 'verified' });
        toast.success(EMAIL_VERIFIED_SUCCESSFULLY);
      } catch (err) {
        const error = errorText(err);
        setState({ kind: 'failed', error });
        toast.error(error);
      }
    })();
  }, [token]);

  return (
    <div className="page page--auth" data-testid="page-verify-email">
      <div className="container container--auth">
        <Card className="auth-card auth-status" data-state={state.kind}>
          {state.kind === 'verifying' ? (
            <>
              <span className="icon-tile">
                <Spinner label="" />
              </span>
              <h1 className="auth-card__title">Verifying Email...</h1>
              <p className="auth-card__lead">Please wait while we confirm your email address.</p>
            </>
          ) : state.kind === 'verified' ? (
            <>
              <span className="icon-tile icon-tile--success">
                <Icon name="check-circle" />
              </span>
              <h1 className="auth-card__title">Email Verified!</h1>
              <p className="auth-card__lead">
                Your email address is confirmed. You can now log in.
              </p>
              <p className="auth-note">We have also sent you a welcome email.</p>
              <div className="auth-actions">
                <ButtonLink to="/login" variant="primary" icon="log-in">
                  Continue to Login
                </ButtonLink>
              </div>
            </>
          ) : (
            <>
              <span className="icon-tile icon-tile--danger">
                <Icon name="alert-circle" />
              </span>
              <h1 className="auth-card__title">Verification Failed</h1>
              <p className="auth-error" role="alert">
                {state.error}
              </p>
              <p className="auth-note">Common causes:</p>
              <ul className="auth-causes">
                <li>The verification link has expired</li>
                <li>The email address is already verified</li>
                <li>The verification token is invalid</li>
              </ul>
              <div className="auth-actions">
                <ButtonLink to="/register" icon="user">
                  Register New Account
                </ButtonLink>
                <ButtonLink to="/login" variant="primary" icon="log-in">
                  Back to Login
                </ButtonLink>
              </div>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
