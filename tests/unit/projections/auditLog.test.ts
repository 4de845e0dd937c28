import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../../../api/src/store/eventStore.js';
import { parseSubject, toAuditRow } from '../../../projections/src/auditLog/index.js';

const recorded = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  id: '5b0f8f3e-2a7e-4c51-9d0c-3f1d2b7a9e10',
  type: 'ProjectCreated',
  data: { name: 'sealed' },
  metadata: { actor: 'user:7', at: '2026-03-01T10:00:00.000Z', requestId: 'r1' },
  stream: 'project-0e6c2a4b-9d3f-4b8e-a1c2-7f5e6d4c3b2a',
  revision: 3n,
  position: '9007199254740993:42' as Position,
  createdAt: new Date('2026-03-01T10:00:01.000Z'),
  ...over,
});

describe('audit log mapping', () => {
  it('maps an event to actor, action, subject, time and its position', () => {
    expect(toAuditRow(recorded())).toEqual({
      eventId: '5b0f8f3e-2a7e-4c51-9d0c-3f1d2b7a9e10',
      position: '9007199254740993:42',
      tx: 9007199254740993n,
      gp: 42n,
      occurredAt: new Date('2026-03-01T10:00:00.000Z'),
      actor: 'user:7',
      action: 'ProjectCreated',
      stream: 'project-0e6c2a4b-9d3f-4b8e-a1c2-7f5e6d4c3b2a',
      revision: 3n,
      subjectKind: 'project',
      subjectId: '0e6c2a4b-9d3f-4b8e-a1c2-7f5e6d4c3b2a',
      version: 1,
    });
  });

  it('records the version a new version or an approval is about, and nothing for other events', () => {
    const at = (type: string, data: unknown) => toAuditRow(recorded({ type, data })).version;
    expect(at('ProjectVersionAdded', { version: 3, note: 'sealed' })).toBe(3);
    expect(at('ProjectApproved', { version: 2 })).toBe(2);
    expect(at('ProjectApproved', {})).toBeNull();
    expect(at('FeedbackGiven', { version: 4 })).toBeNull();
  });

  it('never copies event data into the row', () => {
    expect(
      JSON.stringify(toAuditRow(recorded()), (_k, v: unknown) =>
        typeof v === 'bigint' ? v.toString() : v,
      ),
    ).not.toContain('sealed');
  });

  it('falls back to the store time when metadata.at is missing or invalid', () => {
    const createdAt = new Date('2026-03-01T10:00:01.000Z');
    expect(
      toAuditRow(recorded({ metadata: { actor: 'system', at: 'not a date' } })).occurredAt,
    ).toEqual(createdAt);
    expect(toAuditRow(recorded({ metadata: {} as RecordedEvent['metadata'] })).occurredAt).toEqual(
      createdAt,
    );
  });

  it('marks a missing actor as unknown', () => {
    expect(
      toAuditRow(
        recorded({ metadata: { at: '2026-03-01T10:00:00Z' } as RecordedEvent['metadata'] }),
      ).actor,
    ).toBe('unknown');
  });

  it('rejects a position that is not two numbers', () => {
    expect(() => toAuditRow(recorded({ position: 'abc' as Position }))).toThrow(/position/);
  });
});

describe('stream subject', () => {
  it('splits the kind from the id at the first dash', () => {
    expect(parseSubject('user-1b2c-3d4e')).toEqual({ kind: 'user', id: '1b2c-3d4e' });
    expect(parseSubject('project-42')).toEqual({ kind: 'project', id: '42' });
  });

  it('has no id when the stream name has no kind prefix', () => {
    expect(parseSubject('settings')).toEqual({ kind: 'settings', id: null });
    expect(parseSubject('-x')).toEqual({ kind: '-x', id: null });
    expect(parseSubject('trailing-')).toEqual({ kind: 'trailing-', id: null });
  });
});
