/** A finding from the Electronegativity report, as `npm run security` reads it. */
export interface Finding {
  check: string
  severity: string
  confidence: string
  file: string
  location: string
  sample: string
}

/** Splits one CSV line as Electronegativity writes it. */
export function parseCsvLine(line: string): string[]
/** Reads the report; null when a row is garbled. */
export function parseFindings(csv: string): Finding[] | null
