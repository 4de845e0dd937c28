import { describe, expect, it } from 'vitest';
import { demoDelayMs, demoProject } from '../../../../web/src/viewer/mesh/demoProject';
import {
  clampOpacity,
  formatCreatedDate,
  formatFileSize,
  formatOpacityPercent,
} from '../../../../web/src/viewer/mesh/format';
import {
  buildLayers,
  countLayers,
  findLayer,
  flattenLayers,
  setFileColours,
  setOpacity,
  toggleCollapsed,
  toggleVisibility,
  type LayerGroup,
} from '../../../../web/src/viewer/mesh/layers';
import { MATERIALS } from '../../../../api/src/domain/materials';
import {
  DEFAULT_MATERIALS,
  materialColor,
  materialKeyForLayer,
  materialName,
  mergeMaterials,
} from '../../../../web/src/viewer/mesh/materials';
import { loadMeshModule } from '../../../../wasm/src/node';
import {
  accessFor,
  toViewerProject,
  type ViewerModel,
} from '../../../../web/src/viewer/mesh/project';
import { statusLabel, statusTone } from '../../../../web/src/viewer/mesh/status';
import {
  cappedDpr,
  deviceClassForWidth,
  RENDER_PROFILES,
} from '../../../../web/src/viewer/scene/renderProfile';

const model = (over: Partial<ViewerModel>): ViewerModel => ({
  id: 'm',
  filename: 'm.stl',
  originalName: 'M',
  size: 100,
  type: '',
  material: undefined,
  groupedFrom: undefined,
  groupSize: undefined,
  viewUrl: undefined,
  coarseUrl: undefined,
  fileUrl: undefined,
  viewUnavailable: false,
  ...over,
});

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB, GB in base 1024 with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(4261684)).toBe('4.06 MB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3072 GB');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});

describe('dates and opacity', () => {
  it('formats Created like Mar 5, 2025', () => {
    expect(formatCreatedDate('2025-03-05T10:00:00.000Z')).toBe('Mar 5, 2025');
    expect(formatCreatedDate('nonsense')).toBe('');
  });
  it('clamps opacity to 0–1 and shows a percent', () => {
    expect(clampOpacity(-1)).toBe(0);
    expect(clampOpacity(2)).toBe(1);
    expect(formatOpacityPercent(0.355)).toBe('36%');
  });
});

describe('status labels', () => {
  it('labels and colours per spec', () => {
    expect(statusLabel('pending')).toBe('Pending Review');
    expect(statusLabel('approved')).toBe('Approved');
    expect(statusLabel('rejected')).toBe('Changes Requested');
    expect(statusLabel('pending_revision')).toBe('Changes Requested');
    expect(statusLabel('pending_review')).toBe('Pending Review');
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('pending_revision')).toBe('warning');
    expect(statusTone('pending')).toBe('info');
  });
});

describe('materials', () => {
  it('maps layer types to default materials', () => {
    expect(materialKeyForLayer(undefined, 'teeth')).toBe('enamel');
    expect(materialKeyForLayer(undefined, 'tissue')).toBe('gypsum');
    expect(materialKeyForLayer(undefined, 'gingiva')).toBe('gingiva');
    expect(materialKeyForLayer(undefined, 'metal_abut')).toBe('metal');
    expect(materialKeyForLayer('preop', 'teeth')).toBe('preop');
    expect(materialKeyForLayer(undefined, 'stl')).toBeUndefined();
  });
  it('shows Unknown and white for unknown materials', () => {
    expect(materialName(undefined)).toBe('Unknown');
    expect(materialName('unobtainium')).toBe('Unknown');
    expect(materialColor('unobtainium')).toBe('#ffffff');
    expect(materialName('gypsum')).toBe('Gypsum');
  });
  it('merges server names and colours, skipping bad entries', () => {
    const m = mergeMaterials({
      enamel: { name: 'Zirconia', color: '#ABCDEF' },
      metal: { color: 'red' },
      x: 5,
    });
    expect(m.enamel!.name).toBe('Zirconia');
    expect(m.enamel!.color).toBe('#abcdef');
    expect(m.metal!.color).toBe(MATERIALS.metal.color);
    expect(m.enamel!.roughness).toBeGreaterThan(0);
  });
  it("falls back to the API's own material table, entry for entry", () => {
    for (const [key, m] of Object.entries(MATERIALS)) {
      expect(DEFAULT_MATERIALS[key as keyof typeof MATERIALS]).toEqual({
        name: m.name,
        color: m.color,
        roughness: m.roughness,
        metalness: m.metalness,
        clearcoat: m.clearcoat,
        vertexColors: m.vertexColors,
      });
    }
    expect(materialColor('gingiva')).toBe(MATERIALS.gingiva.color);
  });
});

