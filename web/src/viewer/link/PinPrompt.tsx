import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client';
import { OPENING_RECORDED_NOTE } from '../../components/link/linkText';
import '../../ui/field.css';
import '../../components/link/link.css';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useLinkGate } from './useLinkGate';

/** The doctor's PIN page: nothing of the project is shown until the PIN is right. */
export function PinPrompt({ token }: { token: string }) {
  const unlocked = useLinkGate((s) => s.unlocked);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6,12}$/.test(pin)) return setError('The PIN has 6 to 12 digits');
    setBusy(true);
    setError(null);
    try {
      await api.post(
        `/public/projects/${encodeURIComponent(token)}/unlock`,
        { pin },
        { auth: false },
      );
      unlocked();
    } catch (err) {
      setPin('');
      if (err instanceof ApiError && err.code === 'link_locked') {
        setError('Too many wrong PINs. Please try again in 15 minutes.');
      } else if (err instanceof ApiError && err.code === 'pin_incorrect') {
        setError('That PIN is not correct. Please check it with the sender.');
      } else {
        setError(err instanceof Error ? err.message : 'An error occurred');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="vmissing" data-testid="pin-prompt">
      <form className="vmissing__card" onSubmit={(e) => void submit(e)} noValidate>
        <span className="icon-tile">
          <Icon name="lock" size="lg" />
        </span>
        <h1 className="vmissing__title">This case is protected by a PIN</h1>
        <p className="vmissing__text">Enter the PIN the sender gave you to open it.</p>
        <label className="field__label" htmlFor="link-pin-input">
          PIN
        </label>
        <input
          id="link-pin-input"
          className="field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          autoFocus
          value={pin}
          aria-invalid={!!error}
          aria-describedby={error ? 'link-pin-error' : undefined}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
        {error ? (
          <p id="link-pin-error" className="link-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={busy} disabled={busy}>
          Open case
        </Button>
        <p className="vinfo__note">{OPENING_RECORDED_NOTE}</p>
      </form>
    </div>
  );
}
