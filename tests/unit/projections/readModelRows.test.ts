import { describe, expect, it } from 'vitest';
import { MIB } from '../../../api/src/domain/models.js';
import type { ProjectCreated, ProjectEvent } from '../../../api/src/domain/project.js';
import type { UserEvent } from '../../../api/src/domain/user.js';
import { evolveFeedbackRow } from '../../../projections/src/feedback/row.js';
import { evolveProjectRow, modelRowsOf } from '../../../projections/src/projects/row.js';
import { evolveUserStatsProjectRow } from '../../../projections/src/userStats/row.js';
import { evolveUserRow } from '../../../projections/src/users/row.js';

const P = '0e6c2a4b-9d3f-4b8e-a1c2-7f5e6d4c3b2a';
const U = '7f5e6d4c-3b2a-4c51-9d0c-3f1d2b7a9e10';

const created: ProjectCreated = {
  type: 'ProjectCreated',
  data: {
    projectId: P,
    userId: U,
    name: 'sealed-name',
    patientName: 'sealed-patient',
    laboratoryName: 'sealed-lab',
    comment: null,
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    models: [
      {
        id: 'm1',
        filename: 'm1.stl',
        originalName: 'sealed-o1',
        name: 'sealed-n1',
        size: 100,
        type: 'stl',
        material: 'default',
        groupedFrom: null,
        groupSize: null,
        blobKey: `projects/${P}/m1`,
        triangles: 10,
      },
      {
        id: 'm2',
        filename: 'm2.ply',
        originalName: 'sealed-o2',
        name: 'sealed-n2',
        size: 50,
        type: 'ply',
        material: 'texture',
        groupedFrom: 'Teeth',
        groupSize: 2,
        blobKey: `projects/${P}/m2`,
        triangles: 5,
      },
    ],
  },
};

const status = (s: 'approved' | 'pending_review', at: string): ProjectEvent => ({
  type: 'ProjectStatusChanged',
  data: { projectId: P, status: s, previous: 'pending', changedAt: at },
});
const deleted: ProjectEvent = {
  type: 'ProjectDeleted',
  data: { projectId: P, userId: U, reason: 'owner', deletedAt: '2026-03-02T00:00:00.000Z' },
};

