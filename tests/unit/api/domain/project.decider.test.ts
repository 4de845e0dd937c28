import { describe, expect, it } from 'vitest';
import {
  evolve,
  foldProject,
  initialState,
  materialAllowed,
  type ProjectEvent,
  type SealedModelRecord,
} from '../../../../api/src/domain/project.js';
import { at, given, M, modelRecord, P, projectCreated, U } from './projectGiven.js';

const model = (over: Partial<SealedModelRecord> = {}): SealedModelRecord =>
  modelRecord(M, { originalName: 'v1:a:b:c', name: 'v1:a:b:c', ...over });
const created = projectCreated();
const feedback: ProjectEvent = {
  type: 'FeedbackGiven',
  data: {
    projectId: P,
    feedbackId: 'f1',
    feedbackType: 'doctor_feedback',
    message: 'v1:m',
    createdAt: at,
  },
};

describe('project decider', () => {
  it('creates a project on an empty stream', () => {
    given([]).when({ type: 'CreateProject', data: created.data }).then([created]);
  });

  it('refuses to create twice', () => {
    given([created])
      .when({ type: 'CreateProject', data: created.data })
      .thenThrows('project_exists');
  });

  it('refuses a project without models', () => {
    given([])
      .when({ type: 'CreateProject', data: { ...created.data, models: [] } })
      .thenThrows('no_models');
  });

  it('enforces the material rules per file', () => {
    given([])
      .when({
        type: 'CreateProject',
        data: { ...created.data, models: [model({ type: 'ply', material: 'enamel' })] },
      })
      .thenThrows('invalid_material');
    given([])
      .when({
        type: 'CreateProject',
        data: { ...created.data, models: [model({ material: 'texture' })] },
      })
      .thenThrows('invalid_material');
    expect(materialAllowed('ply', 'texture')).toBe(true);
    expect(materialAllowed('stl', 'gingiva')).toBe(true);
  });

  it('changes the status, and does nothing when it is unchanged', () => {
    given([created])
      .when({ type: 'ChangeProjectStatus', data: { projectId: P, status: 'approved', now: at } })
      .then([
        {
          type: 'ProjectStatusChanged',
          data: { projectId: P, status: 'approved', previous: 'pending', changedAt: at },
        },
      ]);
    given([created])
      .when({ type: 'ChangeProjectStatus', data: { projectId: P, status: 'pending', now: at } })
      .then([]);
  });

  it('refuses unknown status values', () => {
    given([created])
      .when({
        type: 'ChangeProjectStatus',
        data: { projectId: P, status: 'rejected' as never, now: at },
      })
      .thenThrows('invalid_status');
  });

  it('marks doctor feedback read once', () => {
    const read: ProjectEvent = {
      type: 'FeedbackRead',
      data: { projectId: P, feedbackId: 'f1', readAt: at },
    };
    given([created, feedback])
      .when({ type: 'MarkFeedbackRead', data: { projectId: P, feedbackId: 'f1', now: at } })
      .then([read]);
    given([created, feedback, read])
      .when({ type: 'MarkFeedbackRead', data: { projectId: P, feedbackId: 'f1', now: at } })
      .then([]);
    given([created])
      .when({ type: 'MarkFeedbackRead', data: { projectId: P, feedbackId: 'nope', now: at } })
      .thenThrows('feedback_not_found');
  });

  it('sends to a doctor with the sealed address only', () => {
    given([created])
      .when({
        type: 'SendProjectToDoctor',
        data: { projectId: P, doctorEmail: 'v1:e', mailId: 'm1', now: at },
      })
      .then([
        {
          type: 'ProjectSentToDoctor',
          data: { projectId: P, doctorEmail: 'v1:e', mailId: 'm1', sentAt: at },
        },
      ]);
  });

  it('deletes without personal data, and nothing works afterwards', () => {
    const deleted: ProjectEvent = {
      type: 'ProjectDeleted',
      data: { projectId: P, userId: U, reason: 'owner', deletedAt: at },
    };
    given([created])
      .when({ type: 'DeleteProject', data: { projectId: P, reason: 'owner', now: at } })
      .then([deleted]);
    expect(JSON.stringify(deleted)).not.toMatch(/v1:/);
    given([created, deleted])
      .when({ type: 'DeleteProject', data: { projectId: P, reason: 'owner', now: at } })
      .thenThrows('project_not_found');
    given([created, deleted])
      .when({ type: 'ChangeProjectStatus', data: { projectId: P, status: 'approved', now: at } })
      .thenThrows('project_not_found');
    given([created, deleted])
      .when({ type: 'CreateProject', data: created.data })
      .thenThrows('project_exists');
  });

  it('folds approval into the status', () => {
    const s = evolve(foldProject([created]), {
      type: 'ProjectApproved',
      data: { projectId: P, approvedAt: at },
    });
    expect(s.status === 'active' && s.projectStatus).toBe('approved');
    expect(initialState()).toEqual({ status: 'empty' });
  });
});
