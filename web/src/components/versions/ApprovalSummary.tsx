import type { ProjectApproval } from '../../api/contract';
import { ApprovalRecordButton, type ApprovalRecordSource } from './ApprovalRecordButton';
import { approvalLine, isCurrentApproval, outdatedApprovalLine } from './versionText';
import './versions.css';

export interface ApprovalSummaryProps {
  approval: ProjectApproval | null;
  /** The latest version's number. */
  latest: number;
  /** The project's status: the record is offered while the approval still stands. */
  status: string;
  /** The owner sees the SHA-256 of each approved file, to check a downloaded file against. */
  showHashes: boolean;
  /** Where the approval record comes from; null: not offered (an admin, the demo). */
  record: ApprovalRecordSource | null;
}

/**
 * "Approved v2 by Dr … on …", and "the approval was for v2" once a newer version exists; for the
 * owner, each approved file with its SHA-256 as uploaded and as stored; the approval record's PDF
 * while the approval stands.
 */
export function ApprovalSummary({
  approval,
  latest,
  status,
  showHashes,
  record,
}: ApprovalSummaryProps) {
  if (!approval) return null;
  const outdated = outdatedApprovalLine(approval, latest);
  return (
    <div className="approval" data-testid="approval-summary">
      <p className={outdated ? 'approval__line approval__line--old' : 'approval__line'}>
        {approvalLine(approval)}
      </p>
      {outdated ? (
        <p className="approval__outdated" data-testid="approval-outdated">
          {outdated}
        </p>
      ) : null}
      {showHashes && approval.files.length > 0 ? (
        <details className="approval__files">
          <summary>SHA-256 of the approved files</summary>
          <ul data-testid="approval-hashes">
            {approval.files.map((f) => (
              <li key={f.modelId}>
                <span className="approval__file">{f.name}</span>
                <span className="approval__kind">As uploaded</span>
                <code className="approval__hash">{f.uploadedSha256 ?? 'not recorded'}</code>
                <span className="approval__kind">As stored</span>
                <code className="approval__hash">{f.sha256 ?? 'not recorded'}</code>
              </li>
            ))}
          </ul>
          <p className="approval__hint">
            As uploaded: the file your lab sent. As stored: the file as downloaded from Cusp (check
            with e.g. <code>sha256sum</code>).
          </p>
        </details>
      ) : null}
      {record && isCurrentApproval(approval, latest, status) ? (
        <div className="approval__actions">
          <ApprovalRecordButton source={record} />
        </div>
      ) : null}
    </div>
  );
}
