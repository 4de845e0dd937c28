import { describe, expect, it } from 'vitest';
import { formatTable, progressLine, progressPrinter } from '../../../projections/src/format.js';
import type { RebuildProgress } from '../../../projections/src/rebuild.js';

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

describe('rebuild progress output', () => {
  // What a rebuild of two projections reports: every page, the last page again at the swap.
  const reports: RebuildProgress[] = ['audit_log', 'users'].flatMap((projection) => [
    { projection, events: 2_000, total: 3_000, eventsPerSecond: 1_000, done: false },
    { projection, events: 3_000, total: 3_000, eventsPerSecond: 1_000, done: false },
    { projection, events: 3_000, total: 3_000, eventsPerSecond: 1_000, done: true },
  ]);
  const printed = (isTTY: boolean) => {
    let text = '';
    const print = progressPrinter({ isTTY, write: (s: string) => (text += s) });
    for (const p of reports) print(p);
    return text;
  };

  it('prints each bar once, when its projection is done, when the output is not a terminal', () => {
    expect(printed(false)).toBe(`${progressLine(reports[2]!)}\n${progressLine(reports[5]!)}\n`);
  });

  it('redraws the bar in place on a terminal and leaves it standing when done', () => {
    const text = printed(true);
    expect(text.split('\n')).toHaveLength(3);
    expect(text.split('\r')).toHaveLength(reports.length + 1);
    expect(text.endsWith(`${progressLine(reports[5]!)}\n`)).toBe(true);
  });
});
