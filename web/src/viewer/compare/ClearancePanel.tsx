import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { CLEARANCE_BANDS } from './clearanceScale';
import { useCompareStore } from './compareStore';
import { computeClearance } from './computeClearance';
import { formatDeviation } from './deviationScale';
import '../../ui/field.css';
import '../../components/versions/versions.css';

const css = (c: readonly [number, number, number]) =>
  `rgb(${Math.round(c[0] * 255)} ${Math.round(c[1] * 255)} ${Math.round(c[2] * 255)})`;
const mm = (v: number) => v.toFixed(2);

/**
 * Clearance within the shown version: two layers (a crown and its antagonist, upper and lower
 * arch), each coloured by its distance to the other — penetration, contact, tight, clear — with
 * the contact points listed. Loaded after the first frame.
 */
export default function ClearancePanel() {
  const { project, meshes, refining } = useViewerStore(
    useShallow((s) => ({ project: s.project, meshes: s.fullMeshes, refining: isRefining(s) })),
  );
  const c = useCompareStore();
  const models = (project?.models ?? []).filter((m) => meshes[m.id]);
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const idA = useId();
  const idB = useId();
  const shown = project?.shownVersion;
  useEffect(() => {
    setA(null);
    setB(null);
  }, [shown]);
  if (models.length < 2) return null;
  const first = a ?? models[0]!.id;
  const second = b ?? models.find((m) => m.id !== first)!.id;
  const nameOf = (id: string) => models.find((m) => m.id === id)?.originalName ?? '';

  async function show() {
    const ma = meshes[first];
    const mb = meshes[second];
    if (!ma || !mb || first === second) return;
    const store = useCompareStore.getState();
    store.clearMaps();
    store.set({ busy: true });
    try {
      const r = await computeClearance(ma, mb);
      useCompareStore.getState().set({
        busy: false,
        deviations: { [first]: r.a, [second]: r.b },
        clearance: {
          layers: [
            { id: first, name: nameOf(first), counts: r.a.counts, contacts: r.a.contacts },
            { id: second, name: nameOf(second), counts: r.b.counts, contacts: r.b.contacts },
          ],
        },
      });
    } catch (err) {
      console.warn('clearance map failed', err);
      useCompareStore
        .getState()
        .set({ busy: false, error: 'The clearance map could not be computed' });
    }
  }

  const pick = (id: string, value: string, set: (v: string) => void) => (
    <select
      id={id}
      className="field__input"
      value={value}
      disabled={c.busy}
      onChange={(e) => {
        set(e.target.value);
        useCompareStore.getState().clearMaps();
      }}
    >
      {models.map((m) => (
        <option key={m.id} value={m.id}>
          {m.originalName}
        </option>
      ))}
    </select>
  );

  return (
    <section className="vcompare" aria-label="Clearance" data-testid="clearance-panel">
      <label className="field__label" htmlFor={idA}>
        Clearance of
      </label>
      {pick(idA, first, setA)}
      <label className="field__label" htmlFor={idB}>
        against
      </label>
      {pick(idB, second, setB)}
      {c.clearance ? (
        <Button size="sm" icon="x" onClick={() => useCompareStore.getState().clearMaps()}>
          Hide clearance map
        </Button>
      ) : (
        <Button
          size="sm"
          loading={c.busy}
          disabled={first === second || refining}
          onClick={() => void show()}
        >
          Show clearance map
        </Button>
      )}
      {c.clearance ? (
        <div className="vcompare__legend" data-testid="clearance-legend">
          <p className="vcompare__title">Distance to the other layer (µm)</p>
          <ul>
            {CLEARANCE_BANDS.map((band) => (
              <li key={band.key}>
                <svg className="vcompare__swatch" width="14" height="14" aria-hidden="true">
                  <rect width="14" height="14" rx="3" fill={css(band.color)} />
                </svg>
                <span>{band.label}</span>
                <span className="vcompare__count" />
              </li>
            ))}
          </ul>
          <p className="vcompare__hover" aria-live="polite">
            {c.hover === null ? 'Point at a layer to read a value' : formatDeviation(c.hover)}
          </p>
          {c.clearance.layers.map((l) => (
            <div key={l.id} data-testid="clearance-layer">
              <p className="vcompare__title">{l.name}</p>
              <p className="vcompare__hint">
                {CLEARANCE_BANDS.map((band, i) => `${band.key} ${l.counts[i] ?? 0}`).join(' · ')}{' '}
                vertices
              </p>
              {l.contacts.length === 0 ? (
                <p className="vcompare__hint">No contact within 50 µm.</p>
              ) : (
                <ol className="vcompare__contacts" data-testid="contact-points">
                  {l.contacts.map((p) => (
                    <li key={p.at.join()}>
                      {formatDeviation(p.distance)} at ({mm(p.at[0])}, {mm(p.at[1])}, {mm(p.at[2])})
                      mm
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