describe('layers', () => {
  const models = [
    model({ id: 'g1', originalName: 'Gingiva', type: 'gingiva', size: 10 }),
    model({ id: 't1', originalName: 'UR1', groupedFrom: 'Teeth', material: 'enamel', size: 1000 }),
    model({ id: 'solo', originalName: 'Solo', groupedFrom: 'Lonely' }),
    model({ id: 't2', originalName: 'UR2', groupedFrom: 'Teeth', material: 'enamel', size: 24 }),
  ];
  it('groups models sharing groupedFrom where the first member was; a group of one stays individual', () => {
    const layers = buildLayers(models);
    expect(layers.map((l) => l.id)).toEqual(['g1', 'group:Teeth', 'solo']);
    const g = layers[1] as LayerGroup;
    expect(g.type).toBe('teeth');
    expect(g.layers.map((l) => l.id)).toEqual(['t1', 't2']);
    expect(g.size).toBe(1024);
    expect(countLayers(layers)).toBe(4);
    expect(findLayer(layers, 'g1')!.material).toBe('gingiva');
  });
  it('a group toggle hides all members, then shows all; a member toggle updates the group', () => {
    let layers = buildLayers(models);
    layers = toggleVisibility(layers, 'group:Teeth');
    expect(
      flattenLayers(layers)
        .filter((l) => !l.visible)
        .map((l) => l.id),
    ).toEqual(['t1', 't2']);
    layers = toggleVisibility(layers, 't1');
    expect((layers[1] as LayerGroup).visible).toBe(true);
    layers = toggleVisibility(layers, 'group:Teeth');
    expect(flattenLayers(layers).filter((l) => l.layerType === '' && !l.visible)).toHaveLength(2);
    layers = toggleVisibility(layers, 'group:Teeth');
    expect(flattenLayers(layers).every((l) => l.visible)).toBe(true);
  });
  it('sets opacity clamped, and collapses groups, without touching the input', () => {
    const before = buildLayers(models);
    const after = toggleCollapsed(setOpacity(before, 't2', 1.7), 'group:Teeth');
    expect(findLayer(after, 't2')!.opacity).toBe(1);
    expect(findLayer(setOpacity(before, 't2', 0.25), 't2')!.opacity).toBe(0.25);
    expect((after[1] as LayerGroup).collapsed).toBe(true);
    expect((before[1] as LayerGroup).collapsed).toBe(false);
  });
  it('shows file colours by default; one layer switches to its material without touching the input', () => {
    const before = buildLayers(models);
    expect(flattenLayers(before).every((l) => l.fileColours)).toBe(true);
    const after = setFileColours(before, 't2', false);
    expect(findLayer(after, 't2')!.fileColours).toBe(false);
    expect(findLayer(after, 't1')!.fileColours).toBe(true);
    expect(findLayer(before, 't2')!.fileColours).toBe(true);
    expect(findLayer(setFileColours(after, 't2', true), 't2')!.fileColours).toBe(true);
  });
});

describe('project access and normalisation', () => {
  it('tells demo, public links and owner ids apart', () => {
    expect(accessFor('demo').kind).toBe('demo');
    expect(accessFor('pub_abc').kind).toBe('public');
    expect(accessFor('0b6a7d0e-1111-4222-8333-444455556666').kind).toBe('owner');
  });
  it('builds derivative and file URLs from the API answer', () => {
    const p = toViewerProject(
      {
        id: 'p',
        name: 'N',
        status: 'approved',
        models: [{ id: 'm1', filename: 'm1.stl', name: 'Upper', size: 5 }],
      },
      { kind: 'public', token: 'pub_x' },
    );
    expect(p.models[0]).toMatchObject({
      originalName: 'Upper',
      viewUrl: '/api/public/projects/pub_x/view/m1',
      fileUrl: '/api/public/projects/pub_x/files/m1.stl',
    });
    expect(p.status).toBe('approved');
  });
  it('lets a doctor download only where the answer says the owner allows it', () => {
    const access = { kind: 'public', token: 'pub_x' } as const;
    expect(toViewerProject({ id: 'p', downloadsAllowed: true }, access).downloadsAllowed).toBe(
      true,
    );
    for (const answer of [{ id: 'p' }, { id: 'p', downloadsAllowed: 'yes' }]) {
      expect(toViewerProject(answer, access).downloadsAllowed).toBe(false);
    }
  });
});

describe('demo project', () => {
  it('has a 200–500 ms delay and keeps the Teeth group', () => {
    expect(demoDelayMs(() => 0)).toBe(200);
    expect(demoDelayMs(() => 0.999999)).toBe(500);
    const p = demoProject([
      { id: 'a', name: 'Upper Teeth', file: 'a.glb', size: 1, type: 'teeth', groupedFrom: 'Teeth' },
      { id: 'b', name: 'Lower Teeth', file: 'b.glb', size: 1, type: 'teeth', groupedFrom: 'Teeth' },
    ]);
    expect(p.models[0]!.groupSize).toBe(2);
    expect(p.models[0]!.viewUrl).toBe('/demo/a.glb');
  });
});

describe('vertex normals and render profile', () => {
  it('computes unit normals on a strided quantised grid (wasm), with 16- and 32-bit indices', async () => {
    const mod = await loadMeshModule();
    // One triangle in the z = 0 plane, positions in a stride-4 uint16 buffer.
    const pos = new Uint16Array([0, 0, 0, 0, 100, 0, 0, 0, 0, 100, 0, 0]);
    for (const idx of [new Uint16Array([0, 1, 2]), new Uint32Array([0, 1, 2])]) {
      expect(Array.from(mod.gridNormals(pos, idx))).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    }
    expect(() => mod.gridNormals(pos, new Uint16Array([0, 1, 3]))).toThrow();
  });
  it('keeps the viewer constants', () => {
    expect(deviceClassForWidth(767)).toBe('mobile');
    expect(deviceClassForWidth(768)).toBe('desktop');
    expect(RENDER_PROFILES.mobile).toMatchObject({ fps: 15, idleMs: 1500, dprCap: 1.8 });
    expect(RENDER_PROFILES.desktop).toMatchObject({ fps: 60, idleMs: 5000, dprCap: 2.5 });
    expect(cappedDpr(3, RENDER_PROFILES.mobile)).toBe(1.8);
    expect(cappedDpr(3, RENDER_PROFILES.desktop)).toBe(2.5);
  });
});
