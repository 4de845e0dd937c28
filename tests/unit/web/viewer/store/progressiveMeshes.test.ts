import { BufferGeometry } from 'three';
import { afterEach, describe, expect, it } from 'vitest';
import { toViewerProject } from '../../../../../web/src/viewer/mesh/project.js';
import { toViewMesh, type ViewMesh } from '../../../../../web/src/viewer/mesh/viewMesh.js';
import { isRefining, useViewerStore } from '../../../../../web/src/viewer/store/useViewerStore.js';

/** A one-triangle model at a level of detail, through the viewer's own geometry builder. */
function mesh(lod: 'coarse' | 'full'): ViewMesh {
  return toViewMesh({
    positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
    stride: 3,
    indices: undefined,
    normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]),
    colors: undefined,
    offset: [0, 0, 0],
    scale: 1,
    min: [0, 0, 0],
    max: [1, 1, 0],
    triangles: 1,
    doubleSided: true,
    lod,
    startedAt: Date.now(),
    decodeMs: 0,
    normalsMs: 0,
  });
}

function startWith(models: { id: string; coarse: boolean }[]): void {
  const s = useViewerStore.getState();
  s.start('review');
  s.setProject(
    toViewerProject(
      { models: models.map((m) => ({ ...m, filename: `${m.id}.stl` })) },
      { kind: 'public', token: 'pub_x' },
    ),
  );
}

describe('viewer store with coarse levels', () => {
  afterEach(() => useViewerStore.getState().reset());

  it('counts a model once: its coarse level makes it loaded, the full level replaces it in place', () => {
    startWith([
      { id: 'arch', coarse: true },
      { id: 'crown', coarse: false },
    ]);
    const s = () => useViewerStore.getState();
    expect(s().project?.models.map((m) => m.coarseUrl)).toEqual([
      '/api/public/projects/pub_x/view/arch?lod=coarse',
      undefined,
    ]);
    const coarse = mesh('coarse');
    let disposed = false;
    coarse.geometry.addEventListener('dispose', () => (disposed = true));
    s().addMesh('arch', coarse);
    s().addMesh('crown', mesh('full'));
    expect(s().phase).toBe('ready');
    expect(s().progress).toEqual({ done: 2, total: 2 });
    expect(isRefining(s())).toBe(true);
    // Exact-geometry tools see only full levels.
    expect(Object.keys(s().fullMeshes)).toEqual(['crown']);

    const full = mesh('full');
    s().addMesh('arch', full);
    expect(s().progress).toEqual({ done: 2, total: 2 });
    expect(s().meshes.arch).toBe(full);
    expect(s().fullMeshes.arch).toBe(full);
    expect(isRefining(s())).toBe(false);
    expect(disposed).toBe(true);
    expect(full.geometry).toBeInstanceOf(BufferGeometry);
  });

  it('keeps drawing the coarse level when the full one fails, and stops refining', () => {
    startWith([{ id: 'arch', coarse: true }]);
    const s = () => useViewerStore.getState();
    s().addMesh('arch', mesh('coarse'));
    s().modelFailed('arch');
    expect(s().progress).toEqual({ done: 1, total: 1 });
    expect(s().meshes.arch?.lod).toBe('coarse');
    expect(isRefining(s())).toBe(false);
    expect(s().fullMeshes).toEqual({});
  });
});
