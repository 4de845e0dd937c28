/**
 * The doctor's approval, per mode. Review mode calls
 * the public API with the link token (no bearer token: the capability is the link); demo mode only
 * shows the local confirmation and sends nothing.
 */
import { ApiError } from '../../api/client';
import type { ChecklistAnswerDto } from '../../api/contract';
import { publicLinkApi } from '../../api/publicLink';
import { DEMO_APPROVED, FAILED_TO_APPROVE, PROJECT_APPROVED } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { useViewerStore } from '../store/useViewerStore';
import { isApproved } from '../mesh/status';

/** How an approval went: refused with the server's words and the version to look at instead. */
export type ApprovalOutcome =
  { ok: true } | { ok: false; refusal?: { message: string; latest: number | null } };

/**
 * Approves the latest version in the doctor's name (confirmed in `ApproveDialog`); the name is
 * remembered for this link like the conversation's. The demo only shows its confirmation.
 */
export async function approveProject(
  authorName: string,
  checklist: ChecklistAnswerDto[] = [],
): Promise<ApprovalOutcome> {
  const s = useViewerStore.getState();
  if (s.approving || !s.project || isApproved(s.project.status)) return { ok: false };
  if (s.mode === 'demo') {
    toast.success(DEMO_APPROVED);
    return { ok: true };
  }
  const token = s.project.publicToken;
  if (s.mode !== 'review' || !token) return { ok: false };
  // The review code loads lazily.
  const review = await import('../review/conversationActions');
  review.rememberIdentity(authorName);
  s.setApproving(true);
  const version = s.project.latestVersion;
  try {
    await publicLinkApi.approve(token, {
      version,
      authorName,
      ...(checklist.length > 0 ? { checklist } : {}),
    });
    void review.reloadThread();
    useViewerStore.getState().setApproval({
      version,
      by: authorName,
      at: new Date().toISOString(),
      files: [],
    });
    toast.success(PROJECT_APPROVED);
    return { ok: true };
  } catch (err) {
    // A newer version was uploaded meanwhile: said in the dialog, in the server's words.
    if (
      err instanceof ApiError &&
      (err.code === 'version_superseded' || err.code === 'invalid_checklist') &&
      err.serverMessage
    ) {
      return {
        ok: false,
        refusal: { message: err.serverMessage, latest: err.latestVersion ?? null },
      };
    }
    toast.error(FAILED_TO_APPROVE);
    return { ok: false };
  } finally {
    useViewerStore.getState().setApproving(false);
  }
}
