import { versionLabel } from '../../components/versions/versionText';
import { useViewerStore } from '../store/useViewerStore';
import '../../components/versions/versions.css';

export interface SideBySideLabelsProps {
  /** The version drawn in the first half. */
  older: number;
}

/** "v1" over the older half and "v2" over the newer one, and the line between them. */
export function SideBySideLabels({ older }: SideBySideLabelsProps) {
  const shown = useViewerStore((s) => s.project?.shownVersion);
  if (shown === undefined) return null;
  return (
    <div className="vsplit" data-testid="side-by-side">
      <div className="vsplit__half">
        <span className="vsplit__label" data-testid="side-by-side-older">
          {versionLabel(older)}
        </span>
      </div>
      <div className="vsplit__half vsplit__half--newer">
        <span className="vsplit__label" data-testid="side-by-side-newer">
          {versionLabel(shown)}
        </span>
      </div>
    </div>
  );
}
