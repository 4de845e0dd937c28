import { useCallback, useEffect, useState } from 'react';
import type { ThreadEntry as ThreadEntryDto } from '../../api/contract';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../components/project/format';
import type { Project } from '../../api/contract';
import { toast } from '../../stores/useToastStore';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { statusLabel } from '../../viewer/mesh/status';
import { fetchThread, postComment, postResolved } from '../../api/comments';
import { projectsApi } from '../../api/projects';
import { threadNodes } from '../../viewer/review/reviewStore';

export interface CommentsModalProps {
  /** Whose comments; null: closed. */
  project: Project | null;
  /** An admin viewing someone else's dashboard cannot mark read, reply or resolve. */
  readOnly: boolean;
  onClose: () => void;
  onMarkRead: (feedbackId: string) => void;
  /** The thread changed (a reply, a resolve): the card's counts are stale. */
  onChanged?: () => void;
}

const who = (e: ThreadEntryDto) =>
  e.author?.role === 'technician'
    ? `${e.author.name ?? 'You'} (Technician)`
    : `${e.author?.name ?? 'Doctor'} (Doctor)${e.author?.email ? ` · ${e.author.email}` : ''}`;

/**
 * Doctor Comments, now the whole conversation: comments with their replies, pins by
 * number, status changes between them; Mark as Read for unread doctor comments, a reply under
 * each comment, Resolve / Reopen, and a note of the technician's own.
 */
export function CommentsModal({
  project,
  readOnly,
  onClose,
  onMarkRead,
  onChanged,
}: CommentsModalProps) {
  const [entries, setEntries] = useState<ThreadEntryDto[] | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [backToReview, setBackToReview] = useState(false);
  const projectId = project?.id;

  const load = useCallback(async () => {
    if (!projectId) return;
    try {
      setEntries(await fetchThread({ kind: 'owner', projectId }));
    } catch {
      setEntries([]);
    }
  }, [projectId]);

  useEffect(() => {
    setEntries(null);
    setDrafts({});
    setBackToReview(false);
    void load();
  }, [load]);

  async function run(action: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await action();
      if (done) toast.success(done);
      await load();
      onChanged?.();
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed');
    } finally {
      setBusy(false);
    }
  }

  const reply = (parentId: string | null) => {
    const key = parentId ?? '';
    const body = (drafts[key] ?? '').trim();
    if (!projectId || body === '') return;
    void run(
      () =>
        postComment({ kind: 'owner', projectId }, { body, ...(parentId ? { parentId } : {}) }).then(
          () => setDrafts((d) => ({ ...d, [key]: '' })),
        ),
      'Reply sent',
    );
  };

  const readState = (id: string) => project?.feedback.find((f) => f.id === id);
  const box = (parentId: string | null, label: string) => {
    const key = parentId ?? '';
    return (
      <form
        className="comment__reply"
        onSubmit={(e) => {
          e.preventDefault();
          reply(parentId);
        }}
      >
        <textarea
          aria-label={label}
          rows={2}
          maxLength={5000}
          value={drafts[key] ?? ''}
          disabled={readOnly}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDrafts((d) => ({ ...d, [key]: value }));
          }}
        />
        <Button
          size="sm"
          type="submit"
          disabled={readOnly || busy || (drafts[key] ?? '').trim() === ''}
        >
          {parentId ? 'Reply' : 'Add note'}
        </Button>
      </form>
    );
  };

  return (
    <Modal
      open={!!project}
      onClose={onClose}
      title="Doctor Comments"
      description={project?.name}
      size="lg"
      testId="comments-modal"
    >
      {entries && entries.length === 0 && <p>No comments yet.</p>}
      {entries &&
        threadNodes(entries).map(({ entry: e, replies }) =>
          e.kind !== 'comment' ? (
            <p key={e.id} className="comment__status">
              {e.kind === 'approval' ? 'Approved' : `Status: ${statusLabel(e.status ?? '')}`}
              {e.author?.name ? ` by ${e.author.name}` : ''} · {formatDateTime(e.createdAt)}
            </p>
          ) : (
            <div key={e.id} className="comment" data-testid="thread-comment">
              <div className="comment__time">
                {e.pin ? <Badge tone="info">Pin {e.pin}</Badge> : null} {who(e)} ·{' '}
                {formatDateTime(e.createdAt)}
                {e.changesRequested ? ' · Changes requested' : ''}
              </div>
              <p>{e.body}</p>
              {replies.map((r) => (
                <div key={r.id} className="comment comment--reply" data-testid="thread-reply">
                  <div className="comment__time">
                    {who(r)} · {formatDateTime(r.createdAt)}
                  </div>
                  <p>{r.body}</p>
                </div>
              ))}
              <div className="comment__actions">
                {e.author?.role === 'doctor' &&
                  (readState(e.id)?.readAt ? (
                    <Badge tone="success">Read</Badge>
                  ) : readState(e.id) ? (
                    <Button size="sm" onClick={() => onMarkRead(e.id)} disabled={readOnly}>
                      Mark as Read
                    </Button>
                  ) : null)}
                {e.resolvedAt ? <Badge tone="success">Resolved</Badge> : null}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={readOnly || busy}
                  onClick={() =>
                    projectId &&
                    void run(() =>
                      postResolved({ kind: 'owner', projectId }, e.id, e.resolvedAt === null),
                    )
                  }
                >
                  {e.resolvedAt ? 'Reopen' : 'Resolve'}
                </Button>
              </div>
              {box(e.id, `Reply to ${e.author?.name ?? 'the doctor'}`)}
            </div>
          ),
        )}
      {entries ? box(null, 'Note to the doctor') : null}
      {project?.status === 'pending_revision' && !readOnly && !backToReview ? (
        <Button
          variant="primary"
          size="sm"
          disabled={busy}
          onClick={() =>
            projectId &&
            void run(
              () =>
                projectsApi
                  .setStatus(projectId, 'pending_review')
                  .then(() => setBackToReview(true)),
              'Status set to Pending Review',
            )
          }
        >
          Back to Pending Review
        </Button>
      ) : null}
    </Modal>
  );
}
