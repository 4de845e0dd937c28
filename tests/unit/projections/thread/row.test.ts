import { describe, expect, it } from 'vitest';
import type { ProjectEvent } from '../../../../api/src/domain/project.js';
import { evolveThreadItem, type ThreadItem } from '../../../../projections/src/thread/row.js';

const P = '11111111-1111-4111-8111-111111111111';
const C = '44444444-4444-4444-8444-444444444441';
const at = '2025-03-05T10:00:00.000Z';
const later = '2025-03-05T11:00:00.000Z';

const ev = (revision: number, event: ProjectEvent, id = `e${revision}`) => ({
  id,
  revision: BigInt(revision),
  event,
});
const added = ev(1, {
  type: 'CommentAdded',
  data: {
    projectId: P,
    commentId: C,
    parentId: null,
    author: { role: 'doctor', name: 'v1:n', email: null },
    body: 'v1:b',
    anchor: null,
    createdAt: at,
  },
});
const resolved = ev(2, {
  type: 'CommentResolved',
  data: { projectId: P, commentId: C, by: 'technician', resolvedAt: later },
});
const reopened = ev(3, {
  type: 'CommentReopened',
  data: { projectId: P, commentId: C, by: 'doctor', reopenedAt: later },
});

describe('thread read model: evolve', () => {
  it('keeps the saved view and the version a comment names', () => {
    const toolState = {
      version: 1 as const,
      camera: {
        position: [0, 0, 9] as [number, number, number],
        target: [0, 0, 0] as [number, number, number],
        up: [0, 1, 0] as [number, number, number],
      },
      measurements: [],
      section: null,
    };
    const named = ev(1, {
      type: 'CommentAdded',
      data: { ...(added.event.data as object), toolState, version: 1 } as never,
    });
    expect(evolveThreadItem(null, named, 3)).toMatchObject({ toolState, version: 1 });
  });

  it('keeps a pin and a saved view sealed as recorded', () => {
    const sealed = ev(1, {
      type: 'CommentAdded',
      data: {
        ...(added.event.data as object),
        anchor: { modelId: 'm1', place: 'v1:place' },
        toolState: 'v1:view',
        version: 1,
      } as never,
    });
    expect(evolveThreadItem(null, sealed)).toMatchObject({
      anchor: { modelId: 'm1', place: 'v1:place' },
      toolState: 'v1:view',
    });
  });

  it('gives a comment recorded before versions were named the version current then', () => {
    expect(evolveThreadItem(null, added, 2)).toMatchObject({ toolState: null, version: 2 });
    expect(evolveThreadItem(null, added)).toMatchObject({ version: 1 });
  });

  it('makes a comment line from CommentAdded and old feedback', () => {
    const row = evolveThreadItem(null, added)!;
    expect(row).toMatchObject({ id: C, kind: 'comment', authorRole: 'doctor', body: 'v1:b' });
    const feedback = evolveThreadItem(
      null,
      ev(4, {
        type: 'FeedbackGiven',
        data: {
          projectId: P,
          feedbackId: 'f1',
          feedbackType: 'technician_reply',
          message: 'v1:m',
          createdAt: at,
        },
      }),
    );
    expect(feedback).toMatchObject({ id: 'f1', authorRole: 'technician', authorName: null });
  });

  it('resolves and reopens; a replayed older event changes nothing', () => {
    const row = evolveThreadItem(null, added);
    const r = evolveThreadItem(row, resolved) as ThreadItem;
    expect(r).toMatchObject({ resolvedAt: later, resolvedBy: 'technician', revision: 2n });
    const o = evolveThreadItem(r, reopened) as ThreadItem;
    expect(o).toMatchObject({ resolvedAt: null, resolvedBy: null, revision: 3n });
    expect(evolveThreadItem(o, resolved)).toBe(o);
    expect(evolveThreadItem(o, added)).toBe(o);
  });

  it('ignores a resolve of a line it never saw', () => {
    expect(evolveThreadItem(null, resolved)).toBeNull();
  });

  it('makes status and approval lines keyed by their event', () => {
    const s = evolveThreadItem(
      null,
      ev(5, {
        type: 'ProjectStatusChanged',
        data: { projectId: P, status: 'pending_revision', previous: 'pending', changedAt: at },
      }),
    );
    expect(s).toMatchObject({ id: 'e5', kind: 'status', status: 'pending_revision' });
    const a = evolveThreadItem(
      null,
      ev(6, { type: 'ProjectApproved', data: { projectId: P, approvedAt: at } }),
    );
    expect(a).toMatchObject({ id: 'e6', kind: 'approval', status: 'approved' });
  });
});
