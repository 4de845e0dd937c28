import { Link } from 'react-router-dom';
import { formatBytes, formatDate } from '../../components/project/format';
import type { Project } from '../../api/contract';
import { statusLabel, statusTone } from '../../viewer/mesh/status';
import { ActionMenu } from '../../ui/ActionMenu';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { ProjectHistoryLink } from '../ProjectHistory/ProjectHistoryLink';
import { ApprovalSummary } from '../../components/versions/ApprovalSummary';
import { versionLabel } from '../../components/versions/versionText';
import { effectiveState, linkStateText, openedSummary } from '../../components/link/linkText';
import '../../components/link/link.css';

export interface ProjectCardProps {
  project: Project;
  /** Shows 'Copied!' for the copy confirmation (spec §9: 2 seconds). */
  copied: boolean;
  /** An admin viewing someone else's dashboard: no e-mail, no delete. */
  readOnly: boolean;
  onCopy: () => void;
  onComments: () => void;
  onEmail: () => void;
  onDelete: () => void;
  onNewVersion: () => void;
  onLinkSettings: () => void;
}

/**
 * A Recent Projects card (spec §2): status, unread count, name, patient, lab, date, files and
 * size; the actions a technician uses most (View, Copy Link, Comments, Email) in at most two rows,
 * History and Delete in the "⋯" menu.
 */
export function ProjectCard({
  project: p,
  copied,
  readOnly,
  onCopy,
  onComments,
  onEmail,
  onDelete,
  onNewVersion,
  onLinkSettings,
}: ProjectCardProps) {
  const latest = p.versions.length || 1;
  return (
    <Card className="project-card" data-testid="project-card">
      <div className="project-card__badges">
        <Badge tone={statusTone(p.status)} dot>
          {statusLabel(p.status)}
        </Badge>
        {p.unreadCount > 0 && <Badge tone="danger">{p.unreadCount} new</Badge>}
        {latest > 1 && (
          <Badge tone="info" data-testid="card-version">
            {versionLabel(latest)}
          </Badge>
        )}
        {p.link && effectiveState(p.link) !== 'active' ? (
          <Badge tone="neutral">
            {effectiveState(p.link) === 'revoked' ? 'Link withdrawn' : 'Link expired'}
          </Badge>
        ) : null}
        {(p.openComments ?? 0) > 0 && (
          <Badge tone="warning" data-testid="open-comments">
            {p.openComments} open
          </Badge>
        )}
      </div>
      <h3 className="project-card__title">{p.name}</h3>
      <div className="project-card__meta">
        <span>Patient: {p.patientName}</span>
        <span>Lab: {p.laboratoryName}</span>
        <span>
          {formatDate(p.createdAt)} · {p.models.length} {p.models.length === 1 ? 'file' : 'files'} ·{' '}
          {formatBytes(p.storageBytes)}
        </span>
        {p.link ? (
          <span className="project-card__link" data-testid="card-link-summary">
            {openedSummary(p.link)} · {linkStateText(p.link)}
            {p.link.pinSet ? ' · PIN' : ''}
          </span>
        ) : null}
      </div>
      <ApprovalSummary approval={p.approval} latest={latest} showHashes={!readOnly} />
      <div className="project-card__actions" data-testid="card-actions">
        {/* The owner's viewer: no PIN to enter, the owner's looks stay out of the view log, and its
            conversation answers as the technician. */}
        <Link className="btn btn--secondary btn--sm" to={`/viewer/${p.id}`}>
          <Icon name="eye" />
          View
        </Link>
        <Button size="sm" icon={copied ? 'check' : 'link'} onClick={onCopy}>
          {copied ? 'Copied!' : 'Copy Link'}
        </Button>
        <Button size="sm" icon="message" onClick={onComments}>
          Comments{p.feedback.length ? ` (${p.feedback.length})` : ''}
        </Button>
        <Button size="sm" icon="mail" onClick={onEmail} disabled={readOnly}>
          Email
        </Button>
        <ActionMenu label={`More actions for ${p.name}`}>
          <button type="button" role="menuitem" className="menu__item" onClick={onLinkSettings}>
            <Icon name="lock" />
            Link settings
          </button>
          <ProjectHistoryLink projectId={p.id} className="menu__item" role="menuitem" />
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            disabled={readOnly}
            onClick={onNewVersion}
          >
            <Icon name="upload" />
            Upload new version
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item menu__item--danger"
            disabled={readOnly}
            onClick={onDelete}
          >
            <Icon name="trash" />
            Delete
          </button>
        </ActionMenu>
      </div>
    </Card>
  );
}
