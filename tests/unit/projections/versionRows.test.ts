import { describe, expect, it } from 'vitest';
import { MIB } from '../../../api/src/domain/models.js';
import type { ModelRecord, ProjectEvent } from '../../../api/src/domain/project.js';
import { evolveProjectRow, modelRowsOf } from '../../../projections/src/projects/row.js';
import { approvalRowOf, versionRowOf } from '../../../projections/src/versions/row.js';

const P = '0e6c2a4b-9d3f-4b8e-a1c2-7f5e6d4c3b2a';
const model = (id: string, size: number): ModelRecord => ({
  id,
  filename: `${id}.stl`,
  originalName: `sealed-o-${id}`,
  name: `sealed-n-${id}`,
  size,
  type: 'stl',
  material: 'default',
  groupedFrom: null,
  groupSize: null,
  blobKey: `projects/${P}/${id}`,
  triangles: 10,
});
const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: P,
    userId: 'u',
    name: 'n',
    patientName: 'p',
    laboratoryName: 'l',
    comment: null,
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    models: [model('a', 100), model('b', 50)],
  },
};
const v2: Extract<ProjectEvent, { type: 'ProjectVersionAdded' }> = {
  type: 'ProjectVersionAdded',
  data: {
    projectId: P,
    version: 2,
    note: 'sealed-note',
    models: [model('a', 100), model('c', 70)],
    added: ['c'],
    removed: ['b'],
    createdAt: '2026-03-02T10:00:00.000Z',
  },
};

describe('projects row and a new version', () => {
  it('counts the latest files and grows storage by the new files (earlier files stay stored)', () => {
    const row = evolveProjectRow(evolveProjectRow(null, created, 0n), v2, 1n);
    expect(row).toMatchObject({
      file_count: 2,
      // Each file counted as its size rounded up to whole MiB.
      storage_bytes: String(3 * MIB),
      updated_at: '2026-03-02T10:00:00.000Z',
      revision: '1',
    });
  });

  it('ignores a replayed version older than the row', () => {
    const row = evolveProjectRow(evolveProjectRow(null, created, 0n), v2, 1n)!;
    expect(evolveProjectRow(row, v2, 1n)).toBe(row);
  });

  it('lists the latest version’s models as the model rows, in order', () => {
    expect(modelRowsOf(v2).map((m) => [m.id, m.position])).toEqual([
      ['a', 0],
      ['c', 1],
    ]);
  });
});

describe('version and approval rows', () => {
  it('makes v1 of the upload (no note) and vn of a new version, nothing of other events', () => {
    expect(versionRowOf(created)).toMatchObject({ project_id: P, n: 1, note: null });
    expect(versionRowOf(v2)).toMatchObject({ n: 2, note: 'sealed-note', models: v2.data.models });
    expect(versionRowOf({ type: 'ProjectApproved', data: { projectId: P, approvedAt: 'x' } })).toBe(
      null,
    );
  });

  it('keeps an approval’s version, sealed name, file hashes and checklist; an old approval has none', () => {
    const files = [{ modelId: 'a', sha256: 'sealed-stored', uploadedSha256: 'sealed-uploaded' }];
    const checklist = [
      { item: 'margins' as const, answer: 'acceptable' as const, pin: 'sealed-pin' },
      { item: 'occlusion' as const, answer: 'not_assessed' as const },
    ];
    expect(
      approvalRowOf({
        type: 'ProjectApproved',
        data: {
          projectId: P,
          approvedAt: 't',
          approvedBy: 'sealed-dr',
          version: 2,
          files,
          checklist,
        },
      }),
    ).toEqual({
      project_id: P,
      version: 2,
      approved_at: 't',
      approved_by: 'sealed-dr',
      files,
      checklist,
    });
    expect(
      approvalRowOf({ type: 'ProjectApproved', data: { projectId: P, approvedAt: 't' } }),
    ).toEqual({
      project_id: P,
      version: null,
      approved_at: 't',
      approved_by: null,
      files: null,
      checklist: null,
    });
    expect(approvalRowOf(created)).toBeNull();
  });
});
