/**
 * Planning a script with a full lexicon (10,000 entries, the most a project may hold), through the
 * real dispatcher: for a script of 300 and of 3,000 blocks, each phase's time and how long main's
 * event loop kept a cheap call (`app:getInfo`, due every few ms) waiting while it ran:
 *   - the blocks' audio states (`script:blockStates`, the editor's check after opening),
 *   - the estimate (`script:estimate`),
 *   - a render's checks (`script:startRender`; the bench's save dialog is cancelled),
 *   - a block preview's plan, for 20 blocks one after the other (`planBlock`, as script:preview).
 * "max" is the longest wait: the longest stall of main. Target: max under 50 ms.
 *
 *   npx tsx bench/lexicon-plan.ts [--blocks 300,3000] [--entries 10000] [--every-ms 5] [--smoke]
 */
import { parseArgs } from 'node:util'
import type { LexiconEntry, Project } from '../src/shared/domain/script'
import { planBlock } from '../src/main/core/script-workspace/block-states'
import { startMainBench } from './support/main-bench'
import { benchArgs, sized } from './support/smoke'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    blocks: { type: 'string', default: sized('300,3000', '40') },
    entries: { type: 'string', default: sized('10000', '500') },
    'every-ms': { type: 'string', default: '5' },
  },
})
const blockCounts = values.blocks.split(',').map(Number)
const entryCount = Number(values.entries)
const everyMs = Number(values['every-ms'])

const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'van', 'zu', 'pre', 'dor', 'quin', 'sha', 'bel', 'rax']

/** A made-up word, different for every `n`: the names a fantasy novel's lexicon is full of. */
function wordOf(n: number): string {
  let word = ''
  for (let k = n + SYLLABLES.length; k > 0; k = Math.floor(k / SYLLABLES.length)) {
    word += SYLLABLES[k % SYLLABLES.length]
  }
  return word
}

/** `count` entries: one in ten a two-word phrase, one in five case-sensitive, a few with dots. */
function lexiconOf(count: number): LexiconEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const word = wordOf(i)
    const term =
      i % 10 === 0
        ? `${word} ${wordOf(i + 7)}`
        : i % 5 === 0
          ? word.toUpperCase()
          : i % 17 === 0
            ? `${word}.`
            : word
    return { term, alias: `alias ${wordOf(i * 3)}`, matchCase: i % 5 === 0 && i % 10 !== 0 }
  })
}

const SENTENCES = [
  'The narrator walked along quiet river banks while morning light gathered over distant hills.',
  'Small boats drifted past old stone bridges, carrying stories nobody remembered!',
  'Was it the ferryman, or only the wind in the reeds?',
  'Dr. Hale wrote 3.5 pages that day; the rest stayed blank.',
]

/** `blocks` paragraphs of about 400 characters, each naming a few of the lexicon's terms. */
function scriptText(blocks: number, lexicon: readonly LexiconEntry[]): string {
  const paragraphs: string[] = []
  for (let b = 0; b < blocks; b++) {
    const parts: string[] = []
    for (let s = 0; s < 4; s++) {
      const entry = lexicon[(b * 37 + s * 11) % lexicon.length]
      parts.push(`${SENTENCES[(b + s) % SENTENCES.length]} ${entry?.term ?? ''} said so.`)
    }
    paragraphs.push(parts.join(' '))
  }
  return paragraphs.join('\n\n')
}

const bench = await startMainBench({ everyMs })
try {
  const lexicon = lexiconOf(entryCount)
  console.log(
    `lexicon of ${lexicon.length.toLocaleString('en-US')} entries; app:getInfo due every ${everyMs} ms; target max < 50 ms`,
  )
  for (const count of blockCounts) {
    console.log(`-- ${count.toLocaleString('en-US')} blocks`)
    const opened = await bench.call<{ docId: string; project: Project }>('script:importDropped', {
      fileName: `lexicon-${count}.txt`,
      text: scriptText(count, lexicon),
    })
    const project: Project = {
      ...opened.project,
      defaults: { ...opened.project.defaults, voiceId: 'george' },
      lexicon,
    }
    const { docId } = opened
    const { revision } = await bench.call<{ revision: number }>('script:saveDraft', {
      docId,
      changes: {
        meta: {
          title: project.title,
          defaults: project.defaults,
          cast: project.cast,
          lexicon,
          publishing: project.publishing,
        },
        blocks: [],
      },
    })
    await bench.probe('block states (blockStates)', () =>
      bench.call('script:blockStates', { docId }),
    )
    await bench.probe('estimate (script:estimate)', () =>
      bench.call('script:estimate', { docId, revision, format: 'wav' }),
    )
    const settings = {
      format: 'wav',
      sampleRate: 24_000,
      split: 'none',
      subtitles: 'none',
      loudness: { mode: 'service' },
    }
    await bench.probe('render checks (startRender)', () =>
      bench.call('script:startRender', { docId, revision, settings }),
    )
    await bench.probe('20 block previews (planBlock)', async () => {
      for (const block of project.blocks.slice(0, 20)) await planBlock(project, block.id)
    })
    await bench.call('script:close', { docId })
  }
} finally {
  await bench.dispose()
}
// The planning thread is unref'd, but a bench ends when its figures are printed.
process.exit(0)
