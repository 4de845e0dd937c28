import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { LOADING_PROJECT } from '../../messages';
import { useViewerStore } from '../../viewer/store/useViewerStore';
import { Spinner } from '../../ui/Spinner';
import { LayersPanel } from '../../viewer/panels/LayersPanel';
import { LoadingOverlay } from '../../viewer/panels/LoadingOverlay';
import { RefiningBadge } from '../../viewer/panels/RefiningBadge';
import { ProjectInfoPanel } from '../../viewer/panels/ProjectInfoPanel';
import { ProjectNotFound } from '../../viewer/panels/ProjectNotFound';
import { ReviewActions } from '../../viewer/panels/ReviewActions';
import { ViewerToolbar } from '../../viewer/panels/ViewerToolbar';
import { ViewerCanvas } from '../../viewer/scene/ViewerCanvas';
import { firstFrameShown, onFirstFrameChange } from '../../viewer/boot/firstFrame';
import { useDeviceClass } from '../../viewer/scene/useDeviceClass';
import { ToolsUiSlot } from '../../viewer/tools/LazyTools';
import '../../viewer/panels/viewer.css';
import { useViewerLoader } from './useViewerLoader';
import { LinkClosed } from '../../viewer/link/LinkClosed';
import { PinPrompt } from '../../viewer/link/PinPrompt';
import { useLinkGate } from '../../viewer/link/useLinkGate';

/** The conversation (thread, name prompt): loaded after the first frame. */
const ReviewLayer = lazy(() => import('../../viewer/review/ReviewLayer'));

/** The id after /viewer/: a public token (pub_…), a project id, or 'demo'. */
function useRouteId(): string {
  const params = useParams();
  const { pathname } = useLocation();
  const fromParams = params.projectId ?? params.id ?? params.token;
  if (fromParams) return fromParams;
  const m = /^\/viewer\/([^/]+)/.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : 'demo';
}

/** /viewer/{id} and /viewer/demo (spec §2 3D viewer). */
export function ViewerPage() {
  const routeId = useRouteId();
  const [params] = useSearchParams();
  const asked = Number(params.get('v'));
  useViewerLoader(routeId, Number.isInteger(asked) && asked > 0 ? asked : null);
  const deviceClass = useDeviceClass();
  const gate = useLinkGate((s) => s.gate);
  // The early script's frame already shows the models: no blocking overlay over them.
  const firstFrameOnScreen = useSyncExternalStore(onFirstFrameChange, firstFrameShown);
  const compact = deviceClass === 'mobile';
  const { phase, progress, mode, layersOpen, infoOpen, firstFrame } = useViewerStore(
    useShallow((s) => ({
      firstFrame: s.firstFrame,
      phase: s.phase,
      progress: s.progress,
      mode: s.mode,
      layersOpen: s.layersOpen,
      infoOpen: s.infoOpen,
    })),
  );

  if (phase === 'not-found') {
    return (
      <main className="viewer viewer--message" data-device={deviceClass}>
        {gate === 'pin' ? (
          <PinPrompt token={routeId} />
        ) : gate === 'expired' || gate === 'revoked' ? (
          <LinkClosed reason={gate} />
        ) : (
          <ProjectNotFound />
        )}
      </main>
    );
  }
  if (phase === 'project') {
    // The canvas is already there (same place in the tree, so it is kept when the models
    // phase begins): the WebGL context and the shaders get ready while the project loads.
    return (
      <main className="viewer viewer--message" data-device={deviceClass}>
        <ViewerCanvas deviceClass={deviceClass} />
        <div className="vmissing vmissing--over" role="status">
          <Spinner size="lg" label="" />
          <p className="vloading__text">{LOADING_PROJECT}</p>
        </div>
      </main>
    );
  }

  const reviewing = mode === 'review' || mode === 'demo';
  return (
    <main className="viewer" data-device={deviceClass} data-testid="viewer">
      <ViewerCanvas deviceClass={deviceClass} />
      <div className="viewer__watermark" aria-hidden="true">
        Cusp
      </div>
      <div className="viewer__panels">
        {compact || layersOpen ? <LayersPanel compact={compact} /> : null}
        {compact || infoOpen ? <ProjectInfoPanel compact={compact} /> : null}
      </div>
      <ViewerToolbar compact={compact} />
      {phase === 'ready' ? <ToolsUiSlot compact={compact} /> : null}
      {phase === 'ready' ? <RefiningBadge /> : null}
      {compact && reviewing ? (
        <aside className="vquick" aria-label="Quick feedback">
          <ReviewActions compact />
        </aside>
      ) : null}
      {firstFrame && (mode === 'review' || mode === 'owner') ? (
        <Suspense fallback={null}>
          <ReviewLayer compact={compact} openThread={params.get('panel') === 'thread'} />
        </Suspense>
      ) : null}
      {phase === 'models' && !firstFrameOnScreen ? (
        <LoadingOverlay done={progress.done} total={progress.total} />
      ) : null}
    </main>
  );
}

export default ViewerPage;
