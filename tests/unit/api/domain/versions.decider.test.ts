import { describe, expect, it } from 'vitest';
import {
  decide,
  foldProject,
  ProjectRuleError,
  type ProjectCommand,
  type SealedModelRecord,
  type ProjectEvent,
} from '../../../../api/src/domain/project.js';
import { APPROVAL_OUTDATED } from '../../../../api/src/domain/versions.js';
import { at, clearModelRecord, modelRecord, P, projectCreated, U } from './projectGiven.js';

const later = '2026-03-06T10:00:00.000Z';
const model = (id: string, sha256 = `v1:stored-${id}`): SealedModelRecord =>
  modelRecord(id, {
    originalName: `v1:orig-${id}`,
    name: `v1:name-${id}`,
    sha256,
    uploadedSha256: `v1:uploaded-${id}`,
  });
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const created = projectCreated({ models: [model(A), model(B)] });
const approvedV1: ProjectEvent = {
  type: 'ProjectApproved',
  data: { projectId: P, approvedAt: at, version: 1, files: [] },
};
const v2: ProjectEvent = {
  type: 'ProjectVersionAdded',
  data: {
    projectId: P,
    version: 2,
    note: 'v1:note',
    models: [model(A), model(C)],
    added: [C],
    removed: [B],
    createdAt: later,
  },
};

const addVersion = (
  over: Partial<Extract<ProjectCommand, { type: 'AddProjectVersion' }>['data']> = {},
): ProjectCommand => ({
  type: 'AddProjectVersion',
  data: { projectId: P, keep: [A], added: [model(C)], note: 'v1:note', now: later, ...over },
});
const approve = (version?: number): ProjectCommand => ({
  type: 'ApproveProject',
  data: { projectId: P, now: later, approvedBy: 'v1:dr', ...(version ? { version } : {}) },
});

function rule(run: () => unknown): ProjectRuleError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ProjectRuleError);
    return err as ProjectRuleError;
  }
  throw new Error('expected a rule error');
}

describe('project versions', () => {
  it('adds version 2 with the kept models first, then the new ones, and lists what changed', () => {
    expect(decide(addVersion(), foldProject([created]))).toEqual([v2]);
  });

  it('records new files sealed and copies kept ones as recorded, also a clear one of an older event', () => {
    // Project created before sizes were sealed: A's size and triangles are clear in its event.
    const older = projectCreated({ models: [clearModelRecord(A), model(B)] as never });
    const [e] = decide(addVersion({ keep: [A, B] }), foldProject([older]));
    const models = e?.type === 'ProjectVersionAdded' ? e.data.models : [];
    expect(models.map((m) => [m.id, m.size, m.triangles, m.storageMiB])).toEqual([
      [A, 684, 12, undefined],
      [B, `v1:size-${B}`, `v1:triangles-${B}`, 1],
      [C, `v1:size-${C}`, `v1:triangles-${C}`, 1],
    ]);
  });

  it('numbers versions from the stream: the next after v2 is v3', () => {
    const [e] = decide(addVersion({ keep: [A], added: [] }), foldProject([created, v2]));
    expect(e).toMatchObject({
      type: 'ProjectVersionAdded',
      data: { version: 3, models: [model(A)], added: [], removed: [C] },
    });
  });

  it('sets an approved project back to pending review, recording the previous status', () => {
    const events = decide(addVersion(), foldProject([created, approvedV1]));
    expect(events.map((e) => e.type)).toEqual(['ProjectVersionAdded', 'ProjectStatusChanged']);
    expect(events[1]).toEqual({
      type: 'ProjectStatusChanged',
      data: { projectId: P, status: 'pending_review', previous: 'approved', changedAt: later },
    });
    const s = foldProject([created, approvedV1, ...events]);
    expect(s.status === 'active' && [s.projectStatus, s.version]).toEqual(['pending_review', 2]);
  });

  it('sets changes requested back to pending review, and leaves a new project pending', () => {
    const revision: ProjectEvent = {
      type: 'ProjectStatusChanged',
      data: { projectId: P, status: 'pending_revision', previous: 'pending', changedAt: at },
    };
    const after = decide(addVersion(), foldProject([created, revision]));
    expect(after[1]?.data).toMatchObject({
      status: 'pending_review',
      previous: 'pending_revision',
    });
    expect(decide(addVersion(), foldProject([created])).map((e) => e.type)).toEqual([
      'ProjectVersionAdded',
    ]);
  });

  it('refuses a kept id that is not in the latest version, no change, and no files at all', () => {
    expect(rule(() => decide(addVersion({ keep: [C] }), foldProject([created]))).code).toBe(
      'model_not_found',
    );
    // B was removed in v2: it cannot be kept from v2.
    expect(rule(() => decide(addVersion({ keep: [B] }), foldProject([created, v2]))).code).toBe(
      'model_not_found',
    );
    expect(
      rule(() => decide(addVersion({ keep: [A, B], added: [] }), foldProject([created]))).code,
    ).toBe('no_changes');
    expect(
      rule(() => decide(addVersion({ keep: [], added: [] }), foldProject([created]))).code,
    ).toBe('no_models');
  });

  it('refuses the texture material on a new STL file', () => {
    const texture = { ...model(C), material: 'texture' as const };
    expect(rule(() => decide(addVersion({ added: [texture] }), foldProject([created]))).code).toBe(
      'invalid_material',
    );
  });

  it('refuses a version of a deleted project', () => {
    const deleted: ProjectEvent = {
      type: 'ProjectDeleted',
      data: { projectId: P, userId: U, reason: 'owner', deletedAt: at },
    };
    expect(rule(() => decide(addVersion(), foldProject([created, deleted]))).code).toBe(
      'project_not_found',
    );
  });
});

