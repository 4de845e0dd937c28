import { useLayoutEffect, useRef } from 'react';
import { INITIALIZING_VIEWER, LOADING_3D_MODELS, modelsLoaded } from '../../messages';
import { Spinner } from '../../ui/Spinner';

export interface LoadingOverlayProps {
  /** Models finished so far. */
  done: number;
  /** Total models; null while unknown ('Initializing viewer...'). */
  total: number | null;
}

/** A blocking overlay 'Loading 3D Models...' with 'X of N models loaded', percent and bar. */
export function LoadingOverlay({ done, total }: LoadingOverlayProps) {
  const known = total !== null && total > 0;
  const percent = known ? Math.round((Math.min(done, total) / total) * 100) : 0;
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    bar.current?.style.setProperty('--progress', `${percent}%`);
  }, [percent]);
  return (
    <div
      className="voverlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="voverlay-title"
      data-testid="loading-overlay"
    >
      <div className="voverlay__card">
        <Spinner size="lg" label="" />
        <h2 id="voverlay-title" className="voverlay__title">
          {LOADING_3D_MODELS}
        </h2>
        {known ? (
          <>
            <p className="voverlay__count" aria-live="polite">
              {modelsLoaded(done, total)}
            </p>
            <div
              className="voverlay__bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label="Models loaded"
            >
              <div ref={bar} className="voverlay__fill" />
            </div>
            <p className="voverlay__percent">{percent}%</p>
          </>
        ) : (
          <p className="voverlay__count">{INITIALIZING_VIEWER}</p>
        )}
      </div>
    </div>
  );
}
