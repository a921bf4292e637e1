import { writeFile } from 'node:fs/promises'
import type { Project, ScriptBlockInput } from '../../src/shared/domain/script'
import { createProject } from '../../src/shared/domain/script'

const WORDS = (
  'the storm rolled over the harbour while the keeper counted ships and wrote their names ' +
  'in a long book that smelled of salt rope coffee and old paper; nobody in the village ' +
  'remembered a winter as cold as this one, and every lamp along the quay burned until dawn'
).split(' ')

/**
 * A book-length project: `blocks` blocks of `wordsPerBlock` words (5,000 x 20 = 100,000 words),
 * a chapter every 250 blocks, dialogue spoken by two cast voices, some blocks with their own
 * voice, the narration in the default voice.
 */
export function bigProject(blocks = 5000, wordsPerBlock = 20): Project {
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
export async function writeBigProject(path: string, blocks = 5000, words = 20): Promise<number> {
  const project = bigProject(blocks, words)
  await writeFile(path, JSON.stringify(project))
  return blocks * words
}
