/**
 * Bench: a 90-minute film's 1,500 cues rendered as a voice-over (fit `rate`, one voice, WAV) on
 * paid limits against the sandbox with a fixed service time S. Prints the makespan against the
 * service's bound, worked out as bench/narration-render.ts does: max((N-1)/r + S, ceil(N/c)*S)
 * for the N speech requests the sandbox logged (repeats for a pace asked again included), rate r
 * and in-flight limit c (target at most 1.10); the 429 answers (target 0); and when the last
 * answer came in, so the time after it (measuring, fitting, writing) is seen apart.
 * The sandbox's synthesis cache is warmed first by a separate process with a throw-away engine
 * cache and the same (empty) paces, so it sends the same requests and each answer takes exactly S.
 *
 *   npx tsx bench/voiceover-render.ts [--cues 1500] [--minutes 90] [--service-ms 250] [--smoke]
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { PLAN_LIMITS } from '../src/shared/domain/account'
import { spawnDevSandbox } from '../src/main/dev-sandbox'
import { createUpstreamClient } from '../src/main/core/upstream/upstream-client'
import { openPieceCache } from '../src/main/core/narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../src/main/core/narration/fetch/upstream-speech-source'
import { DEFAULT_FIT_LIMITS } from '../src/main/core/voiceover/line-fit'
import { linesOrRefuse } from '../src/main/core/voiceover/subtitle-check'
import { parseSubtitleText } from '../src/main/core/voiceover/subtitle-parse'
import { VoicePaces } from '../src/main/core/voiceover/voice-pace'
import type { VoiceoverSettings } from '../src/main/core/voiceover/voiceover-plan'
import { renderVoiceover } from '../src/main/core/voiceover/voiceover-render'
import { filmSubtitles } from './support/film-subtitles'
import { benchArgs, sized } from './support/smoke'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    cues: { type: 'string', default: sized('1500', '40') },
    minutes: { type: 'string', default: sized('90', '3') },
    'service-ms': { type: 'string', default: sized('250', '20') },
    // Internal: warm a running sandbox from a separate process, then exit.
    'warm-base-url': { type: 'string' },
    'warm-key': { type: 'string' },
    'warm-dir': { type: 'string' },
  },
})
const cues = Number(values.cues)
const minutes = Number(values.minutes)
const serviceMs = Number(values['service-ms'])
const limits = PLAN_LIMITS.paid
const lines = linesOrRefuse(
  parseSubtitleText(filmSubtitles(cues, minutes, true), 'film.srt'),
  'refuse',
)
const settings: VoiceoverSettings = {
  title: 'Film',
  voiceId: 'george',
  cast: {},
  fit: 'rate',
  slotEnd: 'next',
  limits: DEFAULT_FIT_LIMITS,
  defaults: { format: 'wav', sampleRate: 24_000 },
}

/** One voice-over render of the film on `baseUrl`, with fresh paces and the cache in `dir`. */
async function renderFilm(baseUrl: string, key: string, dir: string, onAnswer?: () => void) {
  const client = createUpstreamClient({
    baseUrl,
    credential: { kind: 'apiKey', secret: key },
    limits,
  })
  try {
    return await renderVoiceover({
      lines,
      settings,
      outputPath: join(dir, 'film.wav'),
      source: upstreamSpeechSource(client),
      cache: await openPieceCache(join(dir, 'cache')),
      paces: await VoicePaces.open(null),
      trackEndMs: null,
      ...(onAnswer
        ? { onProgress: (stage: string) => (stage === 'speaking' ? onAnswer() : undefined) }
        : {}),
    })
  } finally {
    client.close()
  }
}

if (values['warm-base-url'] !== undefined) {
  await renderFilm(values['warm-base-url'], values['warm-key']!, values['warm-dir']!)
  process.exit(0)
}

const dir = await mkdtemp(join(tmpdir(), 'vd-bench-voiceover-render-'))
const sandbox = await spawnDevSandbox({
  projectRoot: fileURLToPath(new URL('..', import.meta.url)),
  nodeBinary: process.execPath,
  extraArgs: ['--service-time-ms', String(serviceMs), '--synth-cache-mb', '1024'],
  // A shared machine may take a while to start it.
  timeoutMs: 180_000,
})
try {
  process.stdout.write(`Warming the sandbox with the film's requests (not measured)...\n`)
  const warmDir = join(dir, 'warm')
  const warming = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...benchArgs(),
      '--warm-base-url',
      sandbox.baseUrl,
      '--warm-key',
      sandbox.apiKey,
      '--warm-dir',
      warmDir,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (warming.status !== 0) throw new Error(`the warm-up failed (${String(warming.status)})`)
  await rm(warmDir, { recursive: true, force: true })
  await fetch(`${sandbox.baseUrl}/sandbox/requests`, { method: 'DELETE' })

  let lastAnswer = 0
  const started = performance.now()
  const result = await renderFilm(sandbox.baseUrl, sandbox.apiKey, dir, () => {
    lastAnswer = performance.now()
  })
  const ended = performance.now()
  const makespan = (ended - started) / 1000
  const answer = await fetch(`${sandbox.baseUrl}/sandbox/requests?path=/v1/audio/speech`)
  const { requests } = (await answer.json()) as { requests: { status: number }[] }
  const n = requests.filter((r) => r.status === 200).length
  const throttled = requests.filter((r) => r.status === 429).length
  const s = serviceMs / 1000
  const bound = Math.max(
    (n - 1) / limits.requestsPerSecond + s,
    Math.ceil(n / limits.maxInFlight) * s,
  )
  const asked = result.lines.filter((l) => l.requests > 1).length
  process.stdout.write(
    [
      `cues: ${cues} over ${minutes} min, requests: ${n} (${n - asked} first, ${asked} asked again at a faster pace), service time: ${serviceMs} ms, limits: ${limits.requestsPerSecond}/s, ${limits.maxInFlight} in flight`,
      `makespan: ${makespan.toFixed(2)} s, service's bound: ${bound.toFixed(2)} s, ratio: ${(makespan / bound).toFixed(3)} (target <= 1.10)`,
      `last answer at ${((lastAnswer - started) / 1000).toFixed(2)} s; measuring, fitting and writing after it: ${((ended - lastAnswer) / 1000).toFixed(2)} s`,
      `429 answers: ${throttled} (target 0)`,
    ].join('\n') + '\n',
  )
} finally {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
}
