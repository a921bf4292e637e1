import { homedir } from 'node:os'
import { PLAN_LIMITS } from '../../../shared/domain/account'
import { extname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { RenderProgress } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import { SPEECH_FORMATS } from '../../../shared/domain/speech'
import type { SpeechFormat } from '../../../shared/domain/speech'
import type { ErrorCode } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import type { UpstreamClient } from '../upstream/upstream-client'
import { createUpstreamClient } from '../upstream/upstream-client'
import { importScript } from './import-script'
import { openPieceCache } from './piece-cache'
import { estimateRender, startRender } from './render-job'
import { upstreamSpeechSource } from './upstream-speech-source'

/** How the render command reaches the outside world (the CLI passes the real ones). */
export interface RenderCommandIo {
  /** Results (stdout). */
  out(text: string): void
  /** Progress and errors (stderr). */
  err(text: string): void
  /** True when `err` goes to a terminal: a redrawn progress bar instead of plain lines. */
  isTTY?: boolean
  columns?: number
  env: Record<string, string | undefined>
  /** Builds the upstream client; by default from the environment (VOICEDESK_API_KEY...). */
  createClient?: (options: {
    baseUrl: string
    plan: 'free' | 'paid'
  }) => Promise<UpstreamClient> | UpstreamClient
  /** Registers the Ctrl-C handler; returns its removal. Default: process SIGINT. */
  onInterrupt?: (handler: () => void) => () => void
  /** Maps an error code to the exit code (the CLI's table); default: {@link RENDER_EXIT}. */
  exitCodeFor?: (code: ErrorCode) => number
}

/** Exit codes of `render`: success, failure, bad usage, cancelled (resumable). */
export const RENDER_EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const

export const RENDER_USAGE = `Usage: voicedesk render FILE --out OUT [options]

Renders a script (.txt, .md, or a VoiceDesk project .json/.voicedesk) into one audio file.
  --out OUT              the finished file (its extension picks the format unless --format)
  --format F             wav | mp3 | ogg | pcm | aac (AAC: 24000 Hz, pauses to 42.7 ms frames)
  --voice ID             default voice for blocks without one
  --cast NAME=ID         voice of a Markdown speaker ("NAME: line"); repeatable
  --subtitles srt|vtt    subtitles beside OUT with the same name
  --per-block DIR        also one file per block in DIR
  --per-chapter DIR      also one file per chapter (Markdown heading) in DIR
  --sample-rate R        24000 (default) | 44100 | 48000
  --loudness LUFS        normalize to this integrated loudness (e.g. -16)
  --cache-dir DIR        piece cache (default: VOICEDESK_CACHE_DIR or ~/.cache/voicedesk/pieces)
  --base-url URL         service address (or VOICEDESK_BASE_URL)
  --plan free|paid       synthesis limits to keep under (or VOICEDESK_PLAN; default free)
  --dry-run              print requests, billable characters and cached pieces; send nothing
  --json                 print the result (or the estimate) as JSON on stdout
Ctrl-C cancels cleanly: run the same command again to continue where it stopped.`

function usage(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${message}\n\n${RENDER_USAGE}`)
}

function defaultCacheDir(env: Record<string, string | undefined>): string {
  if (env.VOICEDESK_CACHE_DIR) return resolve(env.VOICEDESK_CACHE_DIR)
  const base = env.XDG_CACHE_HOME ? resolve(env.XDG_CACHE_HOME) : join(homedir(), '.cache')
  return join(base, 'voicedesk', 'pieces')
}

function clientFromEnv(
  env: Record<string, string | undefined>,
  options: { baseUrl: string; plan: 'free' | 'paid' },
): UpstreamClient {
  const key = env.VOICEDESK_API_KEY ?? env.VOICEDESK_ACCESS_TOKEN
  if (!key) throw new AppError('AUTH_MISSING', 'No API key: set VOICEDESK_API_KEY and try again.')
  return createUpstreamClient({
    baseUrl: options.baseUrl,
    credential: { kind: env.VOICEDESK_API_KEY ? 'apiKey' : 'accessToken', secret: key },
    limits: PLAN_LIMITS[options.plan],
  })
}

function parseCast(values: string[]): Record<string, string> {
  const cast: Record<string, string> = {}
  for (const value of values) {
    const eq = value.indexOf('=')
    if (eq <= 0 || eq === value.length - 1)
      throw usage(`--cast needs NAME=VOICE_ID, got "${value}".`)
    cast[value.slice(0, eq).trim()] = value.slice(eq + 1).trim()
  }
  return cast
}

function progressLine(p: RenderProgress, width: number): string {
  const ratio = p.piecesTotal === 0 ? 1 : p.piecesDone / p.piecesTotal
  const barWidth = Math.max(10, Math.min(30, width - 60))
  const filled = Math.round(ratio * barWidth)
  const eta = p.etaSeconds === null ? '' : `  ETA ${Math.ceil(p.etaSeconds)} s`
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${p.piecesDone}/${p.piecesTotal} pieces  ${p.audioSeconds.toFixed(1)} s audio  ${p.billableCharacters} chars${eta}  ${p.phase}`
}

async function loadProject(argv: string[]): Promise<{
  project: Project
  values: Record<string, string | boolean | string[] | undefined>
}> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      format: { type: 'string' },
      voice: { type: 'string' },
      cast: { type: 'string', multiple: true },
      subtitles: { type: 'string' },
      'per-block': { type: 'string' },
      'per-chapter': { type: 'string' },
      'sample-rate': { type: 'string' },
      loudness: { type: 'string' },
      'cache-dir': { type: 'string' },
      'base-url': { type: 'string' },
      plan: { type: 'string' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  })
  const file = positionals[0]
  if (!file || positionals.length > 1) throw usage('Give exactly one script FILE.')
  if (!values.out) throw usage('--out OUT is required.')
  const extFormat = extname(values.out).slice(1).toLowerCase()
  const format = values.format ?? extFormat
  if (!(SPEECH_FORMATS as readonly string[]).includes(format)) {
    throw usage(`Unknown format "${format}": choose wav, mp3, ogg, pcm or aac.`)
  }
  if (values.subtitles && values.subtitles !== 'srt' && values.subtitles !== 'vtt') {
    throw usage('--subtitles is srt or vtt.')
  }
  if (values['per-block'] && values['per-chapter'])
    throw usage('Choose --per-block or --per-chapter, not both.')
  const sampleRate = values['sample-rate'] ? Number(values['sample-rate']) : undefined
  if (sampleRate !== undefined && ![24_000, 44_100, 48_000].includes(sampleRate)) {
    throw usage('--sample-rate is 24000, 44100 or 48000.')
  }
  const lufs = values.loudness === undefined ? undefined : Number(values.loudness)
  if (lufs !== undefined && (!Number.isFinite(lufs) || lufs < -40 || lufs > -5)) {
    throw usage('--loudness is a target in LUFS between -40 and -5, e.g. -16.')
  }
  const project = await importScript(resolve(file), {
    cast: parseCast(values.cast ?? []),
    defaults: {
      format: format as SpeechFormat,
      ...(values.voice ? { voiceId: values.voice } : {}),
      ...(sampleRate ? { sampleRate: sampleRate as 24_000 | 44_100 | 48_000 } : {}),
      ...(lufs !== undefined ? { loudness: { mode: 'target' as const, targetLufs: lufs } } : {}),
    },
  })
  return { project, values }
}

