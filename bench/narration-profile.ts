/**
 * Profile helper for the narration bench. Default: one fresh render of the bench script with the
 * scheduler's queue and in-flight counts sampled every 50 ms, printed as a timeline summary.
 * `--rerender`: one render, then `--repeat` re-renders after a one-paragraph edit (the edited piece
 * synthesized beforehand, as in the bench), each with the engine's stage timings (debug log).
 *
 *   npx tsx bench/narration-profile.ts [--words 20000] [--service-ms 250] [--rerender [--repeat 3]] [--smoke]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { PLAN_LIMITS } from '../src/shared/domain/account'
import { createProject } from '../src/shared/domain/script'
import { startSandbox } from '../src/sandbox/index'
import { createUpstreamClient } from '../src/main/core/upstream/upstream-client'
import { openPieceCache } from '../src/main/core/narration/fetch/piece-cache'
import { startRender } from '../src/main/core/narration/render/render-job'
import { createLogger } from '../src/main/core/log/logger'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    words: { type: 'string', default: sized('20000', '30') },
    'service-ms': { type: 'string', default: sized('250', '20') },
    rerender: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
  },
})
const words = Number(values.words)
const serviceMs = Number(values['service-ms'])
const V =
  'the narrator walked along quiet river banks while morning light gathered over distant hills and small boats drifted past old stone bridges carrying stories nobody remembered'.split(
    ' ',
  )
const blocks = []
for (let i = 0, left = words; left > 0; i++, left -= 100) {
  const out: string[] = []
  for (let k = 0; k < Math.min(100, left); k++)
    out.push(V[(i * 7 + k * 13 + Math.floor(k / 5)) % V.length]!)
  blocks.push({ id: `p${i}`, text: `Paragraph ${i + 1}. ${out.join(' ')}.` })
}
const project = createProject({ blocks, defaults: { voiceId: 'george', format: 'wav' } })
const dir = await mkdtemp(join(tmpdir(), 'vd-prof-'))
const sandbox = await startSandbox({ serviceTimeMs: serviceMs, synthCacheBytes: 1024 ** 3 })
const client = createUpstreamClient({
  baseUrl: sandbox.baseUrl,
  credential: { kind: 'apiKey', secret: sandbox.keys.paid },
  limits: PLAN_LIMITS.paid,
})
const { upstreamSpeechSource } =
  await import('../src/main/core/narration/fetch/upstream-speech-source')
const source = upstreamSpeechSource(client)
const logger = createLogger({
  level: 'debug',
  sink: (line) => {
    if (line.includes('render stage')) process.stderr.write(line + '\n')
  },
})
try {
  if (values.rerender) {
    const cache = await openPieceCache(join(dir, 'c'))
    const out = join(dir, 'book.wav')
    await startRender({ project, outputPath: out, source, cache }).done
    for (let round = 1; round <= Number(values.repeat); round++) {
      const edited = createProject({
        ...project,
        blocks: project.blocks.map((b, i) =>
          i === Math.floor(project.blocks.length / 2)
            ? { ...b, text: `${b.text} Edit ${round}.` }
            : b,
        ),
      })
      // The edited piece is synthesized once outside the measurement (as in the bench).
      await startRender({
        project: edited,
        outputPath: join(dir, 'warm-edit.wav'),
        source,
        cache: await openPieceCache(join(dir, 'w2')),
      }).done
      await new Promise((r) => setTimeout(r, 1500))
      const t = performance.now()
      const result = await startRender({ project: edited, outputPath: out, source, cache, logger })
        .done
      console.log(`re-render ${(performance.now() - t).toFixed(0)} ms, method ${result.method}`)
    }
  } else {
    await startRender({
      project,
      outputPath: join(dir, 'warm.wav'),
      source,
      cache: await openPieceCache(join(dir, 'w')),
    }).done
    await new Promise((r) => setTimeout(r, 2000))
    const samples: { t: number; inFlight: number; queued: number; started: number }[] = []
    const base = client.scheduler.stats().started
    const t0 = performance.now()
    let lagMax = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      lagMax = Math.max(lagMax, now - last - 50)
      last = now
      const s = client.scheduler.stats()
      samples.push({ t: now - t0, inFlight: s.inFlight, queued: s.queued, started: s.started })
    }, 50)
    const job = startRender({
      project,
      outputPath: join(dir, 'book.wav'),
      source,
      cache: await openPieceCache(join(dir, 'c')),
    })
    const phaseAt: Record<string, number> = {}
    job.onProgress((p) => (phaseAt[p.phase] ??= performance.now() - t0))
    await job.done
    clearInterval(timer)
    const total = performance.now() - t0
    console.log(
      `total ${total.toFixed(0)} ms; phases`,
      phaseAt,
      `max event-loop lag ${lagMax.toFixed(0)} ms`,
    )
    const first = samples.find((s) => s.started > base)
    const all = samples.find((s) => s.started - base >= 200)
    const idle = samples.filter(
      (s) => s.queued === 0 && s.inFlight < 15 && s.started - base < 200,
    ).length
    console.log(
      `first start ${first?.t.toFixed(0)} ms, last start ${all?.t.toFixed(0)} ms, samples with the scheduler not saturated: ${idle}/${samples.length}`,
    )
    for (let i = 0; i < samples.length; i += 10) {
      const s = samples[i]!
      console.log(
        `${(s.t / 1000).toFixed(1)}s started=${s.started - base} inFlight=${s.inFlight} queued=${s.queued}`,
      )
    }
  }
} finally {
  client.close()
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
}
