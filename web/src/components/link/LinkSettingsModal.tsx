import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import {
  daysFromNow,
  endOfLocalDay,
  linkStateText,
  openedSummary,
  PIN_PATTERN,
  type LinkDetails,
} from './linkText';
import { LinkViewLog } from './LinkViewLog';
import '../../ui/field.css';
import './link.css';

type Expiry = 'never' | '7' | '30' | '90' | 'date';
type PinMode = 'keep' | 'set' | 'none';

const EXPIRY_OPTIONS: [Expiry, string][] = [
  ['never', 'Never'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  ['date', 'On a date'],
];

export interface LinkSettingsModalProps {
  /** The project whose link to manage; null: closed. */
  project: { id: string; name: string } | null;
  onClose: () => void;
  /** After a change the card's summary is stale: the dashboard reloads. */
  onChanged: () => void;
}

const errorText = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'An error occurred';

/**
 * Link settings of one project: expiry (never, 7 / 30 / 90 days, a date), an optional PIN,
 * withdraw the link, replace it by a new one (optionally mailed to the doctor), and the view log.
 */
export function LinkSettingsModal({ project, onClose, onChanged }: LinkSettingsModalProps) {
  const [link, setLink] = useState<LinkDetails | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [date, setDate] = useState('');
  const [pinMode, setPinMode] = useState<PinMode>('none');
  const [pin, setPin] = useState('');
  const [doctorEmail, setDoctorEmail] = useState('');
  const [busy, setBusy] = useState<'save' | 'revoke' | 'rotate' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const show = useCallback((l: LinkDetails) => {
    setLink(l);
    setExpiry(l.expiresAt ? 'date' : 'never');
    setDate(l.expiresAt ? l.expiresAt.slice(0, 10) : '');
    setPinMode(l.pinSet ? 'keep' : 'none');
    setPin('');
  }, []);

  const load = useCallback(async () => {
    if (!project) return;
    setLoadError(null);
    setLink(null);
    try {
      show(await api.get<LinkDetails>(`/projects/${project.id}/link`));
    } catch (err) {
      setLoadError(errorText(err));
    }
  }, [project, show]);

  useEffect(() => {
    setFormError(null);
    setDoctorEmail('');
    void load();
  }, [load]);

  function expiresAt(): string | null | undefined {
    if (expiry === 'never') return null;
    if (expiry === 'date') return endOfLocalDay(date) ?? undefined;
    return daysFromNow(Number(expiry));
  }

  async function save() {
    if (!project) return;
    const at = expiresAt();
    if (at === undefined) return setFormError('Please choose a date');
    if (pinMode === 'set' && !PIN_PATTERN.test(pin)) {
      return setFormError('The PIN must be 6 to 12 digits');
    }
    setFormError(null);
    setBusy('save');
    try {
      const body =
        pinMode === 'keep'
          ? { expiresAt: at }
          : { expiresAt: at, pin: pinMode === 'set' ? pin : null };
      show(await api.put<LinkDetails>(`/projects/${project.id}/link`, body));
      toast.success('Link settings saved');
      onChanged();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  async function revoke() {
    if (!project) return;
    setBusy('revoke');
    try {
      show(await api.post<LinkDetails>(`/projects/${project.id}/link/revoke`));
      toast.success('The link was withdrawn');
      onChanged();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    if (!project) return;
    const to = doctorEmail.trim();
    setBusy('rotate');
    try {
      await api.post<{ publicLink: string }>(
        `/projects/${project.id}/link/rotate`,
        to ? { doctorEmail: to } : {},
      );
      toast.success(to ? `New link created and sent to ${to}` : 'New link created');
      setDoctorEmail('');
      onChanged();
      await load();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      open={!!project}
      onClose={onClose}
      title="Link settings"
      description={project ? `Who can open "${project.name}", and until when.` : undefined}
      size="lg"
      testId="link-settings-modal"
    >
      {loadError ? (
        <div className="link-settings__error" role="alert">
          <p>{loadError}</p>
          <Button size="sm" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      ) : !link ? (
        <div className="link-settings__loading">
          <Spinner label="Loading link settings" />
        </div>
      ) : (
        <div className="link-settings">
          <p className="link-settings__state" data-testid="link-state">
            <strong>{linkStateText(link)}</strong>
            {link.pinSet ? ' · PIN required' : ''} · {openedSummary(link)}
          </p>
          {link.lockedUntil ? (
            <p className="link-settings__warn" role="status">
              Locked after 5 wrong PINs until{' '}
              {new Date(link.lockedUntil).toLocaleTimeString('en-GB')}.
            </p>
          ) : null}
          <p className="link-settings__url">
            <span className="visually-hidden">Current link: </span>
            <code data-testid="link-url">{link.publicLink}</code>
          </p>

          <fieldset className="link-settings__group">
            <legend>Link expires</legend>
            <div className="link-settings__choices">
              {EXPIRY_OPTIONS.map(([value, label]) => (
                <label key={value} className="link-settings__choice">
                  <input
                    type="radio"
                    name="link-expiry"
                    value={value}
                    checked={expiry === value}
                    onChange={() => setExpiry(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
            {expiry === 'date' ? (
              <label className="field__label" htmlFor="link-expiry-date">
                Expiry date
                <input
                  id="link-expiry-date"
                  className="field__input"
                  type="date"
                  value={date}
                  min={new Date().toISOString().slice(0, 10)}
                  onChange={(e) => setDate(e.target.value)}
                />
              </label>
            ) : null}
          </fieldset>

          <fieldset className="link-settings__group">
            <legend>PIN</legend>
            <div className="link-settings__choices">
              {(link.pinSet
                ? ([
                    ['keep', 'Keep the PIN'],
                    ['set', 'New PIN'],
                    ['none', 'No PIN'],
                  ] as const)
                : ([
                    ['none', 'No PIN'],
                    ['set', 'Require a PIN'],
                  ] as const)
              ).map(([value, label]) => (
                <label key={value} className="link-settings__choice">
                  <input
                    type="radio"
                    name="link-pin"
                    value={value}
                    checked={pinMode === value}
                    onChange={() => setPinMode(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
            {pinMode === 'set' ? (
              <label className="field__label" htmlFor="link-pin">
                PIN (6 to 12 digits; tell it to the doctor another way than the link)
                <input
                  id="link-pin"
                  className="field__input"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={12}
                  value={pin}
                  onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
                />
              </label>
            ) : null}
          </fieldset>

          {formError ? (
            <p className="link-error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="link-settings__actions">
            <Button
              variant="primary"
              loading={busy === 'save'}
              disabled={!!busy}
              onClick={() => void save()}
            >
              Save settings
            </Button>
          </div>

          <fieldset className="link-settings__group">
            <legend>Withdraw or replace</legend>
            <p className="link-settings__hint">
              Withdrawing stops the link at once. A new link replaces it; the old one stays
              withdrawn.
            </p>
            <label className="field__label" htmlFor="link-rotate-email">
              Send the new link to (optional)
              <input
                id="link-rotate-email"
                className="field__input"
                type="email"
                placeholder="doctor@clinic.com"
                value={doctorEmail}
                onChange={(e) => setDoctorEmail(e.target.value)}
              />
            </label>
            <div className="link-settings__actions">
              <Button
                variant="danger"
                icon="lock"
                loading={busy === 'revoke'}
                disabled={!!busy || link.state === 'revoked'}
                onClick={() => void revoke()}
              >
                Withdraw link
              </Button>
              <Button
                icon="link"
                loading={busy === 'rotate'}
                disabled={!!busy}
                onClick={() => void rotate()}
              >
                Create new link
              </Button>
            </div>
          </fieldset>

          <section className="link-settings__group" aria-label="View log">
            <h3 className="link-settings__h">View log</h3>
            <LinkViewLog views={link.views} />
          </section>
        </div>
      )}
    </Modal>
  );
}
