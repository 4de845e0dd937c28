/**
 * What the review controls do: load the thread, ask the doctor's name once per link, send a
 * comment (with the placed pin), request changes, reply, resolve / reopen, and — for the owner —
 * set the case back to Pending Review. Failures become toasts with the server's message.
 */
import { ApiError } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { FAILED_TO_SEND_FEEDBACK } from '../../messages';
import { toast } from '../../stores/useToastStore';
import type {
  ChecklistAnswerDto,
  ThreadEntry as ThreadEntryDto,
  ToolState,
} from '../../api/contract';
import { useViewerStore } from '../store/useViewerStore';
import { openToolsGate } from '../tools/toolsGate';
import { loadIdentity, saveIdentity, type ReviewerIdentity } from './identity';
import {
  fetchThread,
  postComment,
  postRequestChanges,
  postResolved,
  type ReviewAccess,
} from '../../api/comments';
import { useReviewStore } from './reviewStore';

export const COMMENT_SENT = 'Comment sent';
export const CHANGES_REQUESTED = 'Changes requested — the technician has been told';
export const REPLY_SENT = 'Reply sent';
export const BACK_TO_REVIEW = 'Status set to Pending Review';
export const VIEW_NOT_READY = 'The view cannot be attached yet: wait for the models to show';
export const VIEW_NOT_RESTORED = 'This saved view cannot be shown';

/** The tools' chunk, loaded on demand (it is fetched after the first frame anyway). */
const loadTools = () => {
  openToolsGate();
  return import('../tools/toolsEntry');
};

/** Ids of the models of the version shown. */
const shownModelIds = (): Set<string> =>
  new Set(useViewerStore.getState().project?.models.map((m) => m.id) ?? []);

/** The tools' state now, without measurements on models of another version; null: not ready. */
async function currentView(): Promise<ToolState | null> {
  const tools = await loadTools();
  const state = tools.captureCurrentToolState();
  if (!state) return null;
  const checked = tools.restoreToolState(state, shownModelIds());
  return checked.ok ? checked.state : null;
}

/** The viewer's access for the conversation; null in the demo. */
export function reviewAccess(): ReviewAccess | null {
  const { mode, project } = useViewerStore.getState();
  if (!project) return null;
  if (mode === 'review' && project.publicToken) return { kind: 'link', token: project.publicToken };
  if (mode === 'owner') return { kind: 'owner', projectId: project.id };
  return null;
}

export async function reloadThread(): Promise<void> {
  const access = reviewAccess();
  if (!access) return;
  try {
    useReviewStore.getState().setEntries(await fetchThread(access));
  } catch {
    // The viewer stays usable without the thread; the panel says so and offers to try again.
    useReviewStore.getState().setLoadFailed();
  }
}

/** Loads the remembered name for this link (the doctor's viewer only). */
export function restoreIdentity(): void {
  const { project, mode } = useViewerStore.getState();
  if (mode !== 'review' || !project) return;
  useReviewStore.getState().setIdentity(loadIdentity(project.id));
}

/** Remembers the name the doctor gave elsewhere (the approval's dialog) for this link. */
export function rememberIdentity(name: string): void {
  const { project } = useViewerStore.getState();
  const previous = useReviewStore.getState().identity;
  const identity = { name, email: previous?.email ?? '' };
  if (project) saveIdentity(project.id, identity);
  useReviewStore.getState().setIdentity(identity);
}

/** The doctor's name: remembered, else asked for (null when the prompt is cancelled). */
export function requireIdentity(change = false): Promise<ReviewerIdentity | null> {
  const s = useReviewStore.getState();
  if (s.identity && !change) return Promise.resolve(s.identity);
  return new Promise((resolve) => {
    s.setIdentityPrompt((identity) => {
      const { project } = useViewerStore.getState();
      useReviewStore.getState().setIdentityPrompt(null);
      if (identity && project) {
        saveIdentity(project.id, identity);
        useReviewStore.getState().setIdentity(identity);
      }
      resolve(identity);
    });
  });
}

