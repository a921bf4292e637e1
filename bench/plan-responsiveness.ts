/**
 * Main's responsiveness while a long script is worked on. Through the real dispatcher (the same
 * handlers and services the app runs), a cheap call (`app:getInfo`) is sent every few ms, as a
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
 *   npx tsx bench/plan-responsiveness.ts [--chars 1000000] [--every-ms 5]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { MemorySecretStore } from '../src/main/core/secrets/memory-secret-store'
import type { SenderInfo } from '../src/main/ipc/dispatch'
import { createMainRuntime } from '../src/main/runtime'
import { createTestPlatform } from '../src/main/testing/test-platform'
import { silentLogger } from '../src/main/core/log/logger'
import { MAX_BLOCK_TEXT } from '../src/shared/domain/script'
import type { Project } from '../src/shared/domain/script'
import { planRenderOffMain } from '../src/main/core/narration/offload/plan-offload'

const { values } = parseArgs({
  options: {
    chars: { type: 'string', default: String(MAX_BLOCK_TEXT) },
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

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? 0
}

const dir = await mkdtemp(join(tmpdir(), 'vd-plan-bench-'))
const { ports } = createTestPlatform({ unansweredDialogs: 'cancel' })
const runtime = await createMainRuntime({
  userDataDir: dir,
  secretStore: new MemorySecretStore(),
  logger: silentLogger,
  platform: ports,
  appOrigins: () => true,
})
const sender: SenderInfo = {
  webContentsId: 1,
  isMainFrame: true,
  url: 'app://voicedesk/index.html',
  isWebview: false,
}
const emit = (): void => undefined

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await runtime.dispatch(channel, input, sender, emit)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.data as T
}

/** Runs `work` while `app:getInfo` is due every `everyMs`; prints its round trips. */
async function probe(label: string, work: () => Promise<unknown>): Promise<void> {
  const samples: number[] = []
  let running = true
  const start = performance.now()
  const prober = (async () => {
    for (let k = 1; running; k++) {
      const due = start + k * everyMs
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      // A call that could not be sent on time (main was busy) still counts from when it was due.
      await call('app:getInfo', undefined)
      // A timer may fire a fraction of a ms early: such a call waited for nothing.
      samples.push(Math.max(0, performance.now() - due))
    }
  })()
  await work()
  const elapsed = performance.now() - start
  running = false
  await prober
  const sorted = samples.sort((a, b) => a - b)
  const f = (v: number): string => v.toFixed(1).padStart(8)
  console.log(
    `${label.padEnd(26)} ${(elapsed / 1000).toFixed(2).padStart(6)} s   calls ${String(sorted.length).padStart(5)}   p50 ${f(percentile(sorted, 50))} ms   p99 ${f(percentile(sorted, 99))} ms   max ${f(sorted.at(-1) ?? 0)} ms`,
  )
}

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
  await runtime.dispose()
  await rm(dir, { recursive: true, force: true })
}
// The planning thread is unref'd, but a bench ends when its figures are printed.
process.exit(0)
