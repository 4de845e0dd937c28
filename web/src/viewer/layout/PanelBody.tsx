import { lazy, Suspense } from 'react';
import { useViewerStore, type ViewerPanel } from '../store/useViewerStore';
import { LayersPanel } from '../panels/LayersPanel';
import { ProjectInfoPanel } from '../panels/ProjectInfoPanel';
import { DemoComposer } from './DemoComposer';

/** The conversation, from the review chunk that loads after the first frame. */
const ThreadPanel = lazy(() =>
  import('../review/ReviewLayer').then((m) => ({ default: m.ThreadPanel })),
);

function ThreadLoading() {
  return (
    <p className="vthread__empty" role="status">
      Loading the conversation…
    </p>
  );
}

/** What a panel shows, in the side panel (wide screens) or a sheet (narrow ones). */
export function PanelBody({ panel }: { panel: ViewerPanel }) {
  const mode = useViewerStore((s) => s.mode);
  const firstFrame = useViewerStore((s) => s.firstFrame);
  if (panel === 'layers') return <LayersPanel />;
  if (panel === 'info') return <ProjectInfoPanel />;
  if (mode === 'demo') return <DemoComposer />;
  // The review code loads only once the models are on screen.
  if (!firstFrame) return <ThreadLoading />;
  return (
    <Suspense fallback={<ThreadLoading />}>
      <ThreadPanel />
    </Suspense>
  );
}
