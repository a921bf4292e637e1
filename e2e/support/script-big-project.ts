import { writeFile } from 'node:fs/promises'
import type { Project, ScriptBlockInput } from '../../src/shared/domain/script'
import { createProject } from '../../src/shared/domain/script'
import type { TextMark } from '../../src/shared/domain/text-marks'

const WORDS = (
  'the storm rolled over the harbour while the keeper counted ships and wrote their names ' +
  'in a long book that smelled of salt rope coffee and old paper; nobody in the village ' +
  'remembered a winter as cold as this one, and every lamp along the quay burned until dawn'
).split(' ')

/**
 * Marks a creator might put on a block of a long book: a word stressed in every block, an emotion
 * on the first half of every third, dialogue slowed at its end, a pause in every seventh.
 */
function marksFor(i: number, text: string): TextMark[] {
  const firstSpace = text.indexOf(' ')
  const secondSpace = text.indexOf(' ', firstSpace + 1)
  const marks: TextMark[] = [
    { kind: 'emphasis', start: firstSpace + 1, end: secondSpace, value: 'moderate' },
  ]
  const half = text.lastIndexOf(' ', Math.floor(text.length / 2))
  if (i % 3 === 0) marks.push({ kind: 'emotion', start: 0, end: half, value: 'warm' })
  if (i % 5 === 1 || i % 5 === 2) {
    marks.push({ kind: 'rate', start: half + 1, end: text.length - 1, value: 'slow' })
  }
  if (i % 7 === 0) marks.push({ kind: 'pause', start: half, end: half, ms: 400 })
  return marks
}

/**
 * A book-length project: `blocks` blocks of `wordsPerBlock` words (5,000 x 20 = 100,000 words),
 * a chapter every 250 blocks, dialogue spoken by two cast voices, some blocks with their own
 * voice, the narration in the default voice; with `marks`, expressive marks on every block.
 */
export function bigProject(blocks = 5000, wordsPerBlock = 20, marks = false): Project {
  const list: ScriptBlockInput[] = []
  for (let i = 0; i < blocks; i++) {
    const words: string[] = []
    for (let w = 0; w < wordsPerBlock; w++) words.push(WORDS[(i * 13 + w) % WORDS.length]!)
    const text = `${words.join(' ')}.`
    const block: ScriptBlockInput = {
      id: `block-${String(i).padStart(5, '0')}`,
      text: text.charAt(0).toUpperCase() + text.slice(1),
      chapter: `Chapter ${Math.floor(i / 250) + 1}`,
    }
    if (marks && wordsPerBlock >= 4) block.marks = marksFor(i, block.text)
    if (i % 5 === 1) block.speaker = 'ALICE'
    else if (i % 5 === 2) block.speaker = 'BOB'
    else if (i % 17 === 0) block.voiceId = 'george'
    list.push(block)
  }
  return createProject({
    title: 'The keeper of the harbour',
    defaults: { voiceId: 'olivia' },
    cast: { ALICE: 'emma', BOB: 'george' },
    lexicon: [{ term: 'quay', alias: 'key' }],
    blocks: list,
  })
}

/** Writes the book as a .voicedesk project file; returns its word count. */
export async function writeBigProject(
  path: string,
  blocks = 5000,
  words = 20,
  marks = false,
): Promise<number> {
  const project = bigProject(blocks, words, marks)
  await writeFile(path, JSON.stringify(project))
  return blocks * words
}
