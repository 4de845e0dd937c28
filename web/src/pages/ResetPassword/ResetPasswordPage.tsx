import { FormError } from '../../ui/FieldError';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from '../../../../api/src/domain/passwordPolicy';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import {
  INVALID_RESET_LINK,
  NETWORK_ERROR,
  PASSWORD_CHANGED,
  PASSWORD_RESET_FAILED,
  PASSWORDS_DO_NOT_MATCH,
  PLEASE_ENTER_NEW_PASSWORD,
} from '../../messages';
import { useSessionStore } from '../../stores/useSessionStore';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { AuthCard } from '../Login/AuthCard';
import { authFieldOf, isNetworkError } from '../Login/authErrors';
import '../../ui/field.css';
import '../Login/auth.css';

const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

type ResetState =
  | { kind: 'checking' }
  | { kind: 'form' }
  | { kind: 'invalid'; error: string }
  | { kind: 'done'; message: string };

function linkError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK_ERROR;
    if (err.status === 410) return err.serverMessage ?? INVALID_RESET_LINK;
  }
  return INVALID_RESET_LINK;
}

/** The page's frame for the states that are not the form. */
function StatusCard({ state }: { state: Exclude<ResetState, { kind: 'form' }> }) {
  return (
    <div className="page page--auth" data-testid="page-reset-password">
      <div className="container container--auth">
        <Card className="auth-card auth-status" data-state={state.kind}>
          {state.kind === 'checking' ? (
            <>
              <span className="icon-tile">
                <Spinner label="" />
              </span>
              <h1 className="auth-card__title">Checking the link...</h1>
            </>
          ) : state.kind === 'done' ? (
            <>
              <span className="icon-tile icon-tile--success">
                <Icon name="check-circle" />
              </span>
              <h1 className="auth-card__title">Password Changed</h1>
              <p className="auth-card__lead">{state.message}</p>
              <p className="auth-note">Every device that was signed in has been signed out.</p>
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
              <h1 className="auth-card__title">Reset Link Invalid</h1>
              <p className="auth-error" role="alert">
                {state.error}
              </p>
              <p className="auth-note">
                A reset link works once and for 1 hour. Ask for a new one below.
              </p>
              <div className="auth-actions">
                <ButtonLink to="/forgot-password" icon="mail">
                  Request a New Link
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

/**
 * /reset-password?token=…: checks the link first (a read: mail scanners prefetch links), then
 * sets a new password under the password policy. Every session of the account ends, this
 * browser's included.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<ResetState>(() =>
    token ? { kind: 'checking' } : { kind: 'invalid', error: INVALID_RESET_LINK },
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fail, clear, reset, scope } = useFieldErrors<'password' | 'confirm'>();
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (!token || checked.current === token) return;
    checked.current = token;
    authApi
      .checkReset(token)
      .then(() => setState({ kind: 'form' }))
      .catch((err: unknown) => setState({ kind: 'invalid', error: linkError(err) }));
  }, [token]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!password) return fail({ password: PLEASE_ENTER_NEW_PASSWORD });
    if ([...password].length < PASSWORD_MIN_LENGTH) return fail({ password: PASSWORD_TOO_SHORT });
    if (password !== confirm) return fail({ confirm: PASSWORDS_DO_NOT_MATCH });
    reset();
    setBusy(true);
    try {
      const res = await authApi.resetPassword(token ?? '', password);
      const message = res.message || PASSWORD_CHANGED;
      toast.success(message);
      // The server ended every session; a session stored here is dead too.
      if (useSessionStore.getState().token) {
        await useSessionStore.getState().logout();
        return;
      }
      setState({ kind: 'done', message });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : PASSWORD_RESET_FAILED;
      if (err instanceof ApiError && err.status === 410) {
        setState({ kind: 'invalid', error: linkError(err) });
      } else if (isNetworkError(err)) {
        toast.error(message);
      } else if (authFieldOf(err) === 'password') {
        fail({ password: message });
      } else {
        setFormError(message);
      }
    } finally {
      setBusy(false);
    }
  }

  if (state.kind !== 'form') return <StatusCard state={state} />;

  return (
    <AuthCard
      data-testid="page-reset-password"
      icon="lock"
      title="Choose a new password"
      lead="Set the new password of your Cusp account."
      footer={
        <>
          Remembered it? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate ref={scope}>
        <TextField
          id="reset-password"
          label="New Password"
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby="reset-password-rule"
          value={password}
          error={errors.password}
          onChange={(v) => {
            setPassword(v);
            clear('password');
          }}
        >
          <span id="reset-password-rule" className="field__hint">
            {PASSWORD_RULE_TEXT}
          </span>
        </TextField>
        <TextField
          id="reset-password-confirm"
          label="Confirm New Password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(v) => {
            setConfirm(v);
            clear('confirm');
          }}
        />
        <FormError message={formError} />
        <Button type="submit" variant="primary" block loading={busy} icon="lock">
          Set New Password
        </Button>
      </form>
    </AuthCard>
  );
}
