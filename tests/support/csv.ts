/**
 * An RFC 4180 reader for tests: records end with CRLF, a quoted field may hold commas, quotes
 * (doubled) and line breaks. Throws on what the RFC does not allow (a bare quote in an unquoted
 * field, a lone CR or LF between records), so a test reads back only well-formed CSV.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    if (i >= text.length) break;
    throw new Error(`a record must end with CRLF (at ${i})`);
  }
  if (row.length > 0) rows.push(row);
  return rows;
}
