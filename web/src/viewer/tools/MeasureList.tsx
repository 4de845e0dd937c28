/**
 * The doctor's measurements as a compact list: number, kind, value with its unit, delete; undo in
 * the toolbar. It folds to one line ("Measurements (3)") to give the view back; the labels keep
 * clear of it either way.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { cx } from '../../ui/classNames';
import { KIND_NAMES, labelOf } from './measureModel';
import { useToolStore } from './toolStore';

export function MeasureList({ compact }: { compact: boolean }) {
  const { measurements, remove, clear } = useToolStore(
    useShallow((s) => ({
      measurements: s.measure.measurements,
      remove: s.deleteMeasurement,
      clear: s.clearMeasurements,
    })),
  );
  const [open, setOpen] = useState(true);
  if (measurements.length === 0) return null;
  return (
    <section
      className={cx('vmeasures', compact && 'vmeasures--compact')}
      aria-label="Measurements"
      data-testid="measurements"
      data-label-obstacle=""
    >
      <header className="vmeasures__head">
        <button
          type="button"
          className="vmeasures__fold"
          aria-expanded={open}
          aria-controls="viewer-measurements"
          onClick={() => setOpen(!open)}
        >
          Measurements ({measurements.length})
        </button>
        <button type="button" className="vmeasures__clear" onClick={clear}>
          Clear all
        </button>
      </header>
      <ol className="vmeasures__list" id="viewer-measurements" hidden={!open}>
        {measurements.map((m, i) => (
          <li key={m.id} className="vmeasures__item" data-testid="measurement">
            <span className="vmeasures__kind">
              <span className="vmeasures__n">{i + 1}</span>
              {KIND_NAMES[m.kind]}
            </span>
            <span className="vmeasures__value" data-testid="measurement-value">
              {labelOf(m)}
            </span>
            <button
              type="button"
              className="vmeasures__delete"
              aria-label={`Delete measurement ${i + 1}`}
              title="Delete (Delete key: the last one)"
              onClick={() => remove(m.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
