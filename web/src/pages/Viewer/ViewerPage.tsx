import { lazy, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { LOADING_PROJECT } from '../../messages';
import { useViewerStore } from '../../viewer/store/useViewerStore';
import { Spinner } from '../../ui/Spinner';
import { LoadingOverlay } from '../../viewer/panels/LoadingOverlay';
import { RefiningBadge } from '../../viewer/panels/RefiningBadge';
import { ProjectNotFound } from '../../viewer/panels/ProjectNotFound';
import { ApproveDialog } from '../../viewer/panels/ApproveDialog';
import { ReviewActions } from '../../viewer/panels/ReviewActions';
import { ViewerToolbar } from '../../viewer/panels/ViewerToolbar';
import { BottomBar } from '../../viewer/layout/BottomBar';
import { PanelSheet } from '../../viewer/layout/PanelSheet';
import { initialPanel, isReviewing } from '../../viewer/layout/panels';
import { SidePanel } from '../../viewer/layout/SidePanel';
import { useViewerLayout } from '../../viewer/layout/useViewerLayout';
import '../../viewer/layout/layout.css';
import { ViewerCanvas } from '../../viewer/scene/ViewerCanvas';
import { firstFrameShown, onFirstFrameChange } from '../../viewer/boot/firstFrame';
import { useDeviceClass } from '../../viewer/scene/useDeviceClass';
import { ToolsUiSlot } from '../../viewer/tools/LazyTools';
import '../../viewer/panels/viewer.css';
import { useViewerLoader } from './useViewerLoader';
import { LinkClosed } from '../../viewer/link/LinkClosed';
import { PinPrompt } from '../../viewer/link/PinPrompt';
import { useLinkGate } from '../../viewer/link/useLinkGate';
import { NewVersionNotice } from '../../viewer/panels/NewVersionNotice';
import { VIEWER_COMPARE_PARAM } from '../../../../api/src/contract/viewerAddress';

/** The conversation (thread, name prompt): loaded after the first frame. */
const ReviewLayer = lazy(() => import('../../viewer/review/ReviewLayer'));
/** `?compare=n` opens side by side with version n: loaded only for an address that asks. */
const CompareFromAddress = lazy(() => import('../../viewer/compare/CompareFromAddress'));

/** The id after /viewer/: a public token (pub_…), a project id, or 'demo'. */
function useRouteId(): string {
  const params = useParams();
  const { pathname } = useLocation();
  const fromParams = params.projectId ?? params.id ?? params.token;
  if (fromParams) return fromParams;
  const m = /^\/viewer\/([^/]+)/.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : 'demo';
}

/** /viewer/{id} and /viewer/demo. */
export function ViewerPage() {
  const routeId = useRouteId();
  const [params] = useSearchParams();
  const asked = Number(params.get('v'));
  useViewerLoader(routeId, Number.isInteger(asked) && asked > 0 ? asked : null);
  const deviceClass = useDeviceClass();
  const layout = useViewerLayout();
  const gate = useLinkGate((s) => s.gate);
  // The early script's frame already shows the models: no blocking overlay over them.
  const firstFrameOnScreen = useSyncExternalStore(onFirstFrameChange, firstFrameShown);
  const compact = deviceClass === 'mobile';
  const askedThread = params.get('panel') === 'thread';
  const { phase, progress, mode, folded, firstFrame } = useViewerStore(
    useShallow((s) => ({
      firstFrame: s.firstFrame,
      phase: s.phase,
      progress: s.progress,
      mode: s.mode,
      folded: s.panel === null,
    })),
  );
  // Each layout opens with its own default: a side panel tab on a wide screen, the bare model on
  // a narrow one (a rotation across the breakpoint starts over).
  useLayoutEffect(() => {
    useViewerStore.getState().setPanel(initialPanel(layout, askedThread));
  }, [layout, askedThread]);

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

  const wide = layout === 'wide';
  // While the project loads the canvas is already there, in the same place of the tree as later
  // (kept when the models phase begins): the WebGL context and the shaders get ready meanwhile.
  const loadingProject = phase === 'project';
  return (
    <main
      className="viewer"
      data-device={deviceClass}
      data-layout={layout}
      data-testid={loadingProject ? undefined : 'viewer'}
    >
      {mode === 'review' && routeId.startsWith('pub_') ? (
        <NewVersionNotice token={routeId} />
      ) : null}
      <div className="viewer__stage">
        <ViewerCanvas deviceClass={deviceClass} />
        <div className="viewer__watermark" aria-hidden="true">
          Cusp
        </div>
        {loadingProject ? (
          <div className="vmissing vmissing--over" role="status">
            <Spinner size="lg" label="" />
            <p className="vloading__text">{LOADING_PROJECT}</p>
          </div>
        ) : (
          <>
            <ViewerToolbar compact={compact} />
            {phase === 'ready' ? <ToolsUiSlot compact={compact} /> : null}
            {phase === 'ready' ? <RefiningBadge /> : null}
            {wide && folded && isReviewing(mode) ? (
              <div className="vfloat">
                <ReviewActions place="bar" />
              </div>
            ) : null}
            {wide ? null : <PanelSheet />}
            {phase === 'models' && !firstFrameOnScreen ? (
              <LoadingOverlay done={progress.done} total={progress.total} />
            ) : null}
          </>
        )}
      </div>
      {wide ? <SidePanel /> : <BottomBar />}
      {isReviewing(mode) && !loadingProject ? <ApproveDialog /> : null}
      {firstFrame && (mode === 'review' || mode === 'owner') ? (
        <Suspense fallback={null}>
          <ReviewLayer />
        </Suspense>
      ) : null}
      {phase === 'ready' && params.has(VIEWER_COMPARE_PARAM) ? (
        <Suspense fallback={null}>
          <CompareFromAddress />
        </Suspense>
      ) : null}
    </main>
  );
}

export default ViewerPage;
