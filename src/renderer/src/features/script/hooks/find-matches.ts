/** What the find bar looks for. */
export interface FindQuery {
  text: string
  regex: boolean
  matchCase: boolean
}

/** A compiled query, or an error message for an invalid regular expression. */
export function compileQuery(query: FindQuery): { pattern: RegExp | null; error: string | null } {
  if (query.text === '') return { pattern: null, error: null }
  const flags = query.matchCase ? 'gu' : 'giu'
  try {
    const source = query.regex ? query.text : query.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return { pattern: new RegExp(source, flags), error: null }
  } catch (error) {
    return {
      pattern: null,
      error: error instanceof Error ? error.message : 'Invalid regular expression.',
    }
  }
}

/** Every match in a text (empty matches skipped), as [start, end) ranges. */
export function matchesIn(text: string, pattern: RegExp): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = []
  pattern.lastIndex = 0
  for (const m of text.matchAll(pattern)) {
    if (m[0].length === 0) continue
    out.push({ start: m.index, end: m.index + m[0].length })
  }
  return out
}

/** Replaces every match (regex replacements may use $1 groups). */
export function replaceAllIn(
  text: string,
  pattern: RegExp,
  replacement: string,
  regex: boolean,
): string {
  pattern.lastIndex = 0
  return regex ? text.replace(pattern, replacement) : text.replace(pattern, () => replacement)
}
