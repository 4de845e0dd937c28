import { describe, expect, it } from 'vitest';
import { fromRow, type ThreadItemRow } from '../../../../projections/src/thread/stored.js';

const P = '11111111-1111-4111-8111-111111111111';
const at = '2025-03-05T10:00:00.000Z';

const stored = (tool_state: ThreadItemRow['tool_state']): ThreadItemRow => ({
  id: '44444444-4444-4444-8444-444444444441',
  project_id: P,
  kind: 'comment',
  parent_id: null,
  author_role: 'doctor',
  author_name: 'v1:n',
  author_email: null,
  body: 'v1:b',
  anchor: '{"modelId":"m1","place":"v1:place"}',
  tool_state,
  version: 1,
  status: null,
  changes_requested: false,
  checklist: null,
  created_at: at,
  resolved_at: null,
  resolved_by: null,
  created_revision: '1',
  revision: '1',
});

describe('thread read model: stored lines', () => {
  it('reads a saved view sealed or clear, parsed by the driver or as jsonb text', () => {
    const clear = { version: 1, camera: { position: [0, 0, 9] }, measurements: [], section: null };
    expect(fromRow(stored('v1:view')).toolState).toBe('v1:view');
    expect(fromRow(stored('"v1:view"')).toolState).toBe('v1:view');
    expect(fromRow(stored(JSON.stringify(clear))).toolState).toEqual(clear);
    expect(fromRow(stored(clear as never)).toolState).toEqual(clear);
    expect(fromRow(stored(null))).toMatchObject({
      toolState: null,
      anchor: { modelId: 'm1', place: 'v1:place' },
    });
  });
});
