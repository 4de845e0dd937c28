/** CSV as RFC 4180 writes it, with the cells a spreadsheet would run as a formula defused. */

/**
 * One cell: a value starting with `=`, `+`, `-`, `@` (or a tab or CR, which some spreadsheets
 * skip before reading a formula) gets a leading quote, so it stays text; a value with a quote,
 * comma or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Rows as one CSV text: CRLF after every record, the header first. */
export function csvText(rows: readonly (readonly (string | null | undefined)[])[]): string {
  return rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}
