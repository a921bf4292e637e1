import type { PdfLine } from './pdf-lines'

/** A bare page number as printed: "12", "- 12 -", "Page 12", "12 of 300", "xiv". */
const PAGE_NUMBER =
  /^(?:page\s+)?[-–—\s]*(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:of|\/)\s*\d{1,5})?[-–—\s]*$/i

/** How many of a page's first or last lines may be running heads or feet. */
const BAND_LINES = 2

/** The share of the page height at its top and bottom where heads and feet stand. */
const BAND_SHARE = 0.15

/** A running head or foot's text with its numbers masked, so "Page 3" and "Page 4" match. */
function chromeKey(line: PdfLine, band: 'top' | 'bottom'): string {
  return `${band}|${line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')}`
}

/** The lines of a page that stand in its top or bottom band, by position among its lines. */
function bandLines(
  lines: readonly PdfLine[],
  height: number,
): { line: PdfLine; band: 'top' | 'bottom' }[] {
  const out: { line: PdfLine; band: 'top' | 'bottom' }[] = []
  const byHeight = [...lines].sort((a, b) => b.y - a.y)
  for (const line of byHeight.slice(0, BAND_LINES)) {
    if (line.y >= height * (1 - BAND_SHARE)) out.push({ line, band: 'top' })
  }
  for (const line of byHeight.slice(-BAND_LINES)) {
    if (line.y <= height * BAND_SHARE && !out.some((o) => o.line === line)) {
      out.push({ line, band: 'bottom' })
    }
  }
  return out
}

/**
 * Takes the running heads and feet and the bare page numbers out of each page's lines. A head or
 * foot is a line among a page's first or last two, in the top or bottom band, whose text (numbers
 * masked) stands in the same band on at least three pages (on both pages of a two-page document):
 * why three and not "most pages": books alternate heads (the book's title on the left page, the
 * chapter's on the right) and a chapter's title heads only its own pages. A page number is a
 * band line that is nothing but a number. Returns how many lines went.
 */
export function removePageChrome(pages: { lines: PdfLine[]; height: number }[]): number {
  const counts = new Map<string, number>()
  const bands = pages.map((page) => bandLines(page.lines, page.height))
  for (const band of bands) {
    const seen = new Set<string>()
    for (const { line, band: where } of band) seen.add(chromeKey(line, where))
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const needed = pages.length === 2 ? 2 : 3
  let removed = 0
  pages.forEach((page, i) => {
    const drop = new Set<PdfLine>()
    for (const { line, band } of bands[i] ?? []) {
      if (PAGE_NUMBER.test(line.text) || (counts.get(chromeKey(line, band)) ?? 0) >= needed) {
        drop.add(line)
      }
    }
    if (drop.size === 0) return
    removed += drop.size
    page.lines = page.lines.filter((l) => !drop.has(l))
  })
  return removed
}
