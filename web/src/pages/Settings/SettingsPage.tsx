import { useEffect, useId, useState } from 'react';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import type { CommentMailModeName } from '../../api/contract';
import { PageHeader } from '../../layout/PageHeader';
import { GENERIC_ERROR, SETTINGS_SAVED } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import './settings.css';

const COMMENT_MAIL_CHOICES: readonly [CommentMailModeName, string, string][] = [
  ['instant', 'Every comment', 'One e-mail for each comment a doctor leaves.'],
  [
    'digest',
    'A digest',
    'The first comment at once, then at most one e-mail per case every 10 minutes.',
  ],
  ['none', 'No e-mails', 'Read comments on the dashboard only.'],
];

const message = (err: unknown) =>
  err instanceof ApiError && err.serverMessage ? err.serverMessage : GENERIC_ERROR;

/** /settings — the signed-in user's own settings: which e-mails doctors' comments send. */
export function SettingsPage() {
  const [mode, setMode] = useState<CommentMailModeName | null>(null);
  const [saving, setSaving] = useState<CommentMailModeName | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const hintId = useId();

  useEffect(() => {
    const ctrl = new AbortController();
    setLoadError(null);
    accountApi
      .commentMails(ctrl.signal)
      .then((a) => setMode(a.commentMails))
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setLoadError(message(err));
      });
    return () => ctrl.abort();
  }, [attempt]);

  const choose = async (next: CommentMailModeName) => {
    if (next === mode || saving) return;
    const before = mode;
    setMode(next);
    setSaving(next);
    try {
      const a = await accountApi.setCommentMails({ commentMails: next });
      setMode(a.commentMails);
      toast.success(SETTINGS_SAVED);
    } catch (err) {
      setMode(before);
      toast.error(message(err));
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="page" data-testid="page-settings">
      <div className="container settings-page__container">
        <PageHeader title="Settings" description="How Cusp keeps you informed." />
        <Card as="section" aria-labelledby="settings-comment-mails">
          <h2 className="settings-page__h" id="settings-comment-mails">
            E-mails about doctors&apos; comments
          </h2>
          {loadError ? (
            <div className="settings-page__state" role="alert">
              <p>{loadError}</p>
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : mode === null ? (
            <div className="settings-page__state">
              <Spinner size="lg" label="Loading" />
            </div>
          ) : (
            <fieldset className="settings-page__choices" aria-describedby={hintId}>
              <legend className="visually-hidden">E-mails about doctors&apos; comments</legend>
              {COMMENT_MAIL_CHOICES.map(([value, label, hint]) => (
                <label key={value} className="settings-page__choice">
                  <input
                    type="radio"
                    name="comment-mails"
                    value={value}
                    checked={mode === value}
                    onChange={() => void choose(value)}
                  />
                  <span>
                    <span className="settings-page__label">
                      {label}
                      {saving === value ? <Spinner size="sm" label="Saving" /> : null}
                    </span>
                    <span className="settings-page__hint">{hint}</span>
                  </span>
                </label>
              ))}
              <p className="settings-page__note" id={hintId}>
                Approvals and requests for changes are always e-mailed.
              </p>
            </fieldset>
          )}
        </Card>
      </div>
    </div>
  );
}
