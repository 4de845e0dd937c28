import { useShallow } from 'zustand/react/shallow';
import { cx } from '../../ui/classNames';
import { Button } from '../../ui/Button';
import { isApproved } from '../mesh/status';
import { useViewerStore } from '../store/useViewerStore';

export interface ReviewActionsProps {
  /** Where they sit: the side panel's footer (wide screens) or the bottom bar (narrow ones). */
  place: 'footer' | 'bar';
}

/**
 * The doctor's two actions, always in reach: Comment (opens the conversation with its composer,
 * where a comment can also request changes) and Approve (disabled while busy, on an older
 * version, or once approved, then labelled Approved). Review and demo modes.
 */
export function ReviewActions({ place }: ReviewActionsProps) {
  const { status, approving, old, latest, compose, confirm } = useViewerStore(
    useShallow((s) => ({
      status: s.project?.status,
      old: !!s.project && s.project.shownVersion < s.project.latestVersion,
      latest: s.project?.latestVersion ?? 1,
      approving: s.approving,
      compose: s.compose,
      confirm: s.setApproveDialog,
    })),
  );
  const approved = isApproved(status);
  const size = place === 'bar' ? 'sm' : 'md';
  return (
    <div className={cx('vreview', `vreview--${place}`)}>
      {old && !approved && place === 'footer' ? (
        <p className="vreview__label" role="note">
          Only the latest version (v{latest}) can be approved.
        </p>
      ) : null}
      <Button size={size} icon="message" onClick={compose}>
        Comment
      </Button>
      <Button
        variant="primary"
        size={size}
        icon={approved ? 'check-circle' : 'thumbs-up'}
        loading={approving}
        disabled={approved || old}
        title={
          old && !approved ? `Only the latest version (v${latest}) can be approved.` : undefined
        }
        aria-haspopup="dialog"
        onClick={() => confirm(true)}
      >
        {approved ? 'Approved' : 'Approve'}
      </Button>
    </div>
  );
}
