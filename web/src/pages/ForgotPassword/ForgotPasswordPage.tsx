import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import {
  GENERIC_ERROR,
  PLEASE_COMPLETE_SECURITY_VERIFICATION,
  PLEASE_ENTER_EMAIL,
  RESET_LINK_SENT,
  SENDING,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { BotCheck } from '../../ui/BotCheck';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { FieldError, FormError } from '../../ui/FieldError';
import { TextField } from '../../ui/TextField';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { AuthCard } from '../Login/AuthCard';
import { authFieldOf, isNetworkError } from '../Login/authErrors';
import '../Login/auth.css';

/** The address typed on the login page comes along in the link's state. */
function initialEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * /forgot-password: an address and the security check. The answer is the same whether or not the
 * address has an account; the mail (if any) carries a link to /reset-password valid for 1 hour.
 */
export function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState(() => initialEmail(location.state));
  const [busy, setBusy] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fail, clear, reset, scope } = useFieldErrors<'email' | 'botCheck'>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!email.trim()) return fail({ email: PLEASE_ENTER_EMAIL });
    if (!botToken) return fail({ botCheck: PLEASE_COMPLETE_SECURITY_VERIFICATION });
    reset();
    setBusy(true);
    try {
      const res = await authApi.forgotPassword({ email: email.trim(), turnstileToken: botToken });
      const message = res.message || RESET_LINK_SENT;
      toast.success(message);
      setSent(message);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : GENERIC_ERROR;
      const field = authFieldOf(err);
      if (isNetworkError(err)) toast.error(message);
      else if (field === 'email' || field === 'botCheck') fail({ [field]: message });
      else setFormError(message);
      // A used check is never reused.
      setBotToken(null);
      setResetKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="page page--auth" data-testid="page-forgot-password">
        <div className="container container--auth">
          <Card className="auth-card auth-status" data-testid="reset-link-sent">
            <span className="icon-tile">
              <Icon name="mail" />
            </span>
            <h1 className="auth-card__title">Check Your Email</h1>
            <p className="auth-card__lead">{sent}</p>
            <ol className="auth-steps">
              <li>Check your inbox (and the spam folder) for the message from Cusp.</li>
              <li>Open the link in the email and choose a new password.</li>
              <li>Sign in with your new password.</li>
            </ol>
            <div className="auth-actions">
              <ButtonLink to="/login" variant="primary" icon="log-in">
                Back to Login
              </ButtonLink>
            </div>
          </Card>
        </div>
      </div>
    );
  }

  return (
    <AuthCard
      data-testid="page-forgot-password"
      icon="lock"
      title="Forgot your password?"
      lead="Enter the email address of your account. We will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate ref={scope}>
        <TextField
          id="forgot-email"
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          error={errors.email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
        />
        <div className="field">
          <BotCheck
            purpose="password-reset"
            onChange={(token) => {
              setBotToken(token);
              if (token) clear('botCheck');
            }}
            resetKey={resetKey}
          />
          <FieldError fieldId="forgot-botcheck" message={errors.botCheck} />
        </div>
        <FormError message={formError} />
        <Button type="submit" variant="primary" block loading={busy} icon="mail">
          {busy ? SENDING : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
