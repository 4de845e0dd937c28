import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { authApi } from '../../api/auth';
import {
  FORGOT_PASSWORD_LINK,
  LOGIN_FAILED,
  PLEASE_COMPLETE_SECURITY_VERIFICATION,
  PLEASE_ENTER_EMAIL_AND_PASSWORD,
  SIGNING_IN,
} from '../../messages';
import { VerificationRequiredError, useSessionStore } from '../../stores/useSessionStore';
import { toast } from '../../stores/useToastStore';
import { BotCheck } from '../../ui/BotCheck';
import { Button } from '../../ui/Button';
import { FieldError, emptyFieldProblems } from '../../ui/FieldError';
import { TextField } from '../../ui/TextField';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { AuthCard } from './AuthCard';
import { authFieldOf, isNetworkError } from './authErrors';
import { ResendVerification } from './ResendVerification';
import './auth.css';

type LoginField = 'email' | 'password' | 'botCheck';

/** The security check appears after this many failed attempts. */
export const LOGIN_FAILURES_BEFORE_CHECK = 2;
/** Pause in typing before the page asks whether this address needs the check. */
const BOT_CHECK_QUERY_DELAY_MS = 300;

/**
 * Whether the server requires the bot check for `email` now: it counts failures per address,
 * across tabs, devices and reloads, which this page's own counter cannot see. Asked again when
 * `refresh` changes (after a failed attempt). False while unknown: the submit answer still
 * brings the check up if the question could not be asked.
 */
function useServerRequiresCheck(email: string, refresh: number): boolean {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    const address = email.trim();
    if (!/^[^@\s]+@[^@\s]+$/.test(address)) {
      setRequired(false);
      return;
    }
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      authApi
        .loginBotCheck(address, ctrl.signal)
        .then((r) => setRequired(r.captchaRequired === true))
        .catch(() => {});
    }, BOT_CHECK_QUERY_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [email, refresh]);
  return required;
}

/**
 * /login. A successful sign-in stores the session; GuestOnly then sends the
 * visitor on to /dashboard (or where they came from). The server enforces the security check on
 * its own and counts failures per address; the page asks it while the address is typed, so the
 * check is on screen before the user submits. Its 'Please complete the security verification.'
 * answer also brings the check up. The typed password is never cleared.
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
  const [formError, setFormError] = useState<string | null>(null);
  /** The address the server said must be verified first (offered a new link). */
  const [unverified, setUnverified] = useState<string | null>(null);
  const { errors, fail, clear, reset, scope } = useFieldErrors<LoginField>();
  const serverRequiresCheck = useServerRequiresCheck(email, resetKey);
  const checkRequired =
    forceCheck || serverRequiresCheck || failures >= LOGIN_FAILURES_BEFORE_CHECK;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    setUnverified(null);
    if (!email.trim() || !password) {
      fail(
        emptyFieldProblems(
          [
            ['email', 'login-email', !email.trim()],
            ['password', 'login-password', !password],
          ],
          PLEASE_ENTER_EMAIL_AND_PASSWORD,
        ),
      );
      return;
    }
    if (checkRequired && !botToken) {
      fail({ botCheck: PLEASE_COMPLETE_SECURITY_VERIFICATION });
      return;
    }
    reset();
    setBusy(true);
    try {
      await login(email.trim(), password, checkRequired ? (botToken ?? undefined) : undefined);
      setFailures(0);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : LOGIN_FAILED;
      if (err instanceof VerificationRequiredError) {
        setUnverified(email.trim());
        setFormError(message);
      } else if (isNetworkError(err)) {
        toast.error(message);
      } else {
        setFailures((f) => f + 1);
        const field = authFieldOf(err);
        if (field === 'botCheck' || message === PLEASE_COMPLETE_SECURITY_VERIFICATION) {
          setForceCheck(true);
          fail({ botCheck: message });
        } else if (field) {
          fail({ [field]: message });
        } else {
          setFormError(message);
        }
      }
      // A used or failed check is never reused.
      setBotToken(null);
      setResetKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      data-testid="page-login"
      icon="log-in"
      title="Sign In"
      lead="Welcome back. Sign in to your Cusp account."
      footer={
        <>
          Don&apos;t have an account? <Link to="/register">Create one</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate ref={scope}>
        <TextField
          id="login-email"
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(v) => {
            setPassword(v);
            clear('password');
          }}
        />
        <p className="auth-form__aside">
          <Link to="/forgot-password" state={{ email: email.trim() }}>
            {FORGOT_PASSWORD_LINK}
          </Link>
        </p>
        {checkRequired ? (
          <div className="field">
            <BotCheck
              purpose="login"
              onChange={(token) => {
                setBotToken(token);
                if (token) clear('botCheck');
              }}
              resetKey={resetKey}
            />
            <FieldError fieldId="login-botcheck" message={errors.botCheck} />
          </div>
        ) : null}
        {formError ? (
          <div
            className={unverified ? 'form-error form-error--notice' : 'form-error'}
            role="alert"
            data-testid="login-error"
          >
            <p>{formError}</p>
            {unverified ? <ResendVerification email={unverified} /> : null}
          </div>
        ) : null}
        <Button type="submit" variant="primary" block loading={busy} icon="log-in">
          {busy ? SIGNING_IN : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
