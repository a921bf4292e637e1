/**
 * Test-only: the records of an RFC 4180 CSV text (quoted fields may hold commas, doubled quotes
 * and line breaks; records end with CRLF). A leading byte-order mark is dropped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  const start = text.startsWith('\uFEFF') ? 1 : 0
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') {
        quoted = false
      } else {
        field += ch
      }
    } else if (ch === '"') {
      quoted = true
    } else if (ch === ',') {
      record.push(field)
      field = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else {
      field += ch
    }
  }
  return records
}
