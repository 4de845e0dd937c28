import { useState } from 'react';
import { projectsApi } from '../../api/projects';
import { saveFile } from '../../api/downloads';
import { apiUrl, paths } from '../../api/paths';
import {
  APPROVAL_RECORD_DOCTOR,
  APPROVAL_RECORD_FAILED,
  APPROVAL_RECORD_OWNER,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

/** Whose record: the owner's (signed in) or the doctor's, through the link's token. */
export type ApprovalRecordSource =
  { kind: 'owner'; projectId: string } | { kind: 'link'; token: string };

/**
 * The approval record's PDF. The doctor's is a plain link (the link's PIN grant is a cookie on its
 * path); the owner's is fetched with the bearer token, then saved.
 */
export function ApprovalRecordButton({ source }: { source: ApprovalRecordSource }) {
  const [busy, setBusy] = useState(false);
  if (source.kind === 'link') {
    return (
      <a
        className={buttonClass('secondary', 'sm', { className: 'approval__record' })}
        href={apiUrl(paths.publicApprovalRecord(source.token))}
        download
        data-testid="approval-record"
      >
        <Icon name="file" />
        {APPROVAL_RECORD_DOCTOR}
      </a>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      const { blob, name } = await projectsApi.approvalRecord(source.projectId);
      saveFile(blob, name ?? 'cusp-approval-record.pdf');
    } catch {
      toast.error(APPROVAL_RECORD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      icon="file"
      className="approval__record"
      loading={busy}
      onClick={() => void download()}
      data-testid="approval-record"
    >
      {APPROVAL_RECORD_OWNER}
    </Button>
  );
}
