/**
 * Bench: render a long script (20,000 words by default, ~100-word paragraphs) on paid limits
 * against the sandbox with a fixed service time S, to WAV. Prints:
 *  - makespan / theoretical minimum, the minimum being max((N-1)/r + S, ceil(N/c)*S) for N
 *    requests, rate r and in-flight limit c (target at most 1.10);
 *  - the number of 429 answers (target 0);
 *  - peak memory growth during the render (target under 150 MB): RSS of this process (the
 *    engine and client; the sandbox runs in a child process of its own, as the service would)
 *    and the main isolate's heap plus array buffers; the planning thread's own RSS on a line of
 *    its own, since it is started before the render as in the app (under tsx it also compiles
 *    the planner's sources, so it costs more here than bundled);
 *  - the time of a re-render after a one-paragraph edit relative to a one-request render (target
 *    under 2x). Most of a re-render is the operating system's copy of the previous file (387 MB
 *    of WAV here) into fresh page cache, so this ratio follows the machine's memory: on a virtual
 *    machine whose balloon reports free pages to the host, memory touched for the first time since
 *    it was given back faults on the host, the copy runs at about 400 MB/s instead of several
 *    GB/s (a profile shows the kernel's memcpy), and the ratio reads 3 to 4 where it reads 1.5
 *    with warm memory. Compare two builds on the same machine, run after run.
 * The sandbox's synthesis cache is warmed first (outside the measurement, by a separate process
 * with a throw-away engine cache) so each answer takes exactly S instead of espeak's CPU time on a
 * shared machine.
 *
 *   npx tsx bench/narration-render.ts [--words 20000] [--service-ms 250] [--stages] [--smoke]
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { PLAN_LIMITS } from '../src/shared/domain/account'
import { createProject } from '../src/shared/domain/script'
import type { Project } from '../src/shared/domain/script'
import { spawnDevSandbox } from '../src/main/dev-sandbox'
import { createUpstreamClient } from '../src/main/core/upstream/upstream-client'
import { createLogger } from '../src/main/core/log/logger'
import { openPieceCache } from '../src/main/core/narration/fetch/piece-cache'
import { startRender } from '../src/main/core/narration/render/render-job'
import { planRender } from '../src/main/core/narration/plan/render-plan'
import { planRenderOffMain } from '../src/main/core/narration/offload/plan-offload'
import { upstreamSpeechSource } from '../src/main/core/narration/fetch/upstream-speech-source'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    words: { type: 'string', default: sized('20000', '30') },
    'service-ms': { type: 'string', default: sized('250', '20') },
    stages: { type: 'boolean', default: false },
    // Internal: warm a running sandbox from a separate process, then exit.
    'warm-base-url': { type: 'string' },
    'warm-key': { type: 'string' },
    'warm-dir': { type: 'string' },
  },
})
const words = Number(values.words)
const serviceMs = Number(values['service-ms'])
const limits = PLAN_LIMITS.paid

const VOCABULARY =
  'the narrator walked along quiet river banks while morning light gathered over distant hills and small boats drifted past old stone bridges carrying stories nobody remembered'.split(
    ' ',
  )

function paragraph(index: number, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    const word = VOCABULARY[(index * 7 + i * 13 + Math.floor(i / 5)) % VOCABULARY.length]!
    out.push(i % 12 === 0 ? word[0]!.toUpperCase() + word.slice(1) : word)
    if (i % 12 === 11) out[out.length - 1] += '.'
  }
  return `Paragraph ${index + 1}. ${out.join(' ')}.`
}

function script(totalWords: number, edited = -1): Project {
  const blocks = []
  for (let i = 0, left = totalWords; left > 0; i++, left -= 100) {
    const text = paragraph(i, Math.min(100, left))
    blocks.push({ id: `p${i + 1}`, text: i === edited ? `${text} An edited ending.` : text })
  }
  return createProject({ blocks, defaults: { voiceId: 'george', format: 'wav' } })
}

// --stages: the engine's stage timings of the re-render, on stderr.
const stageLogger = createLogger({
  level: 'debug',
  sink: (line) => {
    if (line.includes('render stage')) process.stderr.write(`${line}\n`)
  },
})

if (values['warm-base-url'] !== undefined) {
  // The warm-up runs in a process of its own, so the measured process starts without the heap
  // and buffers two earlier renders leave behind (they would hide part of its memory growth).
  const warmClient = createUpstreamClient({
    baseUrl: values['warm-base-url'],
    credential: { kind: 'apiKey', secret: values['warm-key']! },
    limits,
  })
  const warmSource = upstreamSpeechSource(warmClient)
  const warmDir = values['warm-dir']!
  const warm = await openPieceCache(join(warmDir, 'warm'))
  for (const project of [script(words), script(words, Math.floor(words / 200))]) {
    await startRender({
      project,
      outputPath: join(warmDir, 'warm.wav'),
      source: warmSource,
      cache: warm,
    }).done
  }
  warmClient.close()
  process.exit(0)
}

const dir = await mkdtemp(join(tmpdir(), 'vd-bench-narration-'))
// The sandbox runs in its own process, as the service would, so the memory figures below are
// VoiceDesk's alone (the sandbox's synthesis cache and workers would otherwise be counted).
const sandbox = await spawnDevSandbox({
  projectRoot: fileURLToPath(new URL('..', import.meta.url)),
  nodeBinary: process.execPath,
  extraArgs: ['--service-time-ms', String(serviceMs), '--synth-cache-mb', '1024'],
})
const clearRequestLog = async (): Promise<void> => {
  await fetch(`${sandbox.baseUrl}/sandbox/requests`, { method: 'DELETE' })
}
const speechStatuses = async (): Promise<number[]> => {
  const answer = await fetch(`${sandbox.baseUrl}/sandbox/requests?path=/v1/audio/speech`)
  const { requests } = (await answer.json()) as { requests: { status: number }[] }
  return requests.map((entry) => entry.status)
}
const client = createUpstreamClient({
  baseUrl: sandbox.baseUrl,
  credential: { kind: 'apiKey', secret: sandbox.apiKey },
  limits,
})
const source = upstreamSpeechSource(client)
try {
  const project = script(words)
  const edited = script(words, Math.floor(project.blocks.length / 2))
  const single = createProject({ blocks: [project.blocks[0]!], defaults: project.defaults })
  const n = planRender(project).pieces.length
  process.stdout.write(`Warming the sandbox with ${n + 1} pieces (not measured)...\n`)
  const warming = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      '--words',
      String(words),
      '--warm-base-url',
      sandbox.baseUrl,
      '--warm-key',
      sandbox.apiKey,
      '--warm-dir',
      dir,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (warming.status !== 0)
    throw new Error(`the warm-up process failed (${String(warming.status)})`)
  await rm(join(dir, 'warm'), { recursive: true, force: true })
  await rm(join(dir, 'warm.wav'), { force: true })
  await new Promise((resolve) => setTimeout(resolve, sized(2000, 100)))
  await clearRequestLog()

  const cache = await openPieceCache(join(dir, 'cache'))
  // Planned the way the app plans a render: on the planning thread, before the render starts
  // (ScriptWorkspaceService.startRender hands the plan over). In the app that thread is already
  // running, started by the editor's estimates, so its memory is not the render's: it is
  // measured here on its own line. The command line starts it within its render.
  const beforeThread = process.memoryUsage().rss
  const plan = await planRenderOffMain(project)
  const threadRss = process.memoryUsage().rss - beforeThread
  await new Promise((resolve) => setTimeout(resolve, sized(1000, 100)))
  const baseRss = process.memoryUsage().rss
  const base = process.memoryUsage()
  const baseHeap = base.heapUsed + base.arrayBuffers
  let peakRss = baseRss
  let peakHeap = baseHeap
  let peakAt = base
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    if (m.heapUsed + m.arrayBuffers > peakHeap) {
      peakHeap = m.heapUsed + m.arrayBuffers
      peakAt = m
    }
  }, 20)
  const started = performance.now()
  const result = await startRender({
    project,
    plan,
    outputPath: join(dir, 'book.wav'),
    source,
    cache,
  }).done
  const makespan = (performance.now() - started) / 1000
  clearInterval(sampler)
  const minimum = Math.max(
    (n - 1) / limits.requestsPerSecond + serviceMs / 1000,
    Math.ceil(n / limits.maxInFlight) * (serviceMs / 1000),
  )
  const throttled = (await speechStatuses()).filter((status) => status === 429).length

  await new Promise((resolve) => setTimeout(resolve, sized(1500, 100)))
  let t = performance.now()
  await startRender({
    project: single,
    outputPath: join(dir, 'one.wav'),
    source,
    cache: await openPieceCache(join(dir, 'one')),
  }).done
  const oneRequest = (performance.now() - t) / 1000
  await new Promise((resolve) => setTimeout(resolve, sized(1500, 100)))
  t = performance.now()
  const rerender = await startRender({
    project: edited,
    outputPath: join(dir, 'book.wav'),
    source,
    cache,
    ...(values.stages ? { logger: stageLogger } : {}),
  }).done
  const rerenderSeconds = (performance.now() - t) / 1000
  // A second edit, to another paragraph, re-rendered the same way: the first re-render is also
  // the first time since the full render that hundreds of megabytes of new file pages are made,
  // which costs much more on some machines (see the closing figures).
  await new Promise((resolve) => setTimeout(resolve, sized(1500, 100)))
  const twiceEdited = script(words, Math.floor(project.blocks.length / 2))
  twiceEdited.blocks[Math.floor(project.blocks.length / 4)]!.text += ' A second edit.'
  t = performance.now()
  const second = await startRender({
    project: twiceEdited,
    outputPath: join(dir, 'book.wav'),
    source,
    cache,
    ...(values.stages ? { logger: stageLogger } : {}),
  }).done
  const secondSeconds = (performance.now() - t) / 1000

  const mb = (bytes: number): string => (bytes / 1024 ** 2).toFixed(1)
  process.stdout.write(
    [
      `words: ${words}, blocks: ${project.blocks.length}, requests: ${n}, audio: ${(result.durationSeconds / 60).toFixed(1)} min, service time: ${serviceMs} ms`,
      `makespan: ${makespan.toFixed(2)} s, theoretical minimum: ${minimum.toFixed(2)} s, ratio: ${(makespan / minimum).toFixed(3)} (target <= 1.10)`,
      `429 answers: ${throttled} (target 0)`,
      `planning thread (started before the render, as the app's estimates start it): RSS ${mb(threadRss)} MB`,
      `peak memory growth: RSS ${mb(peakRss - baseRss)} MB (this process; the sandbox runs in its own), main heap + buffers ${mb(peakHeap - baseHeap)} MB (heap ${mb(peakAt.heapUsed - base.heapUsed)}, buffers ${mb(peakAt.arrayBuffers - base.arrayBuffers)}) (target < 150 MB)`,
      `re-render after a one-paragraph edit: ${rerenderSeconds.toFixed(2)} s (${rerender.requests} request, ${rerender.method}), one-request render: ${oneRequest.toFixed(2)} s, ratio: ${(rerenderSeconds / oneRequest).toFixed(2)} (target < 2)`,
      `re-render after a second one-paragraph edit: ${secondSeconds.toFixed(2)} s (${second.requests} request, ${second.method}), ratio: ${(secondSeconds / oneRequest).toFixed(2)}`,
    ].join('\n') + '\n',
  )
} finally {
  client.close()
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
}
