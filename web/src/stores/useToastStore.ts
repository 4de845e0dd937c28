import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it disappears on its own; 0 keeps it until closed. */
  duration: number;
}

export interface ToastState {
  toasts: Toast[];
  show: (message: string, kind?: ToastKind, duration?: number) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

/** Default lifetimes: errors stay a little longer so they can be read. */
export const TOAST_DURATION: Record<ToastKind, number> = {
  success: 3500,
  info: 4000,
  warning: 5000,
  error: 6000,
};

/** The Toaster shows at most this many; older ones give way. */
export const MAX_TOASTS = 4;

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (message, kind = 'info', duration = TOAST_DURATION[kind]) => {
    // The same message again is shown again (a fresh toast, a fresh timer), in place of the one
    // still on screen: never two copies (double click, StrictMode effects), never swallowed.
    const id = nextId++;
    set((s) => ({
      toasts: [
        ...s.toasts.filter((t) => !(t.message === message && t.kind === kind)),
        { id, kind, message, duration },
      ].slice(-MAX_TOASTS),
    }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Shorthands for code outside React: `toast.error(FAILED_TO_DELETE_PROJECT)`. */
export const toast = {
  success: (message: string) => useToastStore.getState().show(message, 'success'),
  error: (message: string) => useToastStore.getState().show(message, 'error'),
  info: (message: string) => useToastStore.getState().show(message, 'info'),
  warning: (message: string) => useToastStore.getState().show(message, 'warning'),
};