describe('projects row', () => {
  it('starts from ProjectCreated with counts and storage, and a replay keeps it', () => {
    const row = evolveProjectRow(null, created, 0n);
    expect(row).toEqual({
      id: P,
      user_id: U,
      name: 'sealed-name',
      patient_name: 'sealed-patient',
      laboratory_name: 'sealed-lab',
      comment: null,
      status: 'pending',
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
      file_count: 2,
      // Events written before sizes were sealed: each clear size rounded up to whole MiB too.
      storage_bytes: String(2 * MIB),
      unread_count: 0,
      last_activity_at: '2026-03-01T10:00:00.000Z',
      revision: '0',
    });
    expect(evolveProjectRow(row, created, 0n)).toBe(row);
  });

  it('takes a newer status with its time and ignores one it has already applied', () => {
    const row = evolveProjectRow(null, created, 0n);
    const next = evolveProjectRow(row, status('pending_review', '2026-03-01T11:00:00.000Z'), 1n);
    expect(next).toMatchObject({
      status: 'pending_review',
      updated_at: '2026-03-01T11:00:00.000Z',
      last_activity_at: '2026-03-01T11:00:00.000Z',
      revision: '1',
    });
    expect(evolveProjectRow(next, status('approved', '2026-03-01T09:00:00.000Z'), 1n)).toBe(next);
    const approved = evolveProjectRow(
      next,
      { type: 'ProjectApproved', data: { projectId: P, approvedAt: '2026-03-01T12:00:00.000Z' } },
      2n,
    );
    expect(approved).toMatchObject({
      status: 'approved',
      last_activity_at: '2026-03-01T12:00:00.000Z',
      revision: '2',
    });
  });

  it('has no row after ProjectDeleted and none for a status change without one', () => {
    const row = evolveProjectRow(null, created, 0n);
    expect(evolveProjectRow(row, deleted, 3n)).toBeNull();
    expect(evolveProjectRow(null, status('approved', '2026-03-01T11:00:00.000Z'), 1n)).toBeNull();
  });

  it('lists the models of ProjectCreated in layer order', () => {
    expect(
      modelRowsOf(created).map((m) => [m.id, m.position, m.size, m.triangles, m.grouped_from]),
    ).toEqual([
      ['m1', 0, '100', '10', null],
      ['m2', 1, '50', '5', 'Teeth'],
    ]);
  });

  it('keeps sealed sizes and triangle counts sealed and sums the clear MiB of each file', () => {
    const sealed: ProjectCreated = {
      type: 'ProjectCreated',
      data: {
        ...created.data,
        models: [
          { ...created.data.models[0]!, size: 'v1:s1', triangles: 'v1:t1', storageMiB: 1 },
          { ...created.data.models[1]!, size: 'v1:s2', triangles: 'v1:t2', storageMiB: 3 },
        ],
      },
    };
    expect(evolveProjectRow(null, sealed, 0n)?.storage_bytes).toBe(String(4 * MIB));
    expect(modelRowsOf(sealed).map((m) => [m.size, m.triangles])).toEqual([
      ['v1:s1', 'v1:t1'],
      ['v1:s2', 'v1:t2'],
    ]);
    // A new version adds its new files' MiB; a kept file (here a clear one of an older event)
    // is not counted again.
    const grown = evolveProjectRow(
      evolveProjectRow(null, sealed, 0n),
      {
        type: 'ProjectVersionAdded',
        data: {
          projectId: P,
          version: 2,
          note: 'sealed-note',
          models: [
            created.data.models[0]!,
            {
              ...created.data.models[1]!,
              id: 'm4',
              size: 'v1:s4',
              triangles: 'v1:t4',
              storageMiB: 2,
            },
          ],
          added: ['m4'],
          removed: ['m2'],
          createdAt: '2026-03-01T12:00:00.000Z',
        },
      },
      1n,
    );
    expect(grown?.storage_bytes).toBe(String(6 * MIB));
  });
});

describe('feedback row', () => {
  const given: ProjectEvent = {
    type: 'FeedbackGiven',
    data: {
      projectId: P,
      feedbackId: 'f1',
      feedbackType: 'doctor_feedback',
      message: 'sealed-message',
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  };
  const read = (at: string): ProjectEvent => ({
    type: 'FeedbackRead',
    data: { projectId: P, feedbackId: 'f1', readAt: at },
  });

  it('starts unread, keeps its first read time, and a repeated FeedbackGiven changes nothing', () => {
    const row = evolveFeedbackRow(null, given);
    expect(row).toEqual({
      id: 'f1',
      project_id: P,
      type: 'doctor_feedback',
      message: 'sealed-message',
      created_at: '2026-03-01T10:00:00.000Z',
      read_at: null,
    });
    expect(evolveFeedbackRow(row, given)).toBe(row);
    const seen = evolveFeedbackRow(row, read('2026-03-01T11:00:00.000Z'));
    expect(seen?.read_at).toBe('2026-03-01T11:00:00.000Z');
    expect(evolveFeedbackRow(seen, read('2026-03-01T12:00:00.000Z'))).toBe(seen);
  });

  it('has no row after ProjectDeleted, and a read mark makes none', () => {
    expect(evolveFeedbackRow(evolveFeedbackRow(null, given), deleted)).toBeNull();
    expect(evolveFeedbackRow(null, read('2026-03-01T11:00:00.000Z'))).toBeNull();
  });
});

describe('users row', () => {
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      userId: U,
      name: 'sealed-name',
      email: 'sealed-email',
      companyName: 'sealed-company',
      role: 'user',
      registeredAt: '2026-03-01T10:00:00.000Z',
    },
  } as UserEvent;

  it('registers unverified, verifies, takes and loses a role, and ends on deletion', () => {
    const row = evolveUserRow(null, registered, 0n);
    expect(row).toMatchObject({ id: U, role: 'user', email_verified: false, revision: '0' });
    const verified = evolveUserRow(
      row,
      { type: 'EmailVerified', data: { userId: U, verifiedAt: '2026-03-01T11:00:00.000Z' } },
      1n,
    );
    expect(verified).toMatchObject({
      email_verified: true,
      verified_at: '2026-03-01T11:00:00.000Z',
    });
    const admin = evolveUserRow(
      verified,
      { type: 'RoleGranted', data: { userId: U, role: 'admin' } } as UserEvent,
      2n,
    );
    expect(admin?.role).toBe('admin');
    const revoked = evolveUserRow(
      admin,
      { type: 'RoleRevoked', data: { userId: U, role: 'admin' } } as UserEvent,
      3n,
    );
    expect(revoked?.role).toBe('user');
    expect(
      evolveUserRow(
        revoked,
        { type: 'UserDeleted', data: { userId: U, deletedAt: '2026-03-02T00:00:00.000Z' } },
        4n,
      ),
    ).toBeNull();
  });

  it('keeps the first registration on a replay', () => {
    const row = evolveUserRow(null, registered, 0n);
    expect(evolveUserRow(row, registered, 0n)).toBe(row);
  });
});

