import { useId } from 'react';
import { formatOpacityPercent } from '../mesh/format';

export interface OpacitySliderProps {
  /** Layer name, for the accessible label. */
  layerName: string;
  /** 0–1. */
  value: number;
  /** Called with the new value, 0–1 in steps of 0.01. */
  onChange: (value: number) => void;
}

/** Opacity slider 0 to 1, step 0.01, with a percent readout. */
export function OpacitySlider({ layerName, value, onChange }: OpacitySliderProps) {
  const id = useId();
  return (
    <div className="vl-opacity">
      <label className="vl-opacity__label" htmlFor={id}>
        Opacity
      </label>
      <input
        id={id}
        className="vl-opacity__input"
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={value}
        aria-label={`Opacity of ${layerName}`}
        aria-valuetext={formatOpacityPercent(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      <output className="vl-opacity__value" htmlFor={id}>
        {formatOpacityPercent(value)}
      </output>
    </div>
  );
}
