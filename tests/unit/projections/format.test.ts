import { describe, expect, it } from 'vitest';
import { formatTable, progressLine } from '../../../projections/src/format.js';

describe('rebuild progress line', () => {
  it('shows the share done as a bar, the counts and the rate', () => {
    expect(
      progressLine(
        { projection: 'audit_log', events: 52_000, total: 100_000, eventsPerSecond: 14_210.4 },
        10,
      ),
    ).toBe('audit_log [#####-----]  52%  52,000/100,000 events  14,210 events/s');
  });

  it('never shows more than 100 % when events arrive during the rebuild', () => {
    expect(progressLine({ projection: 'p', events: 120, total: 100, eventsPerSecond: 0 }, 4)).toBe(
      'p [####] 100%  120/120 events  0 events/s',
    );
  });

  it('shows an empty store as done', () => {
    expect(progressLine({ projection: 'p', events: 0, total: 0, eventsPerSecond: 0 }, 4)).toBe(
      'p [####] 100%  0/0 events  0 events/s',
    );
  });
});

describe('status table', () => {
  it('pads every column to its widest cell', () => {
    expect(
      formatTable([
        ['projection', 'lag'],
        ['audit_log', '0'],
        ['x', '12345678901'],
      ]),
    ).toBe(['projection  lag', 'audit_log   0', 'x           12345678901'].join('\n'));
  });
});
