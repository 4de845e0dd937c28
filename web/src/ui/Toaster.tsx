import { useToastStore } from '../stores/useToastStore';
import { ToastItem } from './ToastItem';

/** Renders the toast store; mount once near the root of the app. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section className="toaster" aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}
