import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button';
import { versionLabel } from '../../components/versions/versionText';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { useCompareStore } from './compareStore';
import { computeDeviation } from './computeDeviation';
import { modelHeaders, openSideBySide } from './openSideBySide';
import {
  deviationBands,
  formatDeviation,
  NO_COUNTERPART,
  SEARCH_DISTANCE_MM,
} from './deviationScale';
import '../../ui/field.css';
import '../../components/versions/versions.css';

const css = (c: readonly [number, number, number]) =>
  `rgb(${Math.round(c[0] * 255)} ${Math.round(c[1] * 255)} ${Math.round(c[2] * 255)})`;

/** The swatch colour through a class-free custom property would need inline styles (CSP): SVG. */
function Swatch({ color }: { color: readonly [number, number, number] }) {
  return (
    <svg className="vcompare__swatch" width="14" height="14" aria-hidden="true">
      <rect width="14" height="14" rx="3" fill={css(color)} />
    </svg>
  );
}

/**
 * Compare: the shown version against an older one, as a deviation map on the shown models
 * (signed distance to the older surface, µm), with the legend, the vertices in each band, the
 * value under the pointer and the models that could not be matched. Loaded after the first frame.
 */
export default function ComparePanel() {
  const { project, meshes, mode, refining } = useViewerStore(
    useShallow((s) => ({
      project: s.project,
      meshes: s.fullMeshes,
      mode: s.mode,
      refining: isRefining(s),
    })),
  );
  const c = useCompareStore();
  const older = project ? project.versions.filter((v) => v.n < project.shownVersion) : [];
  const [pick, setPick] = useState<number | null>(null);
  const id = useId();
  const shown = project?.shownVersion;

  // The maps belong to the shown version (the canvas clears them when it changes); folding this
  // panel away on a phone keeps them.
  useEffect(() => setPick(null), [shown]);

  if (!project || older.length === 0) return null;
  const against = pick ?? c.split?.version ?? c.against ?? older[older.length - 1]!.n;

  async function show() {
    if (!project) return;
    const base = project.versions.find((v) => v.n === against);
    if (!base) return;
    const store = useCompareStore.getState();
    // The side-by-side view (of this same older version) stays open.
    store.clearMaps();
    store.set({ busy: true, error: null });
    try {
      const r = await computeDeviation(project.models, meshes, base.models, modelHeaders(mode));
      useCompareStore.getState().set({ ...r, against, busy: false });
    } catch (err) {
      console.warn('deviation map failed', err);
      useCompareStore
        .getState()
        .set({ busy: false, error: 'The deviation map could not be computed' });
    }
  }

  async function toggleSplit() {
    const store = useCompareStore.getState();
    if (store.split) {
      store.set({ split: null });
      return;
    }
    if (project) await openSideBySide(project, meshes, against, modelHeaders(mode));
  }

  const bands = deviationBands();
  const active = c.against !== null;
  return (
    <section className="vcompare" aria-label="Compare versions" data-testid="compare-panel">
      <label className="field__label" htmlFor={id}>
        Compare {versionLabel(project.shownVersion)} with
      </label>
      <select
        id={id}
        className="field__input"
        value={against}
        onChange={(e) => {
          setPick(Number(e.target.value));
          useCompareStore.getState().clear();
        }}
        disabled={c.busy || c.splitBusy}
      >
        {[...older].reverse().map((v) => (
          <option key={v.n} value={v.n}>
            {versionLabel(v.n)}
          </option>
        ))}
      </select>
      {active ? (
        <Button size="sm" icon="x" onClick={() => useCompareStore.getState().clearMaps()}>
          Hide deviation map
        </Button>
      ) : (
        <Button size="sm" loading={c.busy} disabled={refining} onClick={() => void show()}>
          Show deviation map
        </Button>
      )}
      <Button
        size="sm"
        aria-pressed={c.split !== null}
        loading={c.splitBusy}
        onClick={() => void toggleSplit()}
      >
        Side by side
      </Button>
      {c.split ? (
        <p className="vcompare__hint" data-testid="side-by-side-note">
          {versionLabel(c.split.version)} | {versionLabel(project.shownVersion)} with one camera.
          Pins, measurements, the section and the view cube belong to a single view: they are hidden
          until side by side is turned off. The standard views turn both halves.
        </p>
      ) : null}
      {c.error ? <p role="alert">{c.error}</p> : null}
      {active ? (
        <div className="vcompare__legend" data-testid="deviation-legend">
          <p className="vcompare__title">
            Deviation of {versionLabel(project.shownVersion)} from {versionLabel(c.against!)} (µm)
          </p>
          <p className="vcompare__hint">+ outside the older surface, − inside it</p>
          <ul>
            {bands.map((b, i) => (
              <li key={b.label} data-testid="deviation-band" data-count={c.counts[i] ?? 0}>
                <Swatch color={b.color} />
                <span>{b.label}</span>
                <span className="vcompare__count">{c.counts[i] ?? 0}</span>
              </li>
            ))}
            <li data-testid="deviation-band" data-count={c.counts[bands.length] ?? 0}>
              <Swatch color={NO_COUNTERPART} />
              <span>no counterpart within {SEARCH_DISTANCE_MM} mm</span>
              <span className="vcompare__count">{c.counts[bands.length] ?? 0}</span>
            </li>
          </ul>
          <p className="vcompare__hint">Vertices per step.</p>
          <p className="vcompare__hover" data-testid="deviation-hover" aria-live="polite">
            {c.hover === null ? 'Point at the model to read a value' : formatDeviation(c.hover)}
          </p>
          {c.onlyNewer.length > 0 ? (
            <p data-testid="deviation-unmatched">
              Only in {versionLabel(project.shownVersion)}: {c.onlyNewer.join(', ')}
            </p>
          ) : null}
          {c.onlyOlder.length > 0 ? (
            <p data-testid="deviation-removed">
              Only in {versionLabel(c.against!)}: {c.onlyOlder.join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
