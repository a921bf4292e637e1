import { homedir } from 'node:os'
import { basename, extname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import type { RenderProgress } from '../../shared/domain/narration'
import type { Mp3Encoding, Project } from '../../shared/domain/script'
import { MP3_BITRATES, mp3EncodingProblem } from '../../shared/domain/script'
import type { DeliveryPresetId } from '../../shared/domain/delivery'
import { DELIVERY_PRESET_IDS, DELIVERY_PRESETS } from '../../shared/domain/delivery'
import { isAacContainer, RENDER_FORMATS } from '../../shared/domain/speech'
import type { RenderFormat } from '../../shared/domain/speech'
import { AppError } from '../../shared/errors'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import { importScript } from '../core/narration/import/import-script'
import { openPieceCache } from '../core/narration/fetch/piece-cache'
import { estimateRender, startRender } from '../core/narration/render/render-job'
import { planRender } from '../core/narration/plan/render-plan'
import { preflightRender } from '../core/narration/render/render-preflight'
import { summarizePlan } from '../core/narration/plan/voice-uses'
import type { NarrationRenderResult } from '../core/narration/render/render-options'
import { upstreamSpeechSource } from '../core/narration/fetch/upstream-speech-source'

/** How the render command reaches the outside world (the CLI passes the real ones). */
export interface RenderCommandIo {
  /** Results (stdout). */
  out(text: string): void
  /** Progress (stderr). Errors are thrown, and the CLI reports them like any other command's. */
  err(text: string): void
  /** True when `err` goes to a terminal: a redrawn progress bar instead of plain lines. */
  isTTY?: boolean
  columns?: number
  env: Record<string, string | undefined>
  /** Builds the upstream client (the CLI's credentials: environment, else the keychain). */
  createClient: (options: {
    baseUrl: string
    plan: 'free' | 'paid'
  }) => Promise<UpstreamClient> | UpstreamClient
  /** Aborted on Ctrl-C: the render is cancelled and can be resumed. */
  signal: AbortSignal
}

/** `voicedesk render --help`. */
export const RENDER_HELP = `Usage: voicedesk render FILE --out OUT [options]

Renders a script of any length (.txt, .md, a Word .docx, an EPUB book .epub, or a VoiceDesk
project .json/.voicedesk) into one checked audio file, piece by piece through the account's
scheduler, with a piece cache so that an interrupted or edited render only asks for what
changed. A .docx or .epub becomes chapters (headings, the EPUB's contents) and paragraphs;
italic and bold are spoken with emphasis; pictures are skipped (stderr says how many).
  -o, --out OUT          the finished file (written atomically)
  --format F             ${RENDER_FORMATS.join(' | ')} (default: the --out extension; an extension
                         that is no format needs --format). M4B is an audiobook (AAC in MP4 with
                         chapters, tags and cover). AAC and M4B: 24000 Hz only, no --loudness,
                         pauses rounded to whole 42.7 ms frames.
  --voice ID             default voice for blocks without one
  --cast NAME=ID         voice of a Markdown speaker ("NAME: line"); repeatable
  --subtitles srt|vtt    subtitles beside OUT with the same name
  --per-block DIR        also one file per block in DIR
  --per-chapter DIR      also one file per chapter (heading, or EPUB contents entry) in DIR
  --footnotes omit|read  a .docx/.epub's footnotes and endnotes: left out (default) or read
                         after the paragraph that cites them
  --sample-rate R        24000 (default) | 44100 | 48000
  --mp3-mode vbr|cbr     MP3: variable bitrate (default, LAME quality 2) or constant bitrate
  --bitrate KBPS         MP3 constant bitrate: ${MP3_BITRATES.join(' | ')} (default 192; implies
                         --mp3-mode cbr). Above 160 needs 44100 or 48000 Hz. ACX asks for
                         --sample-rate 44100 --mp3-mode cbr --bitrate 192
  --loudness LUFS        normalize to this integrated loudness, -40 to -5 (e.g. -16)
  --preset P             ${DELIVERY_PRESET_IDS.join(' | ')}: the store's level, a true-peak
                         limiter and its settings (acx: 44100 Hz, 192 kbps CBR MP3, room tone);
                         every file is checked and a report written beside OUT (.compliance.json
                         and .compliance.txt)
  --title T, --author A, --narrator N, --album A, --genre G, --year Y, --comment C
                         the files' tags (MP3: ID3v2.4), over what the script file gives
  --cover IMAGE          a JPEG or PNG cover image, embedded in the files
  --cache-dir DIR        piece cache (default: VOICEDESK_CACHE_DIR or ~/.cache/voicedesk/pieces)
  --dry-run              plan and check only: print pieces, cached pieces, requests and
                         billable characters after the checks a render makes first (settings,
                         preset, cover, folder, free space; not the voice list); send nothing,
                         write nothing
  --json                 print the result (or the estimate) as JSON on stdout
  --base-url URL         service address (or VOICEDESK_BASE_URL); not needed with --dry-run
  --plan free|paid       synthesis limits to keep under (or VOICEDESK_PLAN; default free)
Ctrl-C cancels cleanly (exit 130): run the same command again to continue where it stopped.`

/** The options `render` takes (the CLI also reads them to find `--help` anywhere on the line). */
export const RENDER_OPTIONS = {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  voice: { type: 'string' },
  cast: { type: 'string', multiple: true },
  subtitles: { type: 'string' },
  'per-block': { type: 'string' },
  'per-chapter': { type: 'string' },
  footnotes: { type: 'string' },
  'sample-rate': { type: 'string' },
  'mp3-mode': { type: 'string' },
  bitrate: { type: 'string' },
  loudness: { type: 'string' },
  preset: { type: 'string' },
  title: { type: 'string' },
  author: { type: 'string' },
  narrator: { type: 'string' },
  album: { type: 'string' },
  genre: { type: 'string' },
  year: { type: 'string' },
  comment: { type: 'string' },
  cover: { type: 'string' },
  'cache-dir': { type: 'string' },
  'base-url': { type: 'string' },
  plan: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  // Global: read by the CLI's logger before the command runs.
  verbose: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>

/**
 * The first sentence of Node's argument-parser error. Why not all of it: the rest advises on `--`
 * and `=` syntax, which only confuses someone who mistyped an option.
 */
export function parseErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split(/\.\s/)[0]!.replace(/\.$/, '')
}

/**
 * `--loudness -16` as `--loudness=-16`. Why: Node's parser refuses a value that starts with a
 * dash after a space (it could be a mistyped option), and a loudness target is always negative.
 */
function joinNegativeValues(argv: string[]): string[] {
  const joined: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') return [...joined, ...argv.slice(i)]
    const option = arg.startsWith('--') ? arg.slice(2) : ''
    const next = argv[i + 1]
    const takesValue =
      option in RENDER_OPTIONS &&
      RENDER_OPTIONS[option as keyof typeof RENDER_OPTIONS].type === 'string'
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`)
      i++
    } else joined.push(arg)
  }
  return joined
}

/** A usage error of `command` (exit 2): the message, then where to read the usage. */
export function commandUsage(command: string, message: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${message} Run "voicedesk ${command} --help" for usage.`,
  )
}