/**
 * `render FILE --out OUT ...`: renders a script with a progress bar (plain lines when stderr is
 * not a terminal), `--dry-run` for the cost, Ctrl-C to cancel resumably. Returns the exit code.
 */
export async function runRenderCommand(argv: string[], io: RenderCommandIo): Promise<number> {
  const write = (to: 'out' | 'err', text: string): void => {
    if (to === 'out') io.out(text)
    else io.err(text)
  }
  let client: UpstreamClient | null = null
  try {
    const { project, values } = await loadProject(argv)
    const cache = await openPieceCache(
      typeof values['cache-dir'] === 'string'
        ? resolve(values['cache-dir'])
        : defaultCacheDir(io.env),
    )
    const estimate = estimateRender(project, cache)
    if (values['dry-run']) {
      write(
        'out',
        values.json
          ? `${JSON.stringify(estimate)}\n`
          : `${estimate.totalPieces} pieces, ${estimate.cachedPieces} cached: ${estimate.requests} requests, ${estimate.billableCharacters} billable characters.\n`,
      )
      return RENDER_EXIT.ok
    }
    const baseUrl = (values['base-url'] as string | undefined) ?? io.env.VOICEDESK_BASE_URL
    if (!baseUrl) throw usage('No service address: give --base-url or set VOICEDESK_BASE_URL.')
    const plan = (values.plan as string | undefined) ?? io.env.VOICEDESK_PLAN ?? 'free'
    if (plan !== 'free' && plan !== 'paid') throw usage('--plan must be free or paid.')
    client = await (io.createClient ?? ((o) => clientFromEnv(io.env, o)))({ baseUrl, plan })
    const outputPath = resolve(String(values.out))
    const split =
      typeof values['per-block'] === 'string'
        ? { mode: 'block' as const, dir: resolve(values['per-block']) }
        : typeof values['per-chapter'] === 'string'
          ? { mode: 'chapter' as const, dir: resolve(values['per-chapter']) }
          : null
    write(
      'err',
      `Rendering ${estimate.totalPieces} pieces (${estimate.cachedPieces} cached, ${estimate.requests} requests, ${estimate.billableCharacters} billable characters)\n`,
    )
    const job = startRender({
      project,
      outputPath,
      cache,
      source: upstreamSpeechSource(client),
      subtitles: (values.subtitles as 'srt' | 'vtt' | undefined) ?? null,
      split,
    })
    const tty = io.isTTY === true
    let lastDone = -1
    job.onProgress((p) => {
      if (tty) write('err', `\r${progressLine(p, io.columns ?? 80)}\u001b[K`)
      else if (p.piecesDone !== lastDone || p.phase === 'done')
        write('err', `${progressLine(p, 80)}\n`)
      lastDone = p.piecesDone
    })
    let interrupts = 0
    const onInterrupt =
      io.onInterrupt ??
      ((handler: () => void) => {
        process.on('SIGINT', handler)
        return () => process.off('SIGINT', handler)
      })
    const removeInterrupt = onInterrupt(() => {
      interrupts += 1
      // Why a second Ctrl-C exits at once: a user who presses it twice wants out now; the cache
      // and the journal are already safe on disk.
      if (interrupts > 1) process.exit(RENDER_EXIT.cancelled)
      write('err', '\nCancelling... (Ctrl-C again to quit at once)\n')
      job.cancel()
    })
    // Why a ref'd timer: the scheduler's waits use unref'd timers (they must never hold the app
    // open), so between requests a command-line process would otherwise simply exit.
    const keepAlive = setInterval(() => undefined, 1000)
    try {
      const result = await job.done
      if (tty) write('err', '\n')
      if (values.json) write('out', `${JSON.stringify(result)}\n`)
      else {
        const loud = result.loudness
        write(
          'out',
          [
            `Wrote ${result.outputPath} (${result.durationSeconds.toFixed(2)} s, ${result.format}, ${result.sampleRate} Hz)`,
            ...result.extraFiles.map((f) => `  ${f}`),
            result.subtitlesPath ? `Subtitles: ${result.subtitlesPath}` : '',
            `Requests: ${result.requests}, cached pieces: ${result.cachedPieces}, billable characters: ${result.billableCharacters}`,
            result.pauseRounding
              ? `Pauses: ${result.pauseRounding.pauses} rounded to whole AAC frames of ${result.pauseRounding.frameMs.toFixed(2)} ms (at most ${result.pauseRounding.maxErrorMs.toFixed(1)} ms off each, ${result.pauseRounding.totalErrorMs.toFixed(1)} ms in all)`
              : '',
            result.format === 'aac'
              ? 'Loudness: not measured (AAC frames are joined as the service sent them)'
              : loud.measuredLufs === null
                ? 'Loudness: not measurable (too short or silent)'
                : `Loudness: measured ${loud.measuredLufs.toFixed(1)} LUFS, output ${loud.outputLufs?.toFixed(1)} LUFS (gain ${loud.gainDb.toFixed(1)} dB${loud.peakLimited ? ', limited by the peak' : ''})`,
            ...result.checks.map(
              (c) =>
                `Check block ${c.blockIndex + 1} (${c.blockId}): ${c.issues.map((i) => `${i.kind} "${i.word}"`).join(', ')}`,
            ),
          ]
            .filter((l) => l !== '')
            .join('\n') + '\n',
        )
      }
      return RENDER_EXIT.ok
    } finally {
      clearInterval(keepAlive)
      removeInterrupt()
    }
  } catch (error) {
    const parseError =
      error instanceof TypeError &&
      String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
    const appError =
      error instanceof AppError
        ? error
        : parseError
          ? usage(error.message)
          : new AppError('INTERNAL', error instanceof Error ? error.message : String(error))
    write('err', `\n${appError.message}\n`)
    if (io.exitCodeFor) return io.exitCodeFor(appError.code)
    if (appError.code === 'CANCELLED') return RENDER_EXIT.cancelled
    return appError.code === 'VALIDATION_FAILED' ? RENDER_EXIT.usage : RENDER_EXIT.failed
  } finally {
    client?.close()
  }
}
