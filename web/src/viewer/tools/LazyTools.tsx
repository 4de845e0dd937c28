/**
 * The slots where the tools appear once the first frame is drawn: one inside the canvas (3D
 * helpers), one over the page (toolbar and panels). Both come from one lazily imported chunk.
 */
import { lazy, Suspense } from 'react';
import { useToolsGate } from './toolsGate';

const load = () => import('./toolsEntry');
const ToolsScene = lazy(() => load().then((m) => ({ default: m.ToolsScene })));
const ToolsUi = lazy(() => load().then((m) => ({ default: m.ToolsUi })));

/** Inside the R3F canvas. */
export function ToolsSceneSlot({ viewsOnly = false }: { viewsOnly?: boolean }) {
  const open = useToolsGate((s) => s.open);
  return open ? (
    <Suspense fallback={null}>
      <ToolsScene viewsOnly={viewsOnly} />
    </Suspense>
  ) : null;
}

export interface ToolsUiSlotProps {
  /** Phone layout: the tools fold into one toolbar button. */
  compact: boolean;
}

/** Over the viewer page. */
export function ToolsUiSlot({ compact }: ToolsUiSlotProps) {
  const open = useToolsGate((s) => s.open);
  return open ? (
    <Suspense fallback={null}>
      <ToolsUi compact={compact} />
    </Suspense>
  ) : null;
}
