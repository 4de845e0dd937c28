import { Link } from 'react-router-dom';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatRelative,
} from '../../components/project/format';
import { ProjectThumbnail } from '../../components/project/ProjectThumbnail';
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
  /** The time relative activity is told from ("2 h ago"). */
  now: number;
  /** Shows 'Copied!' for the copy confirmation (2 seconds). */
  copied: boolean;
  /** An admin viewing someone else's dashboard: no e-mail, no delete. */
  readOnly: boolean;
  onCopy: () => void;
  onComments: () => void;
  onEmail: () => void;
  onDelete: () => void;
  onNewVersion: () => void;
  onLinkSettings: () => void;
  /** Saves the latest version's files as uploaded, as one zip. */
  onDownload: () => void;
}

/**
 * A Recent Projects card: the picture, status, unread and open counts, name,
 * patient, lab, last activity, versions, files and size; two visible actions (View, Copy Link),
 * the rest (Comments, Email, Link settings, History, Download files, new version, Delete) in the
 * "⋯" menu.
 */
export function ProjectCard({
  project: p,
  now,
  copied,
  readOnly,
  onCopy,
  onComments,
  onEmail,
  onDelete,
  onNewVersion,
  onLinkSettings,
  onDownload,
}: ProjectCardProps) {
  const latest = p.versions.length || 1;
  const activity = p.lastActivityAt;
  return (
    <Card className="project-card" data-testid="project-card">
      <ProjectThumbnail url={p.thumbnailUrl} size="card" />
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
        <span data-testid="card-activity">
          Last activity{' '}
          <time dateTime={activity} title={formatDateTime(activity)}>
            {formatRelative(activity, now)}
          </time>
        </span>
        <span data-testid="card-counts">
          {latest} {latest === 1 ? 'version' : 'versions'} · {p.models.length}{' '}
          {p.models.length === 1 ? 'file' : 'files'} · {formatBytes(p.storageBytes)} · created{' '}
          {formatDate(p.createdAt)}
        </span>
        {p.mailNotDelivered ? (
          <span className="project-card__mail-failed" role="status" data-testid="card-mail-failed">
            <Icon name="alert-triangle" size="sm" />
            <span>
              <strong>Not delivered</strong>: the e-mail to the doctor of{' '}
              {formatDate(p.mailNotDelivered.queuedAt)} ({p.mailNotDelivered.reason}). Check the
              address and send it again.
            </span>
          </span>
        ) : null}
        {p.link ? (
          <span className="project-card__link" data-testid="card-link-summary">
            {openedSummary(p.link)} · {linkStateText(p.link)}
            {p.link.pinSet ? ' · PIN' : ''}
            {p.link.downloadsAllowed ? ' · Downloads allowed' : ''}
          </span>
        ) : null}
      </div>
      <ApprovalSummary
        approval={p.approval}
        latest={latest}
        status={p.status}
        showHashes={!readOnly}
        record={readOnly ? null : { kind: 'owner', projectId: p.id }}
      />
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
        <ActionMenu label={`More actions for ${p.name}`}>
          <button type="button" role="menuitem" className="menu__item" onClick={onComments}>
            <Icon name="message" />
            Comments{p.feedback.length ? ` (${p.feedback.length})` : ''}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            disabled={readOnly}
            onClick={onEmail}
          >
            <Icon name="mail" />
            Email
          </button>
          <button type="button" role="menuitem" className="menu__item" onClick={onLinkSettings}>
            <Icon name="lock" />
            Link settings
          </button>
          <ProjectHistoryLink projectId={p.id} className="menu__item" role="menuitem" />
          <button type="button" role="menuitem" className="menu__item" onClick={onDownload}>
            <Icon name="download" />
            Download files (zip)
          </button>
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
