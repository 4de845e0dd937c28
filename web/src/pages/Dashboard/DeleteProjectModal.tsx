import type { Project } from '../../api/contract';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

export interface DeleteProjectModalProps {
  /** The project to delete; null: closed. */
  project: Project | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The delete confirmation (states that it cannot be undone). */
export function DeleteProjectModal({
  project,
  deleting,
  onCancel,
  onConfirm,
}: DeleteProjectModalProps) {
  return (
    <Modal
      open={!!project}
      onClose={onCancel}
      title="Delete Project"
      description={project ? `Delete "${project.name}"? This action cannot be undone.` : undefined}
      testId="delete-modal"
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    />
  );
}