function failed(err: unknown, fallback: string): void {
  toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback);
}

/**
 * Sends a comment (top-level, or a reply when `parentId`), or the request for changes. A placed
 * pin goes with the next top-level comment. Answers true when it was recorded.
 */
export async function sendComment(
  body: string,
  opts: {
    parentId?: string;
    requestChanges?: boolean;
    quiet?: boolean;
    /** Answered with a request for changes. */
    checklist?: ChecklistAnswerDto[];
  } = {},
): Promise<boolean> {
  const access = reviewAccess();
  const text = body.trim();
  if (!access || text === '') return false;
  const store = useReviewStore.getState();
  if (store.busy) return false;
  let author: { authorName?: string; authorEmail?: string } = {};
  if (access.kind === 'link') {
    const identity = await requireIdentity();
    if (!identity) return false;
    author = {
      authorName: identity.name.trim(),
      ...(identity.email.trim() ? { authorEmail: identity.email.trim() } : {}),
    };
  }
  const anchor = opts.parentId ? undefined : (store.pendingAnchor ?? undefined);
  const attach = !opts.parentId && store.attachView;
  store.setBusy(true);
  try {
    const toolState = attach ? await currentView() : null;
    if (attach && !toolState) {
      toast.error(VIEW_NOT_READY);
      return false;
    }
    const version = useViewerStore.getState().project?.shownVersion;
    const input = {
      body: text,
      ...author,
      ...(anchor ? { anchor } : {}),
      ...(toolState ? { toolState } : {}),
      ...(version ? { version } : {}),
    };
    if (opts.requestChanges && access.kind === 'link') {
      await postRequestChanges(access, {
        ...input,
        ...(opts.checklist?.length ? { checklist: opts.checklist } : {}),
      });
      useViewerStore.getState().setStatus('pending_revision');
      toast.success(CHANGES_REQUESTED);
    } else {
      await postComment(access, {
        ...input,
        ...(opts.parentId ? { parentId: opts.parentId } : {}),
      });
      if (!opts.quiet) toast.success(opts.parentId ? REPLY_SENT : COMMENT_SENT);
    }
    if (anchor) useReviewStore.getState().setPendingAnchor(null);
    if (attach) useReviewStore.getState().setAttachView(false);
    await reloadThread();
    return true;
  } catch (err) {
    failed(err, FAILED_TO_SEND_FEEDBACK);
    return false;
  } finally {
    useReviewStore.getState().setBusy(false);
  }
}

/**
 * Chooses a comment: its pin is highlighted and the camera flies to it; a saved view is put back
 * through the tools (camera, measurements, section), loading them first if they are not yet.
 */
export async function chooseComment(entry: ThreadEntryDto): Promise<void> {
  useReviewStore.getState().select(entry.id);
  if (!entry.toolState) return;
  const tools = await loadTools();
  const checked = tools.restoreToolState(entry.toolState, shownModelIds());
  if (!checked.ok) {
    toast.error(VIEW_NOT_RESTORED);
    return;
  }
  tools.applyToolState(checked.state);
}

export async function setResolved(commentId: string, resolved: boolean): Promise<void> {
  const access = reviewAccess();
  if (!access) return;
  try {
    await postResolved(access, commentId, resolved);
    await reloadThread();
  } catch (err) {
    failed(err, 'Could not change the comment');
  }
}

/** The owner: the revision is ready, back to Pending Review. */
export async function backToReview(): Promise<void> {
  const { project, mode } = useViewerStore.getState();
  if (mode !== 'owner' || !project) return;
  try {
    await projectsApi.setStatus(project.id, 'pending_review');
    useViewerStore.getState().setStatus('pending_review');
    toast.success(BACK_TO_REVIEW);
    await reloadThread();
  } catch (err) {
    failed(err, 'Could not change the status');
  }
}
