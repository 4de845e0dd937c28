import { describe, expect, it } from 'vitest';
import {
  PUBLIC_USER_ID,
  type ProjectCreated,
  type ProjectEvent,
} from '../../../../api/src/domain/project.js';
import { dueForRetention, retentionCutoff } from '../../../../api/src/retention/sweep.js';

const created = (userId: string, createdAt: string): ProjectCreated => ({
  type: 'ProjectCreated',
  data: {
    projectId: '6f1c3f0e-1d5b-4a8e-9a51-0c7e4f9a2b10',
    userId,
    name: 'v1:sealed',
    patientName: 'v1:sealed',
    laboratoryName: 'v1:sealed',
    comment: null,
    status: 'pending',
    models: [],
    createdAt,
  },
});
const CREATED_AT = '2024-02-29T12:00:00.000Z';
const anonymous: ProjectEvent[] = [created(PUBLIC_USER_ID, CREATED_AT)];

describe('retentionCutoff', () => {
  it('is 365 days of 24 hours before now, leap day or not', () => {
    expect(retentionCutoff(new Date('2025-02-28T12:00:00.000Z')).toISOString()).toBe(CREATED_AT);
  });
});

describe('dueForRetention', () => {
  const at = (iso: string) => retentionCutoff(new Date(iso));

  it('is due exactly 365 days after creation, not a millisecond before', () => {
    expect(dueForRetention(anonymous, at('2025-02-28T12:00:00.000Z'))).toBe(true);
    expect(dueForRetention(anonymous, at('2025-02-28T11:59:59.999Z'))).toBe(false);
    expect(dueForRetention(anonymous, at('2025-02-27T12:00:00.000Z'))).toBe(false);
  });

  it("never takes a signed-in user's project", () => {
    const own = [created('2b0f7f9e-8a53-4c61-bb7e-5d2e9c4f0a11', CREATED_AT)];
    expect(dueForRetention(own, at('2035-01-01T00:00:00.000Z'))).toBe(false);
  });

  it('skips a project already deleted, and a stream with no project', () => {
    const deleted: ProjectEvent[] = [
      ...anonymous,
      {
        type: 'ProjectDeleted',
        data: {
          projectId: '6f1c3f0e-1d5b-4a8e-9a51-0c7e4f9a2b10',
          userId: PUBLIC_USER_ID,
          reason: 'owner',
          deletedAt: '2024-03-01T00:00:00.000Z',
        },
      },
    ];
    expect(dueForRetention(deleted, at('2030-01-01T00:00:00.000Z'))).toBe(false);
    expect(dueForRetention([], at('2030-01-01T00:00:00.000Z'))).toBe(false);
  });
});
