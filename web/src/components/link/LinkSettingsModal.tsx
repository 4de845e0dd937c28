import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../api/client';
import {
  CONFIRM_ROTATE_TITLE,
  CONFIRM_WITHDRAW_TEXT,
  CONFIRM_WITHDRAW_TITLE,
  GENERIC_ERROR,
  INVALID_EMAIL,
  LINK_CHOOSE_DATE,
  LINK_EXPIRY_IN_PAST,
  LINK_PIN_FORMAT,
  LINK_SETTINGS_SAVED,
  LINK_WITHDRAWN,
  NEW_LINK_CREATED,
  confirmRotateText,
  linkLockedUntil,
  newLinkSentTo,
  wrongPinsInARow,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { FieldError, fieldA11y, FormError } from '../../ui/FieldError';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { LinkConfirm } from './LinkConfirm';
import { linkDraftOf, linkSettingsProblems, type Expiry, type LinkDraft } from './linkDraft';
import { linkStateText, openedSummary, type LinkDetails } from './linkText';
import { LinkViewLog } from './LinkViewLog';
import { useLinkDetails } from './useLinkDetails';
import '../../ui/field.css';
import './link.css';

type LinkField = 'date' | 'pin' | 'doctorEmail';

const EXPIRY_OPTIONS: [Expiry, string][] = [
  ['never', 'Never'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  ['date', 'On a date'],
];

/** The server's refusals that belong to one field of the dialog. */
const FIELD_OF_CODE: Record<string, LinkField> = {
  invalid_pin: 'pin',
  invalid_expiry: 'date',
  expiry_in_past: 'date',
  INVALID_EMAIL: 'doctorEmail',
};

const errorText = (err: unknown) =>
  err instanceof Error && err.message ? err.message : GENERIC_ERROR;

export interface LinkSettingsModalProps {
  /** The project whose link to manage; null: closed. */
  project: { id: string; name: string } | null;
  onClose: () => void;
  /** After a change the card's summary is stale: the dashboard reloads. */
  onChanged: () => void;
}

/**
 * Link settings of one project: expiry (never, 7 / 30 / 90 days, a date), an optional PIN,
 * whether the doctor may download the files as uploaded, the PIN lock as it is now (asked again every 10 s), withdraw the link or replace it by a new one
 * (each after a confirmation saying what happens), and the view log. A refused save marks the
 * refused fields and keeps every choice; only a saved change resets the form to what was saved.
 */
export function LinkSettingsModal({ project, onClose, onChanged }: LinkSettingsModalProps) {
  const projectId = project?.id ?? null;
  const { link, setLink, loadError, refresh } = useLinkDetails(projectId);
  const [draft, setDraft] = useState<LinkDraft | null>(null);
  const [doctorEmail, setDoctorEmail] = useState('');
  const [busy, setBusy] = useState<'save' | 'revoke' | 'rotate' | null>(null);
  const [confirming, setConfirming] = useState<'revoke' | 'rotate' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fail, clear, reset, scope } = useFieldErrors<LinkField>();
  const revokeButton = useRef<HTMLButtonElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const stateLine = useRef<HTMLParagraphElement>(null);
  /** Where focus goes once the confirmation is gone: back to its button, or to the new state. */
  const focusAfter = useRef<'revoke' | 'rotate' | 'state' | null>(null);

  // A new dialog starts from the link as it is; refreshes while open never touch the form.
  useEffect(() => {
    setDraft(null);
    setDoctorEmail('');
    setConfirming(null);
    setFormError(null);
    reset();
  }, [projectId, reset]);
  useEffect(() => {
    if (link && !draft) setDraft(linkDraftOf(link));
  }, [link, draft]);

  useEffect(() => {
    if (confirming) return;
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'revoke') revokeButton.current?.focus();
    else if (target === 'rotate') rotateButton.current?.focus();
    else if (target === 'state') stateLine.current?.focus();
  }, [confirming]);

  const patch = (p: Partial<LinkDraft>) => setDraft((d) => (d ? { ...d, ...p } : d));

  /** A refusal: under its field when it belongs to one, a toast when no answer came. */
  function refused(err: unknown) {
    const field = err instanceof ApiError && err.code ? FIELD_OF_CODE[err.code] : undefined;
    if (field) fail({ [field]: errorText(err) });
    else if (err instanceof ApiError && err.status === 0) toast.error(errorText(err));
    else setFormError(errorText(err));
  }

  async function save() {
    if (!projectId || !draft) return;
    setFormError(null);
    const checked = linkSettingsProblems(draft, new Date(), {
      chooseDate: LINK_CHOOSE_DATE,
      inPast: LINK_EXPIRY_IN_PAST,
      pinFormat: LINK_PIN_FORMAT,
    });
    if (!checked.ok) return fail(checked.problems);
    reset();
    setBusy('save');
    try {
      const saved = await api.put<LinkDetails>(`/projects/${projectId}/link`, checked.body);
      setLink(saved);
      setDraft(linkDraftOf(saved));
      toast.success(LINK_SETTINGS_SAVED);
      onChanged();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(null);
    }
  }

  function ask(action: 'revoke' | 'rotate') {
    setFormError(null);
    if (action === 'rotate') {
      const to = doctorEmail.trim();
      if (to && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to)) return fail({ doctorEmail: INVALID_EMAIL });
      clear('doctorEmail');
    }
    setConfirming(action);
  }

  function cancel() {
    focusAfter.current = confirming;
    setConfirming(null);
  }

  async function revoke() {
    if (!projectId) return;
    setBusy('revoke');
    try {
      setLink(await api.post<LinkDetails>(`/projects/${projectId}/link/revoke`));
      toast.success(LINK_WITHDRAWN);
      onChanged();
      focusAfter.current = 'state';
      setConfirming(null);
    } catch (err) {
      focusAfter.current = 'revoke';
      setConfirming(null);
      refused(err);
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    if (!projectId) return;
    const to = doctorEmail.trim();
    setBusy('rotate');
    try {
      await api.post<{ publicLink: string }>(
        `/projects/${projectId}/link/rotate`,
        to ? { doctorEmail: to } : {},
      );
      toast.success(to ? newLinkSentTo(to) : NEW_LINK_CREATED);
      setDoctorEmail('');
      onChanged();
      await refresh();
      focusAfter.current = 'state';
      setConfirming(null);
    } catch (err) {
      focusAfter.current = 'rotate';
      setConfirming(null);
      refused(err);
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
          <Button size="sm" onClick={() => void refresh()}>
            Try again
          </Button>
        </div>
      ) : !link || !draft ? (
        <div className="link-settings__loading">
          <Spinner label="Loading link settings" />
        </div>
      ) : (
        <div className="link-settings" ref={scope}>
          <p
            className="link-settings__state"
            data-testid="link-state"
            ref={stateLine}
            tabIndex={-1}
          >
            <strong>{linkStateText(link)}</strong>
            {link.pinSet ? ' · PIN required' : ''} · {openedSummary(link)}
          </p>
          <div className="link-settings__lock" aria-live="polite" data-testid="link-lock">
            {link.lockedUntil ? (
              <p className="link-settings__warn">
                {linkLockedUntil(
                  new Date(link.lockedUntil).toLocaleTimeString('en-GB', {
                    hour: '2-digit',
                    minute: '2-digit',
                  }),
                )}
              </p>
            ) : link.pinFailures > 0 ? (
              <p className="link-settings__hint">{wrongPinsInARow(link.pinFailures)}</p>
            ) : null}
          </div>
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
                    checked={draft.expiry === value}
                    onChange={() => {
                      patch({ expiry: value });
                      clear('date');
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
            {draft.expiry === 'date' ? (
              <div className="field">
                <label className="field__label" htmlFor="link-expiry-date">
                  Expiry date
                </label>
                <input
                  id="link-expiry-date"
                  className="field__input"
                  type="date"
                  value={draft.date}
                  min={new Date().toISOString().slice(0, 10)}
                  {...fieldA11y('link-expiry-date', errors.date)}
                  onChange={(e) => {
                    patch({ date: e.target.value });
                    clear('date');
                  }}
                />
                <FieldError fieldId="link-expiry-date" message={errors.date} />
              </div>
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
                    checked={draft.pinMode === value}
                    onChange={() => {
                      patch({ pinMode: value });
                      clear('pin');
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
            {draft.pinMode === 'set' ? (
              <div className="field">
                <label className="field__label" htmlFor="link-pin">
                  PIN (6 to 12 digits; tell it to the doctor another way than the link)
                </label>
                <input
                  id="link-pin"
                  className="field__input"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={12}
                  value={draft.pin}
                  {...fieldA11y('link-pin', errors.pin)}
                  onChange={(e) => {
                    patch({ pin: e.target.value.replace(/\D/g, '') });
                    clear('pin');
                  }}
                />
                <FieldError fieldId="link-pin" message={errors.pin} />
              </div>
            ) : null}
          </fieldset>

          <fieldset className="link-settings__group">
            <legend>Downloads</legend>
            <label className="link-settings__choice">
              <input
                type="checkbox"
                checked={draft.downloadsAllowed}
                aria-describedby="link-downloads-hint"
                onChange={(e) => patch({ downloadsAllowed: e.target.checked })}
              />
              Allow the doctor to download files
            </label>
            <p className="link-settings__hint" id="link-downloads-hint">
              The files exactly as you uploaded them, one by one or as a zip. Each download is
              recorded in the project's history.
            </p>
          </fieldset>

          <FormError message={formError} />
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
            <div className="field">
              <label className="field__label" htmlFor="link-rotate-email">
                Send the new link to (optional)
              </label>
              <input
                id="link-rotate-email"
                className="field__input"
                type="email"
                placeholder="doctor@clinic.com"
                value={doctorEmail}
                disabled={!!confirming}
                {...fieldA11y('link-rotate-email', errors.doctorEmail)}
                onChange={(e) => {
                  setDoctorEmail(e.target.value);
                  clear('doctorEmail');
                }}
              />
              <FieldError fieldId="link-rotate-email" message={errors.doctorEmail} />
            </div>
            {confirming === 'revoke' ? (
              <LinkConfirm
                title={CONFIRM_WITHDRAW_TITLE}
                text={CONFIRM_WITHDRAW_TEXT}
                confirmLabel="Withdraw link"
                busy={busy === 'revoke'}
                onConfirm={() => void revoke()}
                onCancel={cancel}
              />
            ) : confirming === 'rotate' ? (
              <LinkConfirm
                title={CONFIRM_ROTATE_TITLE}
                text={confirmRotateText(doctorEmail.trim() || null)}
                confirmLabel="Create new link"
                confirmVariant="primary"
                busy={busy === 'rotate'}
                onConfirm={() => void rotate()}
                onCancel={cancel}
              />
            ) : (
              <div className="link-settings__actions">
                <Button
                  ref={revokeButton}
                  variant="danger"
                  icon="lock"
                  disabled={!!busy || link.state === 'revoked'}
                  onClick={() => ask('revoke')}
                >
                  Withdraw link…
                </Button>
                <Button
                  ref={rotateButton}
                  icon="link"
                  disabled={!!busy}
                  onClick={() => ask('rotate')}
                >
                  Create new link…
                </Button>
              </div>
            )}
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
