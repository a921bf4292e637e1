/** A finding from the Electronegativity report, as `npm run security` reads it. */
export interface Finding {
  check: string
  severity: string
  confidence: string
  file: string
  location: string
  sample: string
}

/** An issue as Electronegativity's `run()` returns it (the fields read here). */
export interface ScanIssue {
  id: string
  severity?: { name: string }
  confidence?: { name: string }
  file?: string
  location?: { line: number; column: number }
  sample?: string
}

/** The scan's issues as findings, paths in forward slashes. */
export function toFindings(issues: ScanIssue[]): Finding[]
