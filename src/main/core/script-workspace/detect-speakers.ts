/** A dialogue line: `NAME: words`, NAME a short capitalised label (letters, spaces, dots, dashes). */
const LINE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?([\p{Lu}][\p{L}\p{N} .'’-]{0,38}?)(?:\*\*|__)?\s*:\s+\S/u

/**
 * Speaker names of a dialogue script: labels that start at least two lines (`ALICE: Hi.`), or one
 * line when the label is written in capitals. Headings and link-like labels (`Note: see…` once)
 * are left out, so a stray colon in prose does not become a cast member.
 */
export function detectSpeakers(text: string): string[] {
  const counts = new Map<string, { name: string; lines: number }>()
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*#/.test(line)) continue
    const match = LINE.exec(line)
    const name = match?.[1]?.trim()
    if (!name || name.split(/\s+/).length > 3) continue
    const key = name.toLocaleLowerCase('en-US')
    const entry = counts.get(key) ?? { name, lines: 0 }
    entry.lines += 1
    counts.set(key, entry)
  }
  return [...counts.values()]
    .filter(
      (entry) =>
        entry.lines >= 2 || (entry.name === entry.name.toUpperCase() && entry.name.length > 1),
    )
    .map((entry) => entry.name)
}