describe('user stats project row', () => {
  const given = (id: string, type: 'doctor_feedback' | 'technician_reply'): ProjectEvent => ({
    type: 'FeedbackGiven',
    data: { projectId: P, feedbackId: id, feedbackType: type, message: 's', createdAt: 'x' },
  });
  const read = (id: string): ProjectEvent => ({
    type: 'FeedbackRead',
    data: { projectId: P, feedbackId: id, readAt: 'x' },
  });

  it('counts files and storage, follows the status and keeps unread doctor feedback as a set', () => {
    let row = evolveUserStatsProjectRow(null, created);
    expect(row).toEqual({
      project_id: P,
      user_id: U,
      status: 'pending',
      storage_bytes: String(2 * MIB),
      file_count: 2,
      model_ids: ['m1', 'm2'],
      unread: [],
    });
    row = evolveUserStatsProjectRow(row, status('pending_review', 'x'));
    expect(row?.status).toBe('pending_review');
    row = evolveUserStatsProjectRow(row, given('f1', 'doctor_feedback'));
    expect(evolveUserStatsProjectRow(row, given('f1', 'doctor_feedback'))).toBe(row);
    expect(evolveUserStatsProjectRow(row, given('r1', 'technician_reply'))).toBe(row);
    row = evolveUserStatsProjectRow(row, given('f2', 'doctor_feedback'));
    expect(row?.unread).toEqual(['f1', 'f2']);
    row = evolveUserStatsProjectRow(row, read('f1'));
    expect(row?.unread).toEqual(['f2']);
    expect(evolveUserStatsProjectRow(row, read('f1'))).toBe(row);
  });

  it('adds the files a new version brings once, and keeps counting the files it removed', () => {
    const [m1, m2] = created.data.models;
    const m3 = { ...m1!, id: 'm3', filename: 'm3.stl', size: 30 };
    const version = (n: number, models: (typeof m1)[]): ProjectEvent => ({
      type: 'ProjectVersionAdded',
      data: {
        projectId: P,
        version: n,
        note: 'sealed-note',
        models: models.map((m) => m!),
        added: [],
        removed: [],
        createdAt: 'x',
      },
    });
    const v1 = evolveUserStatsProjectRow(null, created);
    const v2 = evolveUserStatsProjectRow(v1, version(2, [m1, m3]));
    expect(v2).toMatchObject({
      storage_bytes: String(3 * MIB),
      file_count: 3,
      model_ids: ['m1', 'm2', 'm3'],
    });
    // Replayed, or a version that only drops files: nothing new is stored.
    expect(evolveUserStatsProjectRow(v2, version(2, [m1, m3]))).toBe(v2);
    expect(evolveUserStatsProjectRow(v2, version(3, [m3]))).toBe(v2);
    expect(evolveUserStatsProjectRow(null, version(2, [m2]))).toBeNull();
  });

  it('has no row after ProjectDeleted and none for events of a project it never saw', () => {
    expect(evolveUserStatsProjectRow(evolveUserStatsProjectRow(null, created), deleted)).toBeNull();
    expect(evolveUserStatsProjectRow(null, status('approved', 'x'))).toBeNull();
    expect(evolveUserStatsProjectRow(null, given('f1', 'doctor_feedback'))).toBeNull();
  });
});
