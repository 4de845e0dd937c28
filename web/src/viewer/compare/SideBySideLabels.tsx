import { useLayoutEffect, useRef } from 'react';
import { versionLabel } from '../../components/versions/versionText';
import { useViewerStore } from '../store/useViewerStore';
import { useCompareStore } from './compareStore';
import type { SplitRect } from './splitLayout';
import '../../components/versions/versions.css';

export interface SideBySideLabelsProps {
  /** The version drawn in the first half. */
  older: number;
}

/** Places an element over a half (through the CSSOM: the CSP allows no style attributes). */
function place(el: HTMLElement | null, r: SplitRect): void {
  if (!el) return;
  el.style.left = `${r.x}px`;
  el.style.top = `${r.y}px`;
  el.style.width = `${r.width}px`;
  el.style.height = `${r.height}px`;
}

/** "v1" over the older half and "v2" over the newer one, and the line between them. */
export function SideBySideLabels({ older }: SideBySideLabelsProps) {
  const shown = useViewerStore((s) => s.project?.shownVersion);
  const layout = useCompareStore((s) => s.layout);
  const first = useRef<HTMLDivElement>(null);
  const second = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!layout) return;
    place(first.current, layout.older);
    place(second.current, layout.newer);
  }, [layout]);
  if (shown === undefined || !layout) return null;
  const edge = layout.stacked ? 'vsplit__half--below' : 'vsplit__half--beside';
  return (
    <div className="vsplit" data-testid="side-by-side">
      <div className="vsplit__half" ref={first}>
        <span className="vsplit__label" data-testid="side-by-side-older">
          {versionLabel(older)}
        </span>
      </div>
      <div className={`vsplit__half ${edge}`} ref={second}>
        <span className="vsplit__label" data-testid="side-by-side-newer">
          {versionLabel(shown)}
        </span>
      </div>
    </div>
  );
}
