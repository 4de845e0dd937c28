import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { Button } from '../../ui/Button';
import { isApproved } from '../mesh/status';
import { approveProject, sendFeedback } from './reviewActions';

export interface ReviewActionsProps {
  /** Mobile quick feedback box: fewer rows, smaller buttons. */
  compact: boolean;
}

/**
 * Review and demo modes: Approve (disabled while busy or when approved, then 'Approved'), a Leave
 * feedback box and Send Feedback (disabled while busy or when the text is blank).
 */
export function ReviewActions({ compact }: ReviewActionsProps) {
  const { status, approving, sending, text, setText, old, latest } = useViewerStore(
    useShallow((s) => ({
      status: s.project?.status,
      old: !!s.project && s.project.shownVersion < s.project.latestVersion,
      latest: s.project?.latestVersion ?? 1,
      approving: s.approving,
      sending: s.sendingFeedback,
      text: s.feedbackText,
      setText: s.setFeedbackText,
    })),
  );
  const approved = isApproved(status);
  const fieldId = useId();
  return (
    <div className={compact ? 'vreview vreview--compact' : 'vreview'}>
      {old && !approved ? (
        <p className="vreview__label" role="note">
          Only the latest version (v{latest}) can be approved.
        </p>
      ) : null}
      <Button
        variant="primary"
        size={compact ? 'sm' : 'md'}
        block
        icon={approved ? 'check-circle' : 'thumbs-up'}
        loading={approving}
        disabled={approved || old}
        onClick={() => void approveProject()}
      >
        {approved ? 'Approved' : 'Approve'}
      </Button>
      {!approved ? (
        <Button
          variant="danger"
          size={compact ? 'sm' : 'md'}
          block
          icon="alert-triangle"
          disabled={sending || text.trim() === ''}
          title={text.trim() === '' ? 'Write what should change first' : undefined}
          onClick={() => void sendFeedback(true)}
        >
          Request changes
        </Button>
      ) : null}
      <form
        className="vreview__form"
        onSubmit={(e) => {
          e.preventDefault();
          void sendFeedback();
        }}
      >
        <label className="vreview__label" htmlFor={fieldId}>
          Leave feedback
        </label>
        <textarea
          id={fieldId}
          className="vreview__text"
          rows={compact ? 2 : 3}
          maxLength={5000}
          placeholder="Comments for the technician…"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          size={compact ? 'sm' : 'md'}
          block
          icon="message"
          loading={sending}
          disabled={text.trim() === ''}
        >
          Send Feedback
        </Button>
      </form>
    </div>
  );
}