function usage(message: string): AppError {
  return commandUsage('render', message)
}

/**
 * The format of an output file: `--format` when given, else the one its extension names, else
 * `fallback`. Why an unknown extension is refused: writing WAV bytes under `x.flac` gives a file
 * that no player opens as what its name says.
 */
export function formatForOutput<F extends string>(
  command: string,
  out: string,
  asked: string | undefined,
  fallback: F | null,
  formats: readonly F[],
): F {
  const isFormat = (value: string): value is F => (formats as readonly string[]).includes(value)
  const list = formats.join(', ')
  if (asked !== undefined) {
    const format = asked.toLowerCase()
    if (!isFormat(format)) throw commandUsage(command, `Unknown format "${asked}": choose ${list}.`)
    return format
  }
  const ext = extname(out).slice(1)
  const named = ext.toLowerCase()
  if (isFormat(named)) return named
  if (ext === '') {
    if (fallback !== null) return fallback
    throw commandUsage(
      command,
      `The output ${basename(out)} has no extension to tell the format: add one or give --format (${list}).`,
    )
  }
  throw commandUsage(
    command,
    `The output extension ".${ext}" is not a format VoiceDesk writes (${list}): rename the output, or give --format to choose one of them anyway.`,
  )
}

function defaultCacheDir(env: Record<string, string | undefined>): string {
  if (env.VOICEDESK_CACHE_DIR) return resolve(env.VOICEDESK_CACHE_DIR)
  const base = env.XDG_CACHE_HOME ? resolve(env.XDG_CACHE_HOME) : join(homedir(), '.cache')
  return join(base, 'voicedesk', 'pieces')
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

/** One progress line; a wait on a busy service is counted down against `now` (epoch ms). */
export function progressLine(p: RenderProgress, width: number, now = Date.now()): string {
  const ratio = p.piecesTotal === 0 ? 1 : p.piecesDone / p.piecesTotal
  const barWidth = Math.max(10, Math.min(30, width - 60))
  const filled = Math.round(ratio * barWidth)
  const eta =
    p.busyUntil !== null
      ? `  the service is busy, waiting ${Math.max(1, Math.round((p.busyUntil - now) / 1000))} s`
      : p.etaSeconds === null
        ? ''
        : `  ETA ${Math.ceil(p.etaSeconds)} s`
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${p.piecesDone}/${p.piecesTotal} pieces  ${p.audioSeconds.toFixed(1)} s audio  ${p.billableCharacters} chars${eta}  ${p.phase}`
}

async function loadProject(
  argv: string[],
  onNotice: (notice: string) => void,
): Promise<{
  project: Project
  values: Record<string, string | boolean | string[] | undefined>
}> {
  let parsed
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: RENDER_OPTIONS,
    })
  } catch (error) {
    throw usage(`${parseErrorText(error)}.`)
  }
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file || positionals.length > 1) throw usage('Give exactly one script FILE.')
  if (!values.out) throw usage('--out OUT is required.')
  const format = formatForOutput('render', values.out, values.format, null, RENDER_FORMATS)
  if (values.subtitles && values.subtitles !== 'srt' && values.subtitles !== 'vtt') {
    throw usage('--subtitles is srt or vtt.')
  }
  if (values['per-block'] && values['per-chapter'])
    throw usage('Choose --per-block or --per-chapter, not both.')
  const footnotes = values.footnotes
  if (footnotes !== undefined && footnotes !== 'omit' && footnotes !== 'read') {
    throw usage('--footnotes is omit or read.')
  }
  const sampleRate = values['sample-rate'] ? Number(values['sample-rate']) : undefined
  if (sampleRate !== undefined && ![24_000, 44_100, 48_000].includes(sampleRate)) {
    throw usage('--sample-rate is 24000, 44100 or 48000.')
  }
  const lufs = values.loudness === undefined ? undefined : Number(values.loudness)
  if (lufs !== undefined && (!Number.isFinite(lufs) || lufs < -40 || lufs > -5)) {
    throw usage('--loudness is a target in LUFS between -40 and -5, e.g. -16.')
  }
  const presetId = values.preset
  if (presetId !== undefined && !(DELIVERY_PRESET_IDS as readonly string[]).includes(presetId)) {
    throw usage(`--preset is one of ${DELIVERY_PRESET_IDS.join(', ')}.`)
  }
  if (presetId !== undefined && lufs !== undefined) {
    throw usage('--preset sets the level itself: leave out --loudness.')
  }
  const preset = presetId === undefined ? null : DELIVERY_PRESETS[presetId as DeliveryPresetId]
  const mp3 =
    mp3Flags(values['mp3-mode'], values.bitrate, format) ??
    (preset?.mp3 && format === 'mp3' ? preset.mp3 : undefined)
  const rate = sampleRate ?? preset?.sampleRate
  const year = values.year === undefined ? undefined : Number(values.year)
  if (year !== undefined && !(Number.isInteger(year) && year >= 1000 && year <= 9999)) {
    throw usage('--year is a four-digit year, e.g. 2026.')
  }
  const publishing = Object.fromEntries(
    Object.entries({
      author: values.author,
      narrator: values.narrator,
      album: values.album,
      genre: values.genre,
      comment: values.comment,
      year,
      coverPath: values.cover === undefined ? undefined : resolve(values.cover),
    }).filter(([, v]) => v !== undefined),
  )
  const project = await importScript(resolve(file), {
    ...(values.title !== undefined ? { title: values.title } : {}),
    ...(Object.keys(publishing).length > 0 ? { publishing } : {}),
    ...(footnotes !== undefined ? { footnotes } : {}),
    onNotice,
    cast: parseCast(values.cast ?? []),
    defaults: {
      format,
      ...(values.voice ? { voiceId: values.voice } : {}),
      ...(rate ? { sampleRate: rate as 24_000 | 44_100 | 48_000 } : {}),
      ...(preset ? { preset: preset.id } : {}),
      ...(lufs !== undefined ? { loudness: { mode: 'target' as const, targetLufs: lufs } } : {}),
      ...(mp3 ? { mp3 } : {}),
    },
  })
  // Checked here with the project's own rate too (a project file may set it): exit 2, no request.
  const mp3Problem =
    project.defaults.format === 'mp3' && project.defaults.mp3
      ? mp3EncodingProblem(project.defaults.mp3, project.defaults.sampleRate)
      : null
  if (mp3Problem !== null) throw usage(mp3Problem)
  return { project, values }
}

/** `--mp3-mode` and `--bitrate` as an MP3 encoding; undefined when neither is given. */
function mp3Flags(
  mode: string | undefined,
  bitrate: string | undefined,
  format: RenderFormat,
): Mp3Encoding | undefined {
  if (mode === undefined && bitrate === undefined) return undefined
  if (format !== 'mp3') {
    throw usage(`--mp3-mode and --bitrate are for MP3 output; this render writes ${format}.`)
  }
  if (mode !== undefined && mode !== 'vbr' && mode !== 'cbr') {
    throw usage('--mp3-mode is vbr or cbr.')
  }
  if (mode === 'vbr') {
    if (bitrate !== undefined)
      throw usage('--bitrate sets a constant bitrate: use it with --mp3-mode cbr.')
    return { mode: 'vbr' }
  }
  const kbps = bitrate === undefined ? 192 : Number(bitrate)
  const allowed = MP3_BITRATES.find((b) => b === kbps)
  if (allowed === undefined) {
    throw usage(`--bitrate is one of ${MP3_BITRATES.join(', ')} (kbps).`)
  }
  return { mode: 'cbr', bitrateKbps: allowed }
}

/** The human summary of a finished render: files, requests, pause rounding, loudness, checks. */
/** A preset's verdict in the summary: one line when all pass, the failed criteria otherwise. */
function complianceLines(report: NarrationRenderResult['compliance']): string[] {
  if (report === null) return []
  const files = report.files.length
  const failed = report.files.filter((f) => !f.pass)
  return [
    failed.length === 0
      ? `${report.presetName}: all ${files} file${files === 1 ? '' : 's'} pass every check.`
      : `${report.presetName}: ${failed.length} of ${files} file${files === 1 ? '' : 's'} do not pass:`,
    ...failed.flatMap((f) =>
      f.criteria
        .filter((c) => !c.pass)
        .map((c) => `  ${basename(f.path)}: ${c.label} ${c.measured} (needs ${c.requirement})`),
    ),
    report.unsaved === undefined
      ? `Report: ${report.textPath} (and ${basename(report.jsonPath)})`
      : `The report could not be saved: ${report.unsaved}`,
  ]
}

function resultSummary(result: NarrationRenderResult): string {
  const loud = result.loudness
  return (
    [
      `Wrote ${result.outputPath} (${result.durationSeconds.toFixed(2)} s, ${result.format}, ${result.sampleRate} Hz)`,
      ...result.extraFiles.map((f) => `  ${f}`),
      result.subtitlesPath ? `Subtitles: ${result.subtitlesPath}` : '',
      `Requests: ${result.requests}, cached pieces: ${result.cachedPieces}, billable characters: ${result.billableCharacters}`,
      result.pauseRounding
        ? `Pauses: ${result.pauseRounding.pauses} rounded to whole AAC frames of ${result.pauseRounding.frameMs.toFixed(2)} ms (at most ${result.pauseRounding.maxErrorMs.toFixed(1)} ms off each, ${result.pauseRounding.totalErrorMs.toFixed(1)} ms in all)`
        : '',
      isAacContainer(result.format)
        ? 'Loudness: not measured (AAC frames are joined as the service sent them)'
        : loud.measuredLufs === null
          ? 'Loudness: not measurable (too short or silent)'
          : `Loudness: measured ${loud.measuredLufs.toFixed(1)} LUFS, output ${loud.outputLufs?.toFixed(1)} LUFS (gain ${loud.gainDb.toFixed(1)} dB${loud.peakLimited ? ', limited by the peak' : ''})`,
      ...result.checks.map(
        (c) =>
          `Check block ${c.blockIndex + 1} (${c.blockId}): ${c.issues.map((i) => `${i.kind} "${i.word}"`).join(', ')}`,
      ),
      ...complianceLines(result.compliance),
    ]
      .filter((l) => l !== '')
      .join('\n') + '\n'
  )
}

/**
 * `render FILE --out OUT ...`: renders a script with a progress bar (plain lines when stderr is
 * not a terminal), `--dry-run` for the cost, Ctrl-C to cancel resumably. Throws an AppError on
 * failure (the CLI reports it and picks the exit code).
 */
export async function runRenderCommand(argv: string[], io: RenderCommandIo): Promise<void> {
  const write = (to: 'out' | 'err', text: string): void => {
    if (to === 'out') io.out(text)
    else io.err(text)
  }
  let client: UpstreamClient | null = null
  try {
    const { project, values } = await loadProject(argv, (notice) => write('err', `${notice}\n`))
    const cache = await openPieceCache(
      typeof values['cache-dir'] === 'string'
        ? resolve(values['cache-dir'])
        : defaultCacheDir(io.env),
    )
    const outputPath = resolve(String(values.out))
    const split =
      typeof values['per-block'] === 'string'
        ? { mode: 'block' as const, dir: resolve(values['per-block']) }
        : typeof values['per-chapter'] === 'string'
          ? { mode: 'chapter' as const, dir: resolve(values['per-chapter']) }
          : null
    const estimate = estimateRender(project, cache)
    if (values['dry-run']) {
      // The checks a render makes before its first request, less the voice list (that needs the
      // service): the settings, the preset, the cover, the folder and the free space.
      await preflightRender({
        project,
        summary: summarizePlan(project, planRender(project)),
        outputPath,
        split,
        cache,
        catalog: null,
      })
      write(
        'out',
        values.json
          ? `${JSON.stringify(estimate)}\n`
          : `${estimate.totalPieces} pieces, ${estimate.cachedPieces} cached: ${estimate.requests} requests, ${estimate.billableCharacters} billable characters.\n`,
      )
      return
    }
    const baseUrl = (values['base-url'] as string | undefined) ?? io.env.VOICEDESK_BASE_URL
    if (!baseUrl) throw usage('No service address: give --base-url or set VOICEDESK_BASE_URL.')
    const plan = (values.plan as string | undefined) ?? io.env.VOICEDESK_PLAN ?? 'free'
    if (plan !== 'free' && plan !== 'paid') throw usage('--plan must be free or paid.')
    client = await io.createClient({ baseUrl, plan })
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
    let latest: RenderProgress | null = null
    const redraw = (): void => {
      if (latest !== null) write('err', `\r${progressLine(latest, io.columns ?? 80)}\u001b[K`)
    }
    let announced = false
    job.onProgress((p) => {
      // Why on the first progress: the render's checks (voices, folder, space) pass before it,
      // so a refused render never claims to be rendering.
      if (!announced) {
        announced = true
        write(
          'err',
          `Rendering ${estimate.totalPieces} pieces (${estimate.cachedPieces} cached, ${estimate.requests} requests, ${estimate.billableCharacters} billable characters)\n`,
        )
      }
      latest = p
      if (tty) redraw()
      else if (p.piecesDone !== lastDone || p.phase === 'done' || p.busyUntil !== null)
        write('err', `${progressLine(p, 80)}\n`)
      lastDone = p.piecesDone
    })
    // A terminal's line counts a busy wait down once a second (a log gets a line per event only).
    const countdown = setInterval(() => {
      if (tty && latest?.busyUntil != null) redraw()
    }, 1000)
    countdown.unref()
    const onInterrupt = (): void => {
      // A second Ctrl-C is handled by the CLI entry (it exits at once); the cache and the
      // journal are already safe on disk.
      write('err', '\nCancelling... (Ctrl-C again to quit at once)\n')
      job.cancel()
    }
    io.signal.addEventListener('abort', onInterrupt, { once: true })
    if (io.signal.aborted) onInterrupt()
    // Why a ref'd timer: the scheduler's waits use unref'd timers (they must never hold the app
    // open), so between requests a command-line process would otherwise simply exit.
    const keepAlive = setInterval(() => undefined, 1000)
    try {
      const result = await job.done
      if (tty) write('err', '\n')
      if (values.json) write('out', `${JSON.stringify(result)}\n`)
      else write('out', resultSummary(result))
    } finally {
      clearInterval(keepAlive)
      clearInterval(countdown)
      io.signal.removeEventListener('abort', onInterrupt)
    }
  } finally {
    client?.close()
  }
}
