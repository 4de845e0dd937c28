/**
 * The review conversation in the viewer (zustand v5): the thread, the pin being placed, the
 * chosen comment, and the doctor's identity prompt. Loaded after the first frame with the rest of
 * the review code.
 */
import { create } from 'zustand';
import type { CommentAnchor as AnchorDto, ThreadEntry as ThreadEntryDto } from '../../api/contract';
import type { ReviewerIdentity } from './identity';

export interface ReviewState {
  entries: ThreadEntryDto[];
  loaded: boolean;
  /** The last load of the thread failed (the panel offers to try again). */
  loadFailed: boolean;
  showResolved: boolean;
  /** "Add pin" is on: the next click (or long-press) on the model places a pin. */
  pinMode: boolean;
  /** A placed pin waiting for its comment. */
  pendingAnchor: AnchorDto | null;
  /** "Attach view & measurements": the next top-level comment carries the tools' state. */
  attachView: boolean;
  /** The chosen comment; `flightSeq` changes on every choice so choosing again flies again. */
  selectedId: string | null;
  flightSeq: number;
  identity: ReviewerIdentity | null;
  /** The name prompt is up; it settles the waiting action. */
  identityPrompt: ((identity: ReviewerIdentity | null) => void) | null;
  busy: boolean;

  setEntries: (entries: ThreadEntryDto[]) => void;
  setLoadFailed: () => void;
  setShowResolved: (show: boolean) => void;
  setPinMode: (on: boolean) => void;
  setPendingAnchor: (anchor: AnchorDto | null) => void;
  setAttachView: (on: boolean) => void;
  select: (id: string | null) => void;
  setIdentity: (identity: ReviewerIdentity | null) => void;
  setIdentityPrompt: (prompt: ReviewState['identityPrompt']) => void;
  setBusy: (busy: boolean) => void;
  reset: () => void;
}

const initial = {
  entries: [],
  loaded: false,
  loadFailed: false,
  showResolved: false,
  pinMode: false,
  pendingAnchor: null,
  attachView: false,
  selectedId: null,
  flightSeq: 0,
  identity: null,
  identityPrompt: null,
  busy: false,
};

export const useReviewStore = create<ReviewState>()((set) => ({
  ...initial,
  setEntries: (entries) => set({ entries, loaded: true, loadFailed: false }),
  setLoadFailed: () => set({ loadFailed: true }),
  setShowResolved: (showResolved) => set({ showResolved }),
  setPinMode: (pinMode) => set({ pinMode }),
  setPendingAnchor: (pendingAnchor) => set({ pendingAnchor, pinMode: false }),
  setAttachView: (attachView) => set({ attachView }),
  select: (selectedId) => set((s) => ({ selectedId, flightSeq: s.flightSeq + 1 })),
  setIdentity: (identity) => set({ identity }),
  setIdentityPrompt: (identityPrompt) => set({ identityPrompt }),
  setBusy: (busy) => set({ busy }),
  // A name prompt still waiting for the doctor survives: its caller is awaiting the answer, and
  // the layer that shows it may unmount and mount again while the viewer reloads.
  reset: () => set((s) => ({ ...initial, identityPrompt: s.identityPrompt })),
}));

/** Top-level comments with their replies, status lines between them, in time order. */
export interface ThreadNode {
  entry: ThreadEntryDto;
  replies: ThreadEntryDto[];
}

export function threadNodes(entries: readonly ThreadEntryDto[]): ThreadNode[] {
  const nodes: ThreadNode[] = [];
  const byId = new Map<string, ThreadNode>();
  for (const entry of entries) {
    const parent = entry.parentId === null ? undefined : byId.get(entry.parentId);
    if (parent) {
      parent.replies.push(entry);
      continue;
    }
    const node = { entry, replies: [] };
    nodes.push(node);
    byId.set(entry.id, node);
  }
  return nodes;
}

/** The comment was made on another version than the one shown (null: a status line). */
export const onOtherVersion = (e: ThreadEntryDto, shownVersion: number): boolean =>
  e.version !== null && e.version !== shownVersion;

/** Pins to draw: pinned top-level comments, resolved ones only when asked for. */
export function visiblePins(
  entries: readonly ThreadEntryDto[],
  showResolved: boolean,
): ThreadEntryDto[] {
  return entries.filter(
    (e) => e.anchor !== null && e.pin !== null && (showResolved || e.resolvedAt === null),
  );
}

/** The doctor's comments not resolved yet. */
export const openCount = (entries: readonly ThreadEntryDto[]): number =>
  entries.filter(
    (e) =>
      e.kind === 'comment' &&
      e.parentId === null &&
      e.author?.role === 'doctor' &&
      e.resolvedAt === null,
  ).length;
