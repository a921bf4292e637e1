import type { LexiconImportResult } from '../../../../../shared/domain/lexicon-layers'

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`
}

/** What an import did, in a sentence: how many were added and how many could not be used. */
export function importSummary(result: LexiconImportResult, where: string): string {
  const added = `Added ${plural(result.entries.length, 'pronunciation', 'pronunciations')} to ${where}.`
  const { count, example } = result.skipped
  if (count === 0) return added
  const which = example === null ? '' : ` (such as “${example}”)`
  return `${added} ${plural(count, 'word was', 'words were')} skipped${which}: ${count === 1 ? 'it gives' : 'they give'} only a phonetic spelling, and voices here need a written “say it as”.`
}

/** What an export wrote, in a sentence. */
export function exportSummary(written: {
  fileName: string
  location: string
  count: number
}): string {
  return `Saved ${plural(written.count, 'pronunciation', 'pronunciations')} to “${written.fileName}” in ${written.location}.`
}
