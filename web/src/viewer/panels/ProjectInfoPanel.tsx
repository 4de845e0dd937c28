import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useViewerStore } from '../store/useViewerStore';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { formatCreatedDate } from '../mesh/format';
import { statusLabel, statusTone } from '../mesh/status';
import { copyLink } from './shareLink';
import { ApprovalSummary } from '../../components/versions/ApprovalSummary';
import { NewVersionModal } from '../../components/versions/NewVersionModal';
import { VersionSwitcher } from '../versions/VersionSwitcher';

// The compare tools (and the distance engine's worker) load only when a case has versions.
const ComparePanel = lazy(() => import('../compare/ComparePanel'));
const ClearancePanel = lazy(() => import('../compare/ClearancePanel'));
import { OPENING_RECORDED_NOTE } from '../../components/link/linkText';
import { OwnerLinkSection } from '../link/OwnerLinkSection';
import { OwnerChecklistSection } from './OwnerChecklistSection';

/**
 * Project Info: name, status badge, Patient, Laboratory, Created, Technician (if any),
 * Notes (if any); Back to Dashboard only outside review and demo modes; Copy Link; Go Home in
 * review mode. The body of the side panel's Info tab (wide screens) or of the Info sheet (narrow
 * ones); the review actions live in the panel's footer or the bottom bar, never here.
 */
export function ProjectInfoPanel() {
  const navigate = useNavigate();
  const { project, mode, ready } = useViewerStore(
    useShallow((s) => ({
      project: s.project,
      mode: s.mode,
      ready: s.phase === 'ready',
    })),
  );
  const [uploading, setUploading] = useState(false);
  const [params, setParams] = useSearchParams();
  if (!project) return null;
  const reviewing = mode === 'review' || mode === 'demo';
  return (
    <section className="vinfo-panel" aria-label="Project Info">
      <div className="vinfo">
        <div className="vinfo__title">
          <h1 className="vinfo__name">{project.name}</h1>
          <Badge tone={statusTone(project.status)} dot data-testid="status-badge">
            {statusLabel(project.status)}
          </Badge>
        </div>
        <dl className="vinfo__list">
          <div>
            <dt>Patient</dt>
            <dd>{project.patientName}</dd>
          </div>
          <div>
            <dt>Laboratory</dt>
            <dd>{project.laboratoryName}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatCreatedDate(project.createdAt)}</dd>
          </div>
          {project.technician ? (
            <div>
              <dt>Technician</dt>
              <dd>{project.technician}</dd>
            </div>
          ) : null}
          {project.comment ? (
            <div className="vinfo__notes">
              <dt>Notes</dt>
              <dd>{project.comment}</dd>
            </div>
          ) : null}
        </dl>
        <VersionSwitcher project={project} />
        {ready && project.shownVersion > 1 ? (
          <Suspense fallback={null}>
            <ComparePanel />
          </Suspense>
        ) : null}
        {ready && project.models.length > 1 ? (
          <Suspense fallback={null}>
            <ClearancePanel />
          </Suspense>
        ) : null}
        <ApprovalSummary
          approval={project.approval}
          latest={project.latestVersion}
          status={project.status}
          showHashes={mode === 'owner'}
          record={
            mode === 'owner'
              ? { kind: 'owner', projectId: project.id }
              : mode === 'review' && project.publicToken
                ? { kind: 'link', token: project.publicToken }
                : null
          }
        />
        <div className="vinfo__buttons">
          {!reviewing ? (
            <Button size="sm" icon="arrow-left" onClick={() => void navigate('/dashboard')}>
              Back to Dashboard
            </Button>
          ) : null}
          <Button size="sm" icon="link" onClick={() => void copyLink()}>
            Copy Link
          </Button>
          {mode === 'owner' ? (
            <Button size="sm" icon="upload" onClick={() => setUploading(true)}>
              Upload new version
            </Button>
          ) : null}
          {mode === 'review' ? (
            <Button size="sm" icon="home" onClick={() => void navigate('/')}>
              Go Home
            </Button>
          ) : null}
        </div>
        {mode === 'owner' ? <OwnerLinkSection projectId={project.id} /> : null}
        {mode === 'owner' ? <OwnerChecklistSection projectId={project.id} /> : null}
        {mode === 'review' ? (
          <p className="vinfo__note" data-testid="opening-recorded">
            {OPENING_RECORDED_NOTE}
          </p>
        ) : null}
      </div>
      {mode === 'owner' ? (
        <NewVersionModal
          project={
            uploading
              ? {
                  id: project.id,
                  name: project.name,
                  latest: project.latestVersion,
                  models: (
                    project.versions.find((v) => v.n === project.latestVersion)?.models ?? []
                  ).map((m) => ({
                    id: m.id,
                    name: m.originalName,
                    originalName: m.originalName,
                    material: m.material ?? 'default',
                  })),
                }
              : null
          }
          onClose={() => setUploading(false)}
          onDone={(answer) => {
            setUploading(false);
            // The loader shows the new version (a new `v` in the address reloads the project).
            const next = new URLSearchParams(params);
            next.set('v', String(answer.version));
            setParams(next);
          }}
        />
      ) : null}
    </section>
  );
}
