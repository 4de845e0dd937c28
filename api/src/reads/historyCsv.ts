import { historyBy, historyDetailLines, historyTitle } from '../domain/historyText.js';
import { csvText } from './csv.js';
import type { HistoryRecord } from './projectHistory.js';

export const HISTORY_CSV_HEADER = [
  'time_utc',
  'event',
  'by',
  'version',
  'details',
  'count',
  'first_time_utc',
  'event_id',
] as const;

/**
 * The history as CSV (RFC 4180): one record per line of the history page, in the page's words,
 * with the UTF-8 byte order mark spreadsheets need to read accents, and every cell that could run
 * as a formula defused. A line's details are one cell, a statement per line.
 */
export function historyCsv(record: HistoryRecord): string {
  const you = record.ownerName ?? 'Owner';
  const rows = record.lines.map((l) => [
    l.at,
    historyTitle(l),
    historyBy(l, you),
    l.version === undefined ? '' : String(l.version),
    historyDetailLines(l.details).join('\n'),
    l.count === undefined ? '' : String(l.count),
    l.firstAt ?? '',
    l.eventId,
  ]);
  return `\uFEFF${csvText([HISTORY_CSV_HEADER, ...rows])}`;
}
