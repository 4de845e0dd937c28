import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { Modal } from '../../ui/Modal';
import { versionLabel } from '../../components/versions/versionText';
import { formatCreatedDate, formatFileSize } from '../mesh/format';
import { useReviewStore } from '../review/reviewStore';
import { identityProblem } from '../review/identity';
import { useViewerStore } from '../store/useViewerStore';
import { approveProject } from './approveProject';
import {
  ChecklistFields,
  checklistAnswersOf,
  type ChecklistDraft,
} from '../../components/checklist/ChecklistFields';

/**
 * Approving is a deliberate act: the dialog (a sheet on a phone) names the version and its date,
 * lists its files with their sizes and the comments still open ("review them first"), and takes
 * the doctor's name, prefilled from the conversation. A refused approval (a newer version came
 * meanwhile) is said here, with the way to the latest version.
 */
export function ApproveDialog() {
  const { open, setOpen, project, approving, compose } = useViewerStore(
    useShallow((s) => ({
      open: s.approveDialog,
      setOpen: s.setApproveDialog,
      project: s.project,
      approving: s.approving,
      compose: s.compose,
    })),
  );
  const { entries, identity } = useReviewStore(
    useShallow((s) => ({ entries: s.entries, identity: s.identity })),
  );
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; latest: number | null } | null>(null);
  const [draft, setDraft] = useState<ChecklistDraft>({});
  const [params, setParams] = useSearchParams();
  const nameId = useId();

  useEffect(() => {
    if (!open) return;
    setName(identity?.name ?? '');
    setNameError(null);
    setRefusal(null);
    setDraft({});
  }, [open, identity]);

  if (!project) return null;
  const version = project.versions.find((v) => v.n === project.latestVersion);
  const files = version?.models ?? project.models;
  const openComments = entries.filter(
    (e) => e.kind === 'comment' && e.parentId === null && e.resolvedAt === null,
  );
  const pinned = entries.filter((e) => e.kind === 'comment' && e.parentId === null && e.pin);
  const close = () => setOpen(false);

  const confirm = async () => {
    const problem = identityProblem(name, identity?.email ?? '');
    if (problem) {
      setNameError(problem);
      document.getElementById(nameId)?.focus();
      return;
    }
    const outcome = await approveProject(name.trim(), checklistAnswersOf(project.checklist, draft));
    if (outcome.ok) close();
    else if (outcome.refusal) setRefusal(outcome.refusal);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      sheetOnPhone
      testId="approve-dialog"
      title={`Approve ${versionLabel(project.latestVersion)}?`}
      description="Your approval releases this design to manufacturing and is recorded with your name."
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="primary"
            icon="thumbs-up"
            loading={approving}
            onClick={() => void confirm()}
          >
            {`Approve ${versionLabel(project.latestVersion)}`}
          </Button>
        </>
      }
    >
      <div className="vapprove">
        <p className="vapprove__version" data-testid="approve-version">
          {versionLabel(project.latestVersion)} · uploaded{' '}
          {formatCreatedDate(version?.createdAt ?? project.createdAt)}
          {version?.note ? ` · ${version.note}` : ''}
        </p>
        <h3 className="vapprove__h">Files</h3>
        <ul className="vapprove__files" data-testid="approve-files">
          {files.map((m) => (
            <li key={m.id}>
              <span className="vapprove__file">{m.originalName}</span>
              <span className="vapprove__size">{formatFileSize(m.size)}</span>
            </li>
          ))}
        </ul>
        {openComments.length > 0 ? (
          <div className="vapprove__open" role="note" data-testid="approve-open-comments">
            <h3 className="vapprove__h">
              {openComments.length === 1
                ? '1 comment is still open'
                : `${openComments.length} comments are still open`}
            </h3>
            <ul>
              {openComments.slice(0, 5).map((c) => (
                <li key={c.id}>
                  {c.pin ? `Pin ${c.pin} · ` : ''}
                  {c.author?.name ? `${c.author.name}: ` : ''}
                  {(c.body ?? '').slice(0, 120)}
                </li>
              ))}
            </ul>
            <Button
              size="sm"
              onClick={() => {
                close();
                compose();
              }}
            >
              Review them first
            </Button>
          </div>
        ) : null}
        {project.checklist.length > 0 ? (
          <ChecklistFields
            items={project.checklist}
            draft={draft}
            onChange={setDraft}
            pinned={pinned}
          />
        ) : null}
        <TextField
          id={nameId}
          label="Your name"
          autoComplete="name"
          maxLength={100}
          value={name}
          error={nameError ?? undefined}
          onChange={(v) => {
            setName(v);
            setNameError(null);
          }}
        />
        {refusal ? (
          <div className="vapprove__refused" role="alert" data-testid="approve-refused">
            <p>{refusal.message}</p>
            {refusal.latest ? (
              <Button
                size="sm"
                onClick={() => {
                  const next = new URLSearchParams(params);
                  next.delete('v');
                  setParams(next);
                  close();
                }}
              >
                {`Show ${versionLabel(refusal.latest)}`}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
