import { describe, expect, it } from 'vitest';
import {
  anchorProblem,
  type CommentAnchor,
  type SealedAnchor,
  type ToolState,
} from '../../../../api/src/domain/comments.js';
import {
  decide,
  foldProject,
  type ProjectCommand,
  type ProjectEvent,
} from '../../../../api/src/domain/project.js';
import { at, given, M, modelRecord, P, projectCreated } from './projectGiven.js';

const C1 = '44444444-4444-4444-8444-444444444441';
const C2 = '44444444-4444-4444-8444-444444444442';
const C3 = '44444444-4444-4444-8444-444444444443';

const model = modelRecord(M, { originalName: 'v1:o', name: 'v1:n' });
const created = (status: 'pending' | 'approved' | 'pending_revision' = 'pending'): ProjectEvent =>
  projectCreated({ status, models: [model] });

const anchor = (over: Partial<CommentAnchor> = {}): CommentAnchor => ({
  modelId: M,
  point: [1, 2, 3],
  normal: [0, 0, 1],
  camera: { position: [0, 0, 50], target: [0, 0, 0], up: [0, 1, 0] },
  ...over,
});
const doctor = { role: 'doctor' as const, name: 'v1:dr', email: 'v1:em' };
const tech = { role: 'technician' as const, name: 'v1:tt', email: null };

/** What the use case seals a pin's place and a saved view as (stand-ins: opaque here). */
const PLACE = 'v1:pin-place';
const VIEW = 'v1:saved-view';
const pinned = (modelId = M): SealedAnchor => ({ modelId, place: PLACE });

/** A comment as the use case sends it: pin and view clear for the rules, and sealed. */
const add = (commentId: string, over: Record<string, unknown> = {}): ProjectCommand => ({
  type: 'AddComment',
  data: {
    projectId: P,
    commentId,
    parentId: null,
    author: doctor,
    body: 'v1:b',
    anchor: null,
    toolState: null,
    sealed: { place: over.anchor ? PLACE : null, toolState: over.toolState ? VIEW : null },
    version: null,
    now: at,
    ...over,
  },
});
const added = (commentId: string, over: Record<string, unknown> = {}): ProjectEvent => ({
  type: 'CommentAdded',
  data: {
    projectId: P,
    commentId,
    parentId: null,
    author: doctor,
    body: 'v1:b',
    anchor: null,
    toolState: null,
    version: 1,
    createdAt: at,
    ...over,
  },
});
const resolve = (commentId: string): ProjectCommand => ({
  type: 'ResolveComment',
  data: { projectId: P, commentId, by: 'technician', now: at },
});
const reopen = (commentId: string): ProjectCommand => ({
  type: 'ReopenComment',
  data: { projectId: P, commentId, by: 'doctor', now: at },
});

describe('comments: adding', () => {
  it('records a pinned comment with its anchor and author as given', () => {
    given([created()])
      .when(add(C1, { anchor: anchor() }))
      .then([added(C1, { anchor: pinned() })]);
  });

  it('records a reply under an existing comment, also under old feedback', () => {
    const feedback: ProjectEvent = {
      type: 'FeedbackGiven',
      data: {
        projectId: P,
        feedbackId: C3,
        feedbackType: 'doctor_feedback',
        message: 'v1:m',
        createdAt: at,
      },
    };
    given([created(), added(C1)])
      .when(add(C2, { parentId: C1, author: tech }))
      .then([added(C2, { parentId: C1, author: tech })]);
    given([created(), feedback])
      .when(add(C2, { parentId: C3, author: tech }))
      .then([added(C2, { parentId: C3, author: tech })]);
  });

  it('refuses a reply to a missing comment, to a reply, or carrying a pin', () => {
    given([created()])
      .when(add(C2, { parentId: C1 }))
      .thenThrows('parent_not_found');
    given([created(), added(C1), added(C2, { parentId: C1 })])
      .when(add(C3, { parentId: C2 }))
      .thenThrows('reply_to_reply');
    given([created(), added(C1)])
      .when(add(C2, { parentId: C1, anchor: anchor() }))
      .thenThrows('reply_with_anchor');
  });

  it('refuses a second comment with the same id and comments on a missing project', () => {
    given([created(), added(C1)])
      .when(add(C1))
      .thenThrows('comment_exists');
    given([]).when(add(C1)).thenThrows('project_not_found');
  });

  it('refuses anchors on another model, with a non-unit normal or a degenerate camera', () => {
    const other = '55555555-5555-4555-8555-555555555555';
    for (const bad of [
      anchor({ modelId: other }),
      anchor({ normal: [0, 0, 1.01] }),
      anchor({ normal: [0, 0, 0] }),
      anchor({ point: [Number.NaN, 0, 0] }),
      anchor({ point: [Number.POSITIVE_INFINITY, 0, 0] }),
      anchor({ camera: { position: [1, 1, 1], target: [1, 1, 1], up: [0, 1, 0] } }),
      anchor({ camera: { position: [0, 0, 9], target: [0, 0, 0], up: [0, 0, 0] } }),
    ]) {
      given([created()])
        .when(add(C1, { anchor: bad }))
        .thenThrows('invalid_anchor');
    }
  });

  it('accepts a float32 normal within 1e-3 of unit length', () => {
    expect(anchorProblem(anchor({ normal: [0, 0.6, 0.8009] }), new Set([M]))).toBeNull();
    expect(anchorProblem(anchor({ normal: [0, 0.6, 0.802] }), new Set([M]))).not.toBeNull();
  });

  it("counts a doctor's comment as unread feedback for the technician, not the technician's", () => {
    const s = foldProject([created(), added(C1), added(C2, { parentId: C1, author: tech })]);
    if (s.status !== 'active') throw new Error('active expected');
    expect(s.feedback.get(C1)).toEqual({ read: false });
    expect(s.feedback.has(C2)).toBe(false);
    expect(
      decide({ type: 'MarkFeedbackRead', data: { projectId: P, feedbackId: C1, now: at } }, s),
    ).toHaveLength(1);
  });
});

