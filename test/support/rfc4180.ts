/**
 * A small RFC 4180 reader for the tests, written apart from the app's writer so a round trip checks the
 * writer against the standard rather than against itself: quoted fields, doubled quotes, separators and
 * line breaks inside quotes, CRLF record ends. The byte-order mark, if any, is removed first.
 */
export function parseCsv(text: string, separator: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < body.length) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        field += ch;
        i += 1;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === separator) {
      record.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (ch === '"' || ch === '\r' || ch === '\n') {
      throw new Error(`A bare ${JSON.stringify(ch)} outside quotes at ${i}: not RFC 4180.`);
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('A quoted field is not closed.');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