describe('approval bound to a version', () => {
  it('approves the latest version with both SHA-256 of each of its files, as the models hold them', () => {
    expect(decide(approve(), foldProject([created, v2]))).toEqual([
      {
        type: 'ProjectApproved',
        data: {
          projectId: P,
          approvedAt: later,
          approvedBy: 'v1:dr',
          version: 2,
          files: [
            { modelId: A, sha256: `v1:stored-${A}`, uploadedSha256: `v1:uploaded-${A}` },
            { modelId: C, sha256: `v1:stored-${C}`, uploadedSha256: `v1:uploaded-${C}` },
          ],
        },
      },
    ]);
    expect(decide(approve(2), foldProject([created, v2]))[0]?.data).toMatchObject({ version: 2 });
  });

  it('refuses to approve an older version than the latest, with a clear message', () => {
    const err = rule(() => decide(approve(1), foldProject([created, v2])));
    expect(err.code).toBe('version_superseded');
    expect(err.message).toBe(APPROVAL_OUTDATED(1, 2));
    expect(err.message).toMatch(/version 2 was uploaded since/);
  });

  it('refuses a version that does not exist', () => {
    expect(rule(() => decide(approve(3), foldProject([created, v2]))).code).toBe(
      'version_not_found',
    );
  });

  it('approves the new version after an earlier approval was reset by it', () => {
    const reset = decide(addVersion(), foldProject([created, approvedV1]));
    const events = decide(approve(2), foldProject([created, approvedV1, ...reset]));
    expect(events[0]?.data).toMatchObject({ version: 2 });
    expect(
      rule(() => decide(approve(2), foldProject([created, approvedV1, ...reset, ...events]))).code,
    ).toBe('already_approved');
  });

  it('records null hashes for a model stored before hashes were taken', () => {
    const old = { ...model(A) };
    delete old.sha256;
    delete old.uploadedSha256;
    const legacy: ProjectEvent = {
      ...created,
      data: { ...created.data, models: [old] },
    } as ProjectEvent;
    expect(decide(approve(), foldProject([legacy]))[0]?.data).toMatchObject({
      version: 1,
      files: [{ modelId: A, sha256: null, uploadedSha256: null }],
    });
  });
});