describe('comments: resolve and reopen', () => {
  const resolved: ProjectEvent = {
    type: 'CommentResolved',
    data: { projectId: P, commentId: C1, by: 'technician', resolvedAt: at },
  };

  it('resolves an open comment once; resolving again decides nothing', () => {
    given([created(), added(C1)])
      .when(resolve(C1))
      .then([resolved]);
    given([created(), added(C1), resolved])
      .when(resolve(C1))
      .then([]);
  });

  it('reopens a resolved comment; reopening an open one decides nothing', () => {
    given([created(), added(C1), resolved])
      .when(reopen(C1))
      .then([
        {
          type: 'CommentReopened',
          data: { projectId: P, commentId: C1, by: 'doctor', reopenedAt: at },
        },
      ]);
    given([created(), added(C1)])
      .when(reopen(C1))
      .then([]);
  });

  it('refuses a missing comment and a reply', () => {
    given([created()]).when(resolve(C1)).thenThrows('comment_not_found');
    given([created(), added(C1), added(C2, { parentId: C1 })])
      .when(resolve(C2))
      .thenThrows('resolve_reply');
  });
});

describe('comments: request changes', () => {
  const request = (over: Record<string, unknown> = {}): ProjectCommand => ({
    type: 'RequestChanges',
    data: { ...(add(C1, over).data as object) } as never,
  });
  const asked: ProjectEvent = {
    type: 'ChangesRequested',
    data: { projectId: P, commentId: C1, requestedAt: at },
  };

  it('records the comment, the request and the status Changes Requested', () => {
    given([created()])
      .when(request({ anchor: anchor() }))
      .then([
        added(C1, { anchor: pinned() }),
        asked,
        {
          type: 'ProjectStatusChanged',
          data: { projectId: P, status: 'pending_revision', previous: 'pending', changedAt: at },
        },
      ]);
  });

  it('does not change a status that already is Changes Requested', () => {
    given([created('pending_revision')])
      .when(request())
      .then([added(C1), asked]);
  });

  it('refuses after approval, from the technician, and as a reply', () => {
    given([created('approved')])
      .when(request())
      .thenThrows('already_approved');
    given([created()])
      .when(request({ author: tech }))
      .thenThrows('doctor_only');
    given([created(), added(C2)])
      .when(request({ parentId: C2 }))
      .thenThrows('doctor_only');
  });
});

