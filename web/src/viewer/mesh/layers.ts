/**
 * The layer model of the viewer: pure data and pure updates, no three.js, no React.
 * Models that share a `groupedFrom` form one collapsible group of type Teeth; every other model is
 * an individual layer. Every operation returns a new array (zustand-friendly) and leaves the
 * input untouched.
 */
import { clampOpacity } from './format';
import { materialKeyForLayer } from './materials';
import type { ViewerModel } from './project';

export interface ModelLayer {
  kind: 'layer';
  /** The model id; also the key of its geometry. */
  id: string;
  name: string;
  /** File size in bytes. */
  size: number;
  visible: boolean;
  /** 0 to 1. */
  opacity: number;
  /** Material key (own or the layer type's default); undefined shows 'Unknown'. */
  material: string | undefined;
  /** The model's layer type key (teeth, gingiva, tissue, metal_abut, …). */
  layerType: string;
  /**
   * Draw the file's own colours (PLY vertex or face colours, STL facet colours) instead of the
   * material's colour, when the file has any. On by default.
   */
  fileColours: boolean;
}

export interface LayerGroup {
  kind: 'group';
  /** A group has type Teeth. */
  type: 'teeth';
  id: string;
  name: string;
  /** Sum of the member sizes. */
  size: number;
  /** True when at least one member is visible. */
  visible: boolean;
  collapsed: boolean;
  /** Material of the first member; the group's colour dot and material name. */
  material: string | undefined;
  layers: ModelLayer[];
}

export type LayerEntry = ModelLayer | LayerGroup;

const GROUP_PREFIX = 'group:';

function toLayer(m: ViewerModel): ModelLayer {
  return {
    kind: 'layer',
    id: m.id,
    name: m.originalName,
    size: m.size,
    visible: true,
    opacity: 1,
    material: materialKeyForLayer(m.material, m.type),
    layerType: m.type,
    fileColours: true,
  };
}

function makeGroup(name: string, layers: ModelLayer[]): LayerGroup {
  return {
    kind: 'group',
    type: 'teeth',
    id: `${GROUP_PREFIX}${name}`,
    name,
    size: layers.reduce((s, l) => s + l.size, 0),
    visible: layers.some((l) => l.visible),
    collapsed: false,
    material: layers[0]?.material,
    layers,
  };
}

/**
 * Builds the layer list from the project's models, keeping upload order: a group appears where
 * its first member was. Groups are formed by `groupedFrom`; a "group" of one stays individual.
 */
export function buildLayers(models: readonly ViewerModel[]): LayerEntry[] {
  const byGroup = new Map<string, ViewerModel[]>();
  for (const m of models) {
    const g = m.groupedFrom?.trim();
    if (!g) continue;
    const list = byGroup.get(g);
    if (list) list.push(m);
    else byGroup.set(g, [m]);
  }
  const out: LayerEntry[] = [];
  const emitted = new Set<string>();
  for (const m of models) {
    const g = m.groupedFrom?.trim();
    const members = g ? byGroup.get(g) : undefined;
    if (!g || !members || members.length < 2) {
      out.push(toLayer(m));
      continue;
    }
    if (emitted.has(g)) continue;
    emitted.add(g);
    out.push(makeGroup(g, members.map(toLayer)));
  }
  return out;
}

/** Every model layer, groups flattened, in display order. */
export function flattenLayers(entries: readonly LayerEntry[]): ModelLayer[] {
  return entries.flatMap((e) => (e.kind === 'group' ? e.layers : [e]));
}

/** Number of model layers (the mobile panel's count). */
export function countLayers(entries: readonly LayerEntry[]): number {
  return flattenLayers(entries).length;
}

function mapLayers(entries: readonly LayerEntry[], f: (l: ModelLayer) => ModelLayer): LayerEntry[] {
  return entries.map((e) => {
    if (e.kind === 'layer') return f(e);
    const layers = e.layers.map(f);
    return { ...e, layers, visible: layers.some((l) => l.visible) };
  });
}

/**
 * Toggles visibility. On a layer id it flips that layer; on a group id it flips the whole group:
 * a group with any member visible hides all, a fully hidden group shows all.
 */
export function toggleVisibility(entries: readonly LayerEntry[], id: string): LayerEntry[] {
  const group = entries.find((e): e is LayerGroup => e.kind === 'group' && e.id === id);
  if (group) {
    const next = !group.visible;
    return entries.map((e) =>
      e === group
        ? { ...e, visible: next, layers: e.layers.map((l) => ({ ...l, visible: next })) }
        : e,
    );
  }
  return mapLayers(entries, (l) => (l.id === id ? { ...l, visible: !l.visible } : l));
}

/** Sets one layer's opacity, clamped to 0–1. */
export function setOpacity(
  entries: readonly LayerEntry[],
  id: string,
  opacity: number,
): LayerEntry[] {
  const value = clampOpacity(opacity);
  return mapLayers(entries, (l) =>
    l.id === id && l.opacity !== value ? { ...l, opacity: value } : l,
  );
}

/** Shows a layer in its file's colours (true) or its material's colour (false). */
export function setFileColours(
  entries: readonly LayerEntry[],
  id: string,
  on: boolean,
): LayerEntry[] {
  return mapLayers(entries, (l) =>
    l.id === id && l.fileColours !== on ? { ...l, fileColours: on } : l,
  );
}

/** Collapses or expands a group. */
export function toggleCollapsed(entries: readonly LayerEntry[], groupId: string): LayerEntry[] {
  return entries.map((e) =>
    e.kind === 'group' && e.id === groupId ? { ...e, collapsed: !e.collapsed } : e,
  );
}

/** Looks a model layer up by id. */
export function findLayer(entries: readonly LayerEntry[], id: string): ModelLayer | undefined {
  return flattenLayers(entries).find((l) => l.id === id);
}
