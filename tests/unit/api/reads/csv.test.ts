import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../../../api/src/reads/csv.js';
import { parseCsv } from '../../../support/csv.js';

describe('CSV cells and records', () => {
  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const v of ['=SUM(A1)', '+1', '-2', '@cmd', '\t=1', '\r=1']) {
      expect(csvCell(v).replace(/^"/, '').startsWith("'"), JSON.stringify(v)).toBe(true);
    }
    expect(csvCell('Dr =Ana')).toBe('Dr =Ana');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and reads back the same', () => {
    const rows = [
      ['a', 'b,c', 'say "hi"', 'line 1\nline 2', ''],
      ['Núñez', null, undefined, '=1+2', 'x\r\ny'],
    ];
    const text = csvText(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['a', 'b,c', 'say "hi"', 'line 1\nline 2', ''],
      ['Núñez', '', '', "'=1+2", 'x\r\ny'],
    ]);
  });
});
