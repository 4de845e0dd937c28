/**
 * Keyboard shortcuts of the tools, shown on their buttons (title and a key cap) and handled by
 * useToolKeys. Single keys without modifiers, as in dental CAD viewers; none while typing.
 */
import type { StandardView } from '../scene/viewFrame';
import type { MeasureKind } from './measureModel';

export const VIEW_KEYS: { view: StandardView; key: string; label: string }[] = [
  { view: 'occlusal', key: '1', label: 'Occlusal' },
  { view: 'front', key: '2', label: 'Front' },
  { view: 'back', key: '3', label: 'Back' },
  { view: 'left', key: '4', label: 'Left' },
  { view: 'right', key: '5', label: 'Right' },
  { view: 'bottom', key: '6', label: 'Bottom' },
  { view: 'fit', key: '0', label: 'Fit' },
];

export const MEASURE_KEYS: { kind: MeasureKind; key: string; label: string }[] = [
  { kind: 'distance', key: 'D', label: 'Distance' },
  { kind: 'polyline', key: 'P', label: 'Polyline' },
  { kind: 'angle', key: 'A', label: 'Angle' },
];

export const KEYS = {
  measure: 'M',
  section: 'S',
  snapshot: 'C',
  undo: 'Z',
  finish: 'Enter',
  remove: 'Delete',
  exit: 'Esc',
} as const;

/**
 * The section plane's nudge keys (e.key → direction along its normal). Shift gives `{` and `}`
 * on many layouts, so those count too.
 */
export const NUDGE_KEYS: Readonly<Record<string, 1 | -1>> = {
  '[': -1,
  '{': -1,
  ']': 1,
  '}': 1,
};

/** "Occlusal (1)": the tool button's tooltip says the key as well. */
export const withKey = (label: string, key: string) => `${label} (${key})`;
