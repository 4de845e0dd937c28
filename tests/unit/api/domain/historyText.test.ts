import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  historyBy,
  historyDetailLines,
  historyTime,
  historyTitle,
} from '../../../../api/src/domain/historyText.js';

const AT = '2026-12-07T09:05:00.000Z';

describe('the words of a project history', () => {
  it('says folded link openings as how many and the last time', () => {
    expect(historyTitle({ action: 'LinkOpened', count: 12, at: AT })).toBe(
      'Opened 12 times, last Dec 07, 2026 09:05 UTC',
    );
    expect(historyTitle({ action: 'LinkOpened', at: AT })).toBe('Link opened');
    expect(historyTitle({ action: 'ProjectVersionAdded', at: AT })).toBe('New version uploaded');
    expect(actionLabel('ChangesRequested')).toBe('Changes requested');
  });

  it('names who did it: the caller as told, a doctor by name, else the kind', () => {
    expect(historyBy({ actorKind: 'user', mine: true }, 'Tess Technician')).toBe('Tess Technician');
    expect(historyBy({ actorKind: 'user', mine: true })).toBe('You');
    expect(historyBy({ actorKind: 'link', mine: false, actorName: 'Dr Ana' })).toBe('Dr Ana');
    expect(historyBy({ actorKind: 'link', mine: false })).toBe('Doctor (public link)');
  });

  it('says what an event changed, a statement a line', () => {
    expect(
      historyDetailLines({
        from: 'approved',
        to: 'pending_review',
        note: 'Margin lengthened',
        added: ['Crown 16 v2.stl'],
        removed: ['Crown 16.stl', 'Old.stl'],
        checklist: [
          { item: 'margins', answer: 'acceptable' },
          { item: 'shade_material', answer: 'not_assessed' },
        ],
      }),
    ).toEqual([
      'Status: Approved → Pending Review',
      'Note: Margin lengthened',
      'Added: Crown 16 v2.stl',
      'Removed: Crown 16.stl, Old.stl',
      'Checklist: Margins: Acceptable; Shade and material: Not assessed',
    ]);
    expect(historyDetailLines({ recipient: 'ana@clinic.example' })).toEqual([
      'Sent to: ana@clinic.example',
    ]);
    expect(historyDetailLines({ expiresAt: AT, pin: 'set' })).toEqual([
      'Expires: Dec 07, 2026 09:05 UTC',
      'PIN set',
    ]);
    expect(historyDetailLines({ expiresAt: null, pin: 'cleared' })).toEqual([
      'Expiry: none',
      'PIN removed',
    ]);
    expect(historyDetailLines({ pin: 'unchanged' })).toEqual([]);
    expect(historyDetailLines(undefined)).toEqual([]);
  });

  it('writes times in UTC, and nothing for an invalid one', () => {
    expect(historyTime('2025-03-05T14:03:59Z')).toBe('Mar 05, 2025 14:03 UTC');
    expect(historyTime('not a time')).toBe('');
  });
});
