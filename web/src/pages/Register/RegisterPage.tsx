import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from '../../../../api/src/domain/passwordPolicy';
import {
  PLEASE_COMPLETE_SECURITY_VERIFICATION_SHORT,
  PLEASE_FILL_IN_ALL_FIELDS,
  REGISTRATION_FAILED,
  REGISTRATION_SUCCESSFUL,
  REGISTRATION_SUCCESSFUL_CHECK_EMAIL,
} from '../../messages';
import { VerificationRequiredError, useSessionStore } from '../../stores/useSessionStore';
import { toast } from '../../stores/useToastStore';
import { BotCheck } from '../../ui/BotCheck';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { FieldError, emptyFieldProblems, FormError } from '../../ui/FieldError';
import { TextField } from '../../ui/TextField';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { AuthCard } from '../Login/AuthCard';
import { type AuthField, authFieldOf, isNetworkError } from '../Login/authErrors';
import '../../ui/field.css';
import '../Login/auth.css';

const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** The 'Check Your Email' screen shown after a registration that needs verification. */
function CheckYourEmail({ email }: { email: string }) {
  return (
    <Card className="auth-card auth-status" data-testid="check-your-email">
      <span className="icon-tile">
        <Icon name="mail" />
      </span>
      <h1 className="auth-card__title">Check Your Email</h1>
      <p className="auth-card__lead">
        We sent a verification link to <strong>{email}</strong>.
      </p>
      <ol className="auth-steps">
        <li>Check your inbox (and the spam folder) for the message from Cusp.</li>
        <li>Click the verification link in the email.</li>
        <li>Return here and log in with your email and password.</li>
      </ol>
      <div className="auth-actions">
        <ButtonLink to="/login" variant="primary" icon="log-in">
          Continue to Login
        </ButtonLink>
      </div>
    </Card>
  );
}

/**
 * /register: the security check is always present; a server answer
 * asking to check e-mail leads to the Check Your Email screen, any other failure shows the error
 * and the check must be done again.
 */
export function RegisterPage() {
  const register = useSessionStore((s) => s.register);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fail, clear, reset, scope } = useFieldErrors<AuthField>();
  /** A setter that also drops the field's message once the user edits it. */
  const edit = (key: AuthField, set: (v: string) => void) => (v: string) => {
    set(v);
    clear(key);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!name.trim() || !email.trim() || !companyName.trim() || !password) {
      return fail(
        emptyFieldProblems(
          [
            ['name', 'register-name', !name.trim()],
            ['email', 'register-email', !email.trim()],
            ['companyName', 'register-company', !companyName.trim()],
            ['password', 'register-password', !password],
          ],
          PLEASE_FILL_IN_ALL_FIELDS,
        ),
      );
    }
    if ([...password].length < PASSWORD_MIN_LENGTH) return fail({ password: PASSWORD_TOO_SHORT });
    if (!botToken) return fail({ botCheck: PLEASE_COMPLETE_SECURITY_VERIFICATION_SHORT });
    reset();
    setBusy(true);
    try {
      await register({
        name: name.trim(),
        email: email.trim(),
        companyName: companyName.trim(),
        password,
        turnstileToken: botToken,
      });
      toast.success(REGISTRATION_SUCCESSFUL);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : REGISTRATION_FAILED;
      if (err instanceof VerificationRequiredError || /check your email/i.test(message)) {
        toast.success(REGISTRATION_SUCCESSFUL_CHECK_EMAIL);
        setSentTo(email.trim());
        return;
      }
      const field = authFieldOf(err);
      if (isNetworkError(err)) toast.error(message);
      else if (field) fail({ [field]: message });
      else setFormError(message);
      setBotToken(null);
      setResetKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="page page--auth" data-testid="page-register">
        <div className="container container--auth">
          <CheckYourEmail email={sentTo} />
        </div>
      </div>
    );
  }

  return (
    <AuthCard
      data-testid="page-register"
      icon="user"
      title="Create your account"
      lead="Free for dental technicians and laboratories."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate ref={scope}>
        <TextField
          id="register-name"
          label="Full Name"
          name="name"
          autoComplete="name"
          maxLength={200}
          value={name}
          error={errors.name}
          onChange={edit('name', setName)}
        />
        <TextField
          id="register-email"
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          error={errors.email}
          onChange={edit('email', setEmail)}
        />
        <TextField
          id="register-company"
          label="Company/Laboratory Name"
          name="companyName"
          autoComplete="organization"
          maxLength={200}
          value={companyName}
          error={errors.companyName}
          onChange={edit('companyName', setCompanyName)}
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby="register-password-rule"
          value={password}
          error={errors.password}
          onChange={edit('password', setPassword)}
        >
          <span id="register-password-rule" className="field__hint">
            {PASSWORD_RULE_TEXT}
          </span>
        </TextField>
        <div className="field">
          <BotCheck
            purpose="register"
            onChange={(token) => {
              setBotToken(token);
              if (token) clear('botCheck');
            }}
            resetKey={resetKey}
          />
          <FieldError fieldId="register-botcheck" message={errors.botCheck} />
        </div>
        <FormError message={formError} />
        <Button type="submit" variant="primary" block loading={busy} icon="user">
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
