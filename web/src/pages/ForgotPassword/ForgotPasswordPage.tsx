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
import { TextField } from '../../ui/TextField';
import { AuthCard } from '../Login/AuthCard';
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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      toast.error(PLEASE_ENTER_EMAIL);
      return;
    }
    if (!botToken) {
      toast.error(PLEASE_COMPLETE_SECURITY_VERIFICATION);
      return;
    }
    setBusy(true);
    try {
      const res = await authApi.forgotPassword({ email: email.trim(), turnstileToken: botToken });
      const message = res.message || RESET_LINK_SENT;
      toast.success(message);
      setSent(message);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : GENERIC_ERROR);
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
      <form className="auth-form" onSubmit={onSubmit}>
        <TextField
          id="forgot-email"
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={setEmail}
        />
        <BotCheck purpose="password-reset" onChange={setBotToken} resetKey={resetKey} />
        <Button type="submit" variant="primary" block loading={busy} icon="mail">
          {busy ? SENDING : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
