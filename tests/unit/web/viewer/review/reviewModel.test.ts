import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { ThreadEntry as ThreadEntryDto } from '../../../../../api/src/contract/comments';
import { ease, poseAt, poseOf } from '../../../../../web/src/viewer/review/cameraFlight';
import { identityProblem } from '../../../../../web/src/viewer/review/identity';
import {
  openCount,
  threadNodes,
  visiblePins,
} from '../../../../../web/src/viewer/review/reviewStore';

const anchor = {
  modelId: 'm1',
  point: [0, 0, 0] as [number, number, number],
  normal: [0, 0, 1] as [number, number, number],
  camera: {
    position: [0, 0, 10] as [number, number, number],
    target: [0, 0, 0] as [number, number, number],
    up: [0, 1, 0] as [number, number, number],
  },
};
const entry = (over: Partial<ThreadEntryDto>): ThreadEntryDto => ({
  id: 'x',
  kind: 'comment',
  parentId: null,
  author: { role: 'doctor', name: 'Dr A' },
  body: 'b',
  anchor: null,
  toolState: null,
  version: 1,
  pin: null,
  status: null,
  changesRequested: false,
  checklist: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  ...over,
});

describe('thread model in the viewer', () => {
  const thread = [
    entry({ id: 'c1', anchor, pin: 1 }),
    entry({ id: 's1', kind: 'status', author: null, status: 'pending_revision' }),
    entry({ id: 'r1', parentId: 'c1', author: { role: 'technician', name: 'Tess' } }),
    entry({ id: 'c2', anchor, pin: 2, resolvedAt: '2025-03-05T11:00:00.000Z' }),
    entry({ id: 'c3', author: { role: 'technician', name: 'Tess' } }),
  ];

  it('puts replies under their comment and keeps status lines in time order', () => {
    const nodes = threadNodes(thread);
    expect(nodes.map((n) => n.entry.id)).toEqual(['c1', 's1', 'c2', 'c3']);
    expect(nodes[0]!.replies.map((r) => r.id)).toEqual(['r1']);
  });

  it('hides resolved pins unless asked, and counts only the doctor’s open comments', () => {
    expect(visiblePins(thread, false).map((e) => e.pin)).toEqual([1]);
    expect(visiblePins(thread, true).map((e) => e.pin)).toEqual([1, 2]);
    expect(openCount(thread)).toBe(1);
  });
});

describe('camera flight', () => {
  it('eases from the current pose to the saved one and ends exactly there', () => {
    const from = poseOf({ position: [10, 0, 0], target: [0, 0, 0], up: [0, 1, 0] });
    const to = poseOf(anchor.camera);
    const out = { position: new Vector3(), target: new Vector3(), up: new Vector3() };
    expect(ease(0)).toBe(0);
    expect(ease(0.5)).toBe(0.5);
    expect(ease(2)).toBe(1);
    poseAt(from, to, 1, out);
    expect(out.position.toArray()).toEqual([0, 0, 10]);
    poseAt(from, to, 0.5, out);
    expect(out.position.x).toBeCloseTo(5);
    expect(out.up.length()).toBeCloseTo(1);
  });
});

describe('doctor identity', () => {
  it('needs a one-line name; the e-mail is optional but must look like one', () => {
    expect(identityProblem('  ', '')).toBe('Please enter your name');
    expect(identityProblem('Dr\u202EA', '')).not.toBeNull();
    expect(identityProblem('x'.repeat(101), '')).not.toBeNull();
    expect(identityProblem('Dr. Ada', 'not-an-address')).toBe('Please enter a valid email address');
    expect(identityProblem('Dr. Ada', '')).toBeNull();
    expect(identityProblem('Dr. Ada', 'ada@clinic.test')).toBeNull();
  });
});
