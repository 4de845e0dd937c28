import { describe, expect, it } from 'vitest';
import { PROJECT_EVENT_TYPES } from '../../../../../api/src/domain/project';
import { USER_EVENT_TYPES } from '../../../../../api/src/domain/user';
import { AUDIT_EVENT_TYPES } from '../../../../../web/src/pages/Admin/constants';

describe('audit event type filter', () => {
  it('offers exactly the event types Cusp records, none it never records', () => {
    const recorded = [...PROJECT_EVENT_TYPES, ...USER_EVENT_TYPES];
    expect([...AUDIT_EVENT_TYPES].sort()).toEqual([...recorded].sort());
  });
});
