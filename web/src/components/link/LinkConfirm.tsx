import { useEffect, useId, useRef } from 'react';
import { Button, type ButtonProps } from '../../ui/Button';

export interface LinkConfirmProps {
  /** The question ("Withdraw this link?"). */
  title: string;
  /** What will happen, in plain words. */
  text: string;
  /** The button that does it. */
  confirmLabel: string;
  confirmVariant?: ButtonProps['variant'];
  busy: boolean;
  onConfirm: () => void;
  /** Back to the dialog; the caller returns focus to the button that asked. */
  onCancel: () => void;
}

/**
 * The confirmation step inside Link settings for what cannot be undone: it takes focus (so its
 * question and text are read out), Cancel goes back, the action button does it.
 */
export function LinkConfirm({
  title,
  text,
  confirmLabel,
  confirmVariant = 'danger',
  busy,
  onConfirm,
  onCancel,
}: LinkConfirmProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      className="link-confirm"
      role="group"
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="link-confirm"
    >
      <p id={titleId} className="link-confirm__title">
        {title}
      </p>
      <p id={textId} className="link-confirm__text">
        {text}
      </p>
      <div className="link-settings__actions">
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={confirmVariant} loading={busy} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
