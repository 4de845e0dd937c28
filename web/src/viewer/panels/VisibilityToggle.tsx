import { Icon } from '../../ui/Icon';

export interface VisibilityToggleProps {
  /** Name of the layer or group, for the accessible label. */
  name: string;
  visible: boolean;
  onToggle: () => void;
}

/** Eye switch of a layer or group (aria-pressed = shown). */
export function VisibilityToggle({ name, visible, onToggle }: VisibilityToggleProps) {
  return (
    <button
      type="button"
      className={visible ? 'vl-eye' : 'vl-eye vl-eye--off'}
      aria-pressed={visible}
      aria-label={`${visible ? 'Hide' : 'Show'} ${name}`}
      title={visible ? 'Hide' : 'Show'}
      onClick={onToggle}
    >
      <Icon name="eye" size="sm" />
    </button>
  );
}
