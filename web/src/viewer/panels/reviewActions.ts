/**
 * Approve, the demo's comment and copy link, per mode (spec §2 review and demo modes, §8 toasts).
 * Review mode calls the public API with the link token (no bearer token: the capability is the
 * link); demo mode only shows the local confirmations and sends nothing.
 */
import { ApiError } from '../../api/client';
import { publicLinkApi } from '../../api/publicLink';
import {
  DEMO_APPROVED,
  DEMO_FEEDBACK_SENT,
  FAILED_TO_APPROVE,
  LINK_COPIED,
  PROJECT_APPROVED,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { useViewerStore } from '../store/useViewerStore';
import { isApproved } from '../mesh/status';

export async function approveProject(): Promise<void> {
  const s = useViewerStore.getState();
  if (s.approving || !s.project || isApproved(s.project.status)) return;
  if (s.mode === 'demo') {
    toast.success(DEMO_APPROVED);
    return;
  }
  const token = s.project.publicToken;
  if (s.mode !== 'review' || !token) return;
  // The approval carries the doctor's name, asked once per link (the review code loads lazily).
  const review = await import('../review/actions');
  const identity = await review.requireIdentity();
  if (!identity) return;
  s.setApproving(true);
  const version = s.project.latestVersion;
  try {
    await publicLinkApi.approve(token, { version, authorName: identity.name });
    void review.reloadThread();
    useViewerStore.getState().setApproval({
      version,
      by: identity.name,
      at: new Date().toISOString(),
      files: [],
    });
    toast.success(PROJECT_APPROVED);
  } catch (err) {
    // An outdated version (a newer one was uploaded meanwhile) says so in the server's words.
    toast.error(
      err instanceof ApiError && err.code === 'approval_outdated' && err.serverMessage
        ? err.serverMessage
        : FAILED_TO_APPROVE,
    );
  } finally {
    useViewerStore.getState().setApproving(false);
  }
}

/**
 * The demo's composer: only the local confirmation, nothing is sent (spec §2 demo mode). A real
 * link's composer is the conversation's (`review/ThreadPanel`).
 */
export function sendDemoComment(): void {
  const s = useViewerStore.getState();
  if (s.mode !== 'demo' || !s.feedbackText.trim()) return;
  toast.success(DEMO_FEEDBACK_SENT);
  s.setFeedbackText('');
}

/** The link this viewer can be shared by: the public link, else this page. */
export function shareLink(): string {
  const s = useViewerStore.getState();
  const origin = window.location.origin;
  if (s.mode === 'demo') return `${origin}/viewer/demo`;
  const id = s.project?.publicToken ?? s.project?.id;
  return id ? `${origin}/viewer/${id}` : window.location.href;
}

export async function copyLink(): Promise<void> {
  const link = shareLink();
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    // Clipboard API refused (insecure context, permissions): fall back to a selection copy.
    const ta = document.createElement('textarea');
    ta.value = link;
    ta.setAttribute('readonly', '');
    ta.className = 'visually-hidden';
    document.body.appendChild(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  toast.success(LINK_COPIED);
}
