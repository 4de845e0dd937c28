import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  LOGIN_FAILED,
  PLEASE_COMPLETE_SECURITY_VERIFICATION,
  PLEASE_ENTER_EMAIL_AND_PASSWORD,
  SIGNING_IN,
} from '../../messages';
import { VerificationRequiredError, useSessionStore } from '../../stores/useSessionStore';
import { toast } from '../../stores/useToastStore';
import { BotCheck } from '../../ui/BotCheck';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import './auth.css';

/** Spec §2/§4: the security check appears after this many failed attempts. */
export const LOGIN_FAILURES_BEFORE_CHECK = 2;

/**
 * /login (spec §2 Login, §4, §5). A successful sign-in stores the session; GuestOnly then sends the
 * visitor on to /dashboard (or where they came from). The server enforces the security check on
 * its own; its 'Please complete the security verification.' answer also brings the check up here.
 */
export function LoginPage() {
  const login = useSessionStore((s) => s.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(0);
  const [forceCheck, setForceCheck] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const checkRequired = forceCheck || failures >= LOGIN_FAILURES_BEFORE_CHECK;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      toast.error(PLEASE_ENTER_EMAIL_AND_PASSWORD);
      return;
    }
    if (checkRequired && !botToken) {
      toast.error(PLEASE_COMPLETE_SECURITY_VERIFICATION);
      return;
    }
    setBusy(true);
    try {
      await login(email.trim(), password, checkRequired ? (botToken ?? undefined) : undefined);
      setFailures(0);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : LOGIN_FAILED;
      if (err instanceof VerificationRequiredError) {
        toast.warning(message);
      } else {
        setFailures((f) => f + 1);
        if (message === PLEASE_COMPLETE_SECURITY_VERIFICATION) setForceCheck(true);
        toast.error(message);
      }
      // A used or failed check is never reused.
      setBotToken(null);
      setResetKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page--auth" data-testid="page-login">
      <div className="container container--auth">
        <Card className="auth-card">
          <div className="auth-card__head">
            <span className="icon-tile">
              <Icon name="log-in" />
            </span>
            <h1 className="auth-card__title">Sign In</h1>
            <p className="auth-card__lead">Welcome back. Sign in to your Cusp account.</p>
          </div>
          <form className="auth-form" onSubmit={onSubmit}>
            <div className="field">
              <label className="field__label" htmlFor="login-email">
                Email Address
              </label>
              <input
                id="login-email"
                className="field__input"
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="login-password">
                Password
              </label>
              <input
                id="login-password"
                className="field__input"
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            {checkRequired ? (
              <BotCheck purpose="login" onChange={setBotToken} resetKey={resetKey} />
            ) : null}
            <Button type="submit" variant="primary" block loading={busy} icon="log-in">
              {busy ? SIGNING_IN : 'Sign In'}
            </Button>
          </form>
          <p className="auth-card__footer">
            Don&apos;t have an account? <Link to="/register">Create one</Link>
          </p>
        </Card>
      </div>
    </div>
  );
}
