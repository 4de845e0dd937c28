/** The doctor's measurements as a list: kind, value with its unit, delete; undo in the toolbar. */
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
  if (measurements.length === 0) return null;
  return (
    <section
      className={cx('vmeasures', compact && 'vmeasures--compact')}
      aria-label="Measurements"
      data-testid="measurements"
    >
      <ol className="vmeasures__list">
        {measurements.map((m, i) => (
          <li key={m.id} className="vmeasures__item" data-testid="measurement">
            <span className="vmeasures__kind">
              {i + 1}. {KIND_NAMES[m.kind]}
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
      <button type="button" className="vmeasures__clear" onClick={clear}>
        Clear all
      </button>
    </section>
  );
}
