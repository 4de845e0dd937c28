import { describe, expect, it } from 'vitest';
import {
  decide,
  evolve,
  foldProject,
  initialState,
  materialAllowed,
  ProjectRuleError,
  type ModelRecord,
  type ProjectCommand,
  type ProjectEvent,
} from '../../../../api/src/domain/project.js';

const P = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const at = '2025-03-05T10:00:00.000Z';

const model = (over: Partial<ModelRecord> = {}): ModelRecord => ({
  id: '33333333-3333-4333-8333-333333333333',
  filename: '33333333-3333-4333-8333-333333333333.stl',
  originalName: 'v1:a:b:c',
  name: 'v1:a:b:c',
  size: 684,
  type: 'stl',
  material: 'enamel',
  groupedFrom: null,
  groupSize: null,
  blobKey: `projects/${P}/33333333-3333-4333-8333-333333333333`,
  triangles: 12,
  ...over,
});

const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: P,
    userId: U,
    name: 'v1:n',
    patientName: 'v1:p',
    laboratoryName: 'v1:l',
    comment: null,
    status: 'pending',
    models: [model()],
    createdAt: at,
  },
};
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

/** given(events).when(command) → events or a rule error. */
function given(events: ProjectEvent[]) {
  return {
    when(command: ProjectCommand) {
      const run = () => decide(command, foldProject(events));
      return {
        then: (expected: ProjectEvent[]) => expect(run()).toEqual(expected),
        thenThrows: (code: ProjectRuleError['code']) => {
          try {
            run();
          } catch (err) {
            expect(err).toBeInstanceOf(ProjectRuleError);
            expect((err as ProjectRuleError).code).toBe(code);
            return;
          }
          throw new Error(`expected ${code}`);
        },
      };
    },
  };
}

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
