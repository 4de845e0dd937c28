import type { ProjectApproval } from '../../api/contract';
import { approvalLine, outdatedApprovalLine } from './versionText';
import './versions.css';

export interface ApprovalSummaryProps {
  approval: ProjectApproval | null;
  /** The latest version's number. */
  latest: number;
  /** The owner sees the SHA-256 of each approved file, to check a downloaded file against. */
  showHashes: boolean;
}

/**
 * "Approved v2 by Dr … on …", and "the approval was for v2" once a newer version exists; for the
 * owner, each approved file with its SHA-256.
 */
export function ApprovalSummary({ approval, latest, showHashes }: ApprovalSummaryProps) {
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
                <code className="approval__hash">{f.sha256 ?? 'not recorded'}</code>
              </li>
            ))}
          </ul>
          <p className="approval__hint">
            The hash (<code>sha256sum</code>) of the copy Cusp stores and the doctor viewed. Where
            the upload changed a file (STL header cleared, DCM converted), the file as uploaded has
            its own hash: see the SHA256SUMS of the version's zip.
          </p>
        </details>
      ) : null}
    </div>
  );
}
