import { formatCount } from '../../../../../shared/limits'

/**
 * Where a change is, in a book's terms: "Chapter 3, paragraph 12" once the blocks have chapters
 * (numbered in reading order, the paragraph counted from the chapter's start), "Paragraph 4" before
 * the first chapter. A change that names no known block says only its position.
 */
export function changePlaces(
  blocks: readonly { chapter?: string | undefined }[],
): (block: number) => string {
  const places: string[] = []
  let chapter = 0
  let paragraph = 0
  let previous: string | undefined
  for (const block of blocks) {
    if (block.chapter !== undefined && (chapter === 0 || block.chapter !== previous)) {
      chapter += 1
      paragraph = 0
    }
    previous = block.chapter
    paragraph += 1
    places.push(
      chapter === 0
        ? `Paragraph ${formatCount(paragraph)}`
        : `Chapter ${formatCount(chapter)}, paragraph ${formatCount(paragraph)}`,
    )
  }
  return (block) => places[block] ?? `Paragraph ${formatCount(block + 1)}`
}
