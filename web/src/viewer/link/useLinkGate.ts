import { create } from 'zustand';

/**
 * Why a public link shows no project: it asks for a PIN, it expired, or the sender withdrew it.
 * `attempt` grows after a successful unlock, which makes the viewer load again.
 */
export type LinkGate = 'pin' | 'expired' | 'revoked' | null;

interface LinkGateState {
  gate: LinkGate;
  attempt: number;
  setGate: (gate: LinkGate) => void;
  unlocked: () => void;
}

export const useLinkGate = create<LinkGateState>((set) => ({
  gate: null,
  attempt: 0,
  setGate: (gate) => set({ gate }),
  unlocked: () => set((s) => ({ gate: null, attempt: s.attempt + 1 })),
}));

/** The gate an API failure of a public link means, or null for any other failure. */
export function gateOf(status: number, code: string | undefined): LinkGate {
  if (status === 401 && code === 'pin_required') return 'pin';
  if (status === 410 && code === 'link_expired') return 'expired';
  if (status === 410) return 'revoked';
  return null;
}
