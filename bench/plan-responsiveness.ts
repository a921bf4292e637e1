/**
 * Main's responsiveness while a long script is worked on. Through the real dispatcher (the same
 * handlers and services the app runs, signed in to a sandbox on loopback), a cheap call (`app:getInfo`) is sent every few ms, as a
 * window would, while one block of 1,000,000 characters (the most a block may hold: a `.txt`
 * without blank lines) is:
 *   - imported (`script:importDropped`),
 *   - planned for its audio states (`script:blockStates`),
 *   - estimated (`script:estimate`),
 *   - started as a render (`script:startRender`: its check before the save dialog; the bench's
 *     dialog is cancelled),
 *   - planned as a render run and a block preview plan it (`planRenderOffMain`, the call
 *     render-run.ts and planBlock make; a render pays it once more after the dialog).
 * Each cheap call's round trip is counted from the moment it was due, so a call that waited for a
 * busy event loop shows the wait. Prints p50, p99 and max per phase, and how long each phase took.
 * Target: p99 under 50 ms.
 *
 *   npx tsx bench/plan-responsiveness.ts [--chars 1000000] [--every-ms 5] [--smoke]
 */
import { parseArgs } from 'node:util'
import { MAX_BLOCK_TEXT } from '../src/shared/domain/script'
import type { Project } from '../src/shared/domain/script'
import { planRenderOffMain } from '../src/main/core/narration/offload/plan-offload'
import { startMainBench } from './support/main-bench'
import { benchArgs, sized } from './support/smoke'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    // The smoke size still crosses OFF_MAIN_MIN_CHARS, so the planning thread is exercised.
    chars: { type: 'string', default: sized(String(MAX_BLOCK_TEXT), '40000') },
    'every-ms': { type: 'string', default: '5' },
  },
})
const targetChars = Number(values.chars)
const everyMs = Number(values['every-ms'])

const SENTENCES = [
  'The narrator walked along quiet river banks while morning light gathered over distant hills.',
  'Small boats drifted past old stone bridges, carrying stories nobody remembered!',
  'Was it the ferryman, or only the wind in the reeds?',
  'Dr. Hale wrote 3.5 pages that day; the rest stayed blank.',
]

/** One block of plain text, single-spaced sentences and no blank line, `chars` long. */
function bookText(chars: number): string {
  const parts: string[] = []
  let size = 0
  for (let i = 0; size < chars; i++) {
    const sentence = SENTENCES[i % SENTENCES.length] ?? ''
    parts.push(sentence)
    size += sentence.length + 1
  }
  return parts.join(' ').slice(0, chars).trimEnd()
}

const bench = await startMainBench({ everyMs })
const { call, probe } = bench
try {
  const text = bookText(targetChars)
  console.log(
    `one block of ${(text.length / 1024).toFixed(0)} KB (no blank line), app:getInfo due every ${everyMs} ms; target p99 < 50 ms`,
  )
  await probe('idle', () => new Promise((resolve) => setTimeout(resolve, 500)))
  let opened: { docId: string; project: { defaults: Record<string, unknown> } } | null = null
  await probe('import (importDropped)', async () => {
    opened = await call('script:importDropped', { fileName: 'book.txt', text })
  })
  const doc = opened as unknown as {
    docId: string
    project: { title: string; defaults: Record<string, unknown>; cast: unknown; lexicon: unknown }
  }
  const defaults = { ...doc.project.defaults, voiceId: 'george' }
  const { revision } = await call<{ revision: number }>('script:saveDraft', {
    docId: doc.docId,
    changes: {
      meta: { title: doc.project.title, defaults, cast: doc.project.cast, lexicon: [] },
      blocks: [],
    },
  })
  await probe('plan (blockStates)', () => call('script:blockStates', { docId: doc.docId }))
  const project = { ...doc.project, defaults }
  await probe('estimate (script:estimate)', () =>
    call('script:estimate', { docId: doc.docId, revision, format: 'wav' }),
  )
  const settings = {
    format: 'wav',
    sampleRate: 24_000,
    split: 'none',
    subtitles: 'none',
    loudness: { mode: 'service' },
  }
  await probe('render start (startRender)', () =>
    call('script:startRender', { docId: doc.docId, revision, settings }),
  )
  await probe('render/preview plan', () => planRenderOffMain(project as unknown as Project))
} finally {
  await bench.dispose()
}
// The planning thread is unref'd, but a bench ends when its figures are printed.
process.exit(0)
