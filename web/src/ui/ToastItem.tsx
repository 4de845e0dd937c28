import { useEffect } from 'react';
import { useToastStore, type Toast } from '../stores/useToastStore';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';

const ICONS: Record<Toast['kind'], IconName> = {
  success: 'check-circle',
  error: 'alert-circle',
  warning: 'alert-triangle',
  info: 'info',
};

export interface ToastItemProps {
  /** The toast to show. */
  toast: Toast;
}

/** One toast; disappears after its duration or when closed. */
export function ToastItem({ toast }: ToastItemProps) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = window.setTimeout(() => dismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.duration, dismiss]);

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-testid="toast"
      data-kind={toast.kind}
    >
      <Icon name={ICONS[toast.kind]} className="toast__icon" />
      <p className="toast__message">{toast.message}</p>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        icon="x"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dismiss(toast.id)}
      />
    </div>
  );
}
