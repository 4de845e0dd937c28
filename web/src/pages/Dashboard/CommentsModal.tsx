import { formatDateTime } from '../../components/project/format';
import type { Project } from '../../api/contract';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

export interface CommentsModalProps {
  /** Whose comments; null: closed. */
  project: Project | null;
  /** An admin viewing someone else's dashboard cannot mark comments read. */
  readOnly: boolean;
  onClose: () => void;
  onMarkRead: (feedbackId: string) => void;
}

/** Doctor Comments (spec §2): the thread, each unread doctor comment with Mark as Read. */
export function CommentsModal({ project, readOnly, onClose, onMarkRead }: CommentsModalProps) {
  return (
    <Modal
      open={!!project}
      onClose={onClose}
      title="Doctor Comments"
      description={project?.name}
      size="lg"
      testId="comments-modal"
    >
      {project && project.feedback.length === 0 && <p>No comments yet.</p>}
      {project?.feedback.map((f) => (
        <div key={f.id} className="comment">
          <div className="comment__time">
            {f.type === 'doctor_feedback' ? 'Doctor' : 'You'} · {formatDateTime(f.createdAt)}
          </div>
          <p>{f.message}</p>
          {f.type === 'doctor_feedback' &&
            (f.readAt ? (
              <Badge tone="success">Read</Badge>
            ) : (
              <Button size="sm" onClick={() => onMarkRead(f.id)} disabled={readOnly}>
                Mark as Read
              </Button>
            ))}
        </div>
      ))}
    </Modal>
  );
}