describe('comments: the saved view and the version', () => {
  const M2 = '66666666-6666-4666-8666-666666666666';
  const view = (over: Partial<ToolState> = {}): ToolState => ({
    version: 1,
    camera: { position: [0, -40, 20], target: [0, 0, 0], up: [0, 0, 1] },
    measurements: [
      {
        id: 'm1',
        kind: 'distance',
        points: [
          { modelId: M, point: [0, 0, 0] },
          { modelId: M, point: [10, 0, 0] },
        ],
      },
    ],
    section: { origin: [0, 0, 1], normal: [0, 0, 1] },
    ...over,
  });
  /** v2 replaces model M by M2. */
  const v2: ProjectEvent = {
    type: 'ProjectVersionAdded',
    data: {
      projectId: P,
      version: 2,
      note: 'v1:note' as never,
      models: [{ ...model, id: M2, filename: `${M2}.stl`, blobKey: `projects/${P}/${M2}` }],
      added: [M2],
      removed: [M],
      createdAt: at,
    },
  };

  it('records the saved view with the comment, on the latest version when none is named', () => {
    given([created()])
      .when(add(C1, { toolState: view() }))
      .then([added(C1, { toolState: VIEW, version: 1 })]);
    given([created(), v2])
      .when(add(C1))
      .then([added(C1, { version: 2 })]);
  });

  it('records a comment made on an earlier version, pin and view on that version’s models', () => {
    given([created(), v2])
      .when(add(C1, { version: 1, anchor: anchor(), toolState: view() }))
      .then([added(C1, { version: 1, anchor: pinned(), toolState: VIEW })]);
  });

  it('carries the saved view and the version into a request for changes', () => {
    given([created(), v2])
      .when({
        type: 'RequestChanges',
        data: add(C1, { version: 1, toolState: view() }).data as never,
      })
      .then([
        added(C1, { version: 1, toolState: VIEW }),
        { type: 'ChangesRequested', data: { projectId: P, commentId: C1, requestedAt: at } },
        {
          type: 'ProjectStatusChanged',
          data: { projectId: P, status: 'pending_revision', previous: 'pending', changedAt: at },
        },
      ]);
  });

  it('refuses a reply carrying a saved view', () => {
    given([created(), added(C1)])
      .when(add(C2, { parentId: C1, toolState: view() }))
      .thenThrows('reply_with_tool_state');
  });

  it('refuses a version the project does not have', () => {
    for (const version of [0, 3, 1.5]) {
      given([created(), v2]).when(add(C1, { version })).thenThrows('version_not_found');
    }
  });

  it('refuses a pin or a measurement on a model that is not in the named version', () => {
    given([created(), v2])
      .when(add(C1, { version: 2, anchor: anchor() }))
      .thenThrows('invalid_anchor');
    given([created(), v2])
      .when(add(C1, { version: 2, toolState: view() }))
      .thenThrows('invalid_tool_state');
  });

  it('refuses a saved view with a degenerate camera, wrong point counts or a zero section normal', () => {
    const [m] = view().measurements;
    for (const bad of [
      view({ camera: { position: [1, 1, 1], target: [1, 1, 1], up: [0, 0, 1] } }),
      view({ camera: { position: [0, 0, 9], target: [0, 0, 0], up: [0, 0, 0] } }),
      view({ camera: { position: [Number.NaN, 0, 9], target: [0, 0, 0], up: [0, 0, 1] } }),
      view({ measurements: [{ ...m!, kind: 'angle' }] }),
      view({ measurements: [{ ...m!, points: m!.points.slice(0, 1) }] }),
      view({
        measurements: [{ ...m!, points: [{ modelId: M, point: [0, Infinity, 0] }, m!.points[1]!] }],
      }),
      view({ section: { origin: [0, 0, 0], normal: [0, 0, 0] } }),
    ]) {
      given([created()])
        .when(add(C1, { toolState: bad }))
        .thenThrows('invalid_tool_state');
    }
  });
});

describe('comments: pins and saved views are sealed', () => {
  const place = anchor({ point: [12.3456789, -7.654321, 3.1415927], normal: [0.6, 0, 0.8] });
  const view: ToolState = {
    version: 1,
    camera: { position: [41.2468, -40, 20], target: [0, 0, 0], up: [0, 0, 1] },
    measurements: [],
    section: { origin: [0, 0, 9.87654], normal: [0, 0, 1] },
  };

  it('records the model of a pin in clear and its place and the saved view only sealed', () => {
    const events = decide(add(C1, { anchor: place, toolState: view }), foldProject([created()]));
    expect(events).toEqual([added(C1, { anchor: pinned(), toolState: VIEW })]);
    const text = JSON.stringify(events);
    for (const n of ['12.3456789', '7.654321', '3.1415927', '41.2468', '9.87654']) {
      expect(text).not.toContain(n);
    }
  });

  it('checks the clear pin and view before recording the sealed ones', () => {
    given([created()])
      .when(add(C1, { anchor: anchor({ normal: [0, 0, 2] }) }))
      .thenThrows('invalid_anchor');
  });

  it('takes no pin or view the use case did not seal (its mistake, not a rule)', () => {
    const unsealed = (over: Record<string, unknown>) =>
      add(C1, { ...over, sealed: { place: null, toolState: null } });
    expect(() => decide(unsealed({ anchor: place }), foldProject([created()]))).toThrow(
      "the comment's pin is not sealed",
    );
    expect(() => decide(unsealed({ toolState: view }), foldProject([created()]))).toThrow(
      "the comment's saved view is not sealed",
    );
  });

  it('folds comments recorded before pins were sealed: replies and resolves go on', () => {
    // An older event: the pin and the saved view in clear.
    const older = added(C1, { anchor: place, toolState: view });
    given([created(), older])
      .when(add(C2, { parentId: C1, author: tech }))
      .then([added(C2, { parentId: C1, author: tech })]);
    given([created(), older])
      .when(resolve(C1))
      .then([
        {
          type: 'CommentResolved',
          data: { projectId: P, commentId: C1, by: 'technician', resolvedAt: at },
        },
      ]);
  });
});
