import { useId } from 'react';
import { useViewerStore } from '../store/useViewerStore';
import { Icon } from '../../ui/Icon';
import type { LayerGroup } from '../mesh/layers';
import { materialColor, materialName, type MaterialMap } from '../mesh/materials';
import { ColorDot } from './ColorDot';
import { LayerRow } from './LayerRow';
import { VisibilityToggle } from './VisibilityToggle';

export interface GroupRowProps {
  group: LayerGroup;
  materials: MaterialMap;
}

/** A Teeth group: count and Group tag, collapsible, one toggle for the whole group. */
export function GroupRow({ group, materials }: GroupRowProps) {
  const toggleLayer = useViewerStore((s) => s.toggleLayer);
  const toggleCollapsed = useViewerStore((s) => s.toggleCollapsed);
  const listId = useId();
  return (
    <li className="vl-group" data-testid="layer-group" data-group-id={group.id}>
      <div className="vl-layer__head">
        <button
          type="button"
          className="vl-collapse"
          aria-expanded={!group.collapsed}
          aria-controls={listId}
          aria-label={`${group.collapsed ? 'Expand' : 'Collapse'} ${group.name}`}
          onClick={() => toggleCollapsed(group.id)}
        >
          <Icon
            name="chevron-down"
            size="sm"
            className={group.collapsed ? 'vl-chevron vl-chevron--closed' : 'vl-chevron'}
          />
        </button>
        <ColorDot color={materialColor(group.material, materials)} />
        <div className="vl-layer__text">
          <span className="vl-layer__name">
            {group.name} <span className="vl-count">({group.layers.length})</span>{' '}
            <span className="vl-tag">Group</span>
          </span>
          <span className="vl-layer__meta">{materialName(group.material, materials)}</span>
        </div>
        <VisibilityToggle
          name={group.name}
          visible={group.visible}
          onToggle={() => toggleLayer(group.id)}
        />
      </div>
      {group.collapsed ? null : (
        <ul className="vl-list vl-list--members" id={listId}>
          {group.layers.map((l) => (
            <LayerRow key={l.id} layer={l} materials={materials} member />
          ))}
        </ul>
      )}
    </li>
  );
}
