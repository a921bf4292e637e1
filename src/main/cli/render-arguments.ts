import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import type { LexiconEntry, Project } from '../../shared/domain/script'
import { mergeLexicons } from '../../shared/domain/lexicon-layers'
import { readLexiconFile } from '../core/lexicon/lexicon-files'
import type { Mp3Encoding } from '../../shared/domain/mp3-encoding'
import { MP3_BITRATES, mp3EncodingProblem } from '../../shared/domain/mp3-encoding'
import type { DeliveryPresetId } from '../../shared/domain/delivery'
import { DELIVERY_PRESET_IDS, DELIVERY_PRESETS } from '../../shared/domain/delivery'
import { RENDER_FORMATS } from '../../shared/domain/speech'
import type { RenderFormat } from '../../shared/domain/speech'
import type { AppError } from '../../shared/errors'
import { importScript } from '../core/narration/import/import-script'
import { commandUsage, formatForOutput, parseErrorText } from './command-usage'
import { documentFlags } from './document-options'
import { cleanupLines } from './rules-file'

/** `voicedesk render --help`: plain words, every line under 100 columns. */
export const RENDER_HELP = `Usage: voicedesk render FILE --out OUT [options]

Turns a script or a book into one finished audio file. FILE is plain text (.txt), Markdown
(.md), a Word document (.docx), an EPUB book (.epub), a PDF, an OpenDocument text (.odt), a web
page (.html, .xhtml) or a VoiceDesk project (.json, .voicedesk).
Headings become chapters; italic and bold are spoken with emphasis; pictures are skipped.
Pieces already spoken are kept, so a render you stop or edit asks only for what is new.

To make an ACX (Audible) file, add --preset acx. It sets what ACX asks for (MP3 at 44.1 kHz and
192 kbps, the level, the peaks, room tone at each end) and checks every file it writes:
  voicedesk render book.epub --out book.mp3 --voice George --preset acx --per-chapter chapters/

What to make:
  -o, --out OUT          the finished file; its extension says the format
  --format F             ${RENDER_FORMATS.join(' | ')}, when the name does not say it.
                         m4b is an audiobook with chapters, tags and a cover
  --preset P             ${DELIVERY_PRESET_IDS.join(' | ')}: what a store or platform asks
                         for, with a report beside OUT on whether every file passes
  --per-chapter DIR      also one file per chapter, in DIR
  --per-block DIR        also one file per paragraph, in DIR
  --subtitles srt|vtt    also subtitles beside OUT, with the same name

Voices (a voice's name as the app shows it, or its id):
  --voice VOICE          the voice for the script (for blocks without their own)
  --cast NAME=VOICE      the voice of a speaker in a Markdown script ("NAME: words"); repeat it

Pronunciation:
  --lexicon FILE         words said your way: a PLS lexicon (.pls, word and alias) or a CSV
                         file (columns term,alias); repeat it. A later file wins for the same
                         word, and a project file's own pronunciations win over every file.
                         A file that cannot be read stops the render before anything is sent

Before you pay:
  --dry-run              say how many requests and billable characters it takes, after the
                         checks a render makes first; sends nothing, writes nothing, and needs
                         no address or key (voices are taken as typed)

Sound (most people can leave these alone):
  --sample-rate R        24000 (the service's own, default) | 44100 | 48000
  --mp3-mode vbr|cbr     MP3 with a variable (default) or constant bitrate
  --bitrate KBPS         MP3 constant bitrate: ${MP3_BITRATES.join(' | ')} (default 192);
                         above 160 needs --sample-rate 44100 or 48000
  --loudness LUFS        even out the loudness to this level, -40 to -5 (e.g. -16); not with
                         --preset
  AAC and M4B files are the service's own audio: 24000 Hz only, no --loudness, and pauses
  rounded to whole frames of 42.7 ms.

Book details (written into MP3, Ogg and M4B files):
  --title T, --author A, --narrator N, --album A, --genre G, --year Y, --comment C
  --cover IMAGE          a JPEG or PNG cover picture
  --footnotes omit|read  a manuscript's footnotes: left out (default) or read after
                         their paragraph
  --pages A-B            a PDF's pages to read (5-212, 7, or 5- to the end)
  --password-file F      a file holding a protected PDF's password (its first line)
  --rules FILE           clean the text before it is paid for: citations, links, your own
                         find-and-replace rules (see "voicedesk import --help")

Other:
  --cache-dir DIR        where spoken pieces are kept (default: VOICEDESK_CACHE_DIR, else
                         ~/.cache/voicedesk/pieces)
  --json                 print the result (or the --dry-run estimate) as JSON on stdout
  --base-url URL         the service's address (or VOICEDESK_BASE_URL)
  --plan free|paid       the pace to keep (or VOICEDESK_PLAN; default: the plan saved in the
                         app's Account screen for this service, else free)
  --verbose              log each request on stderr (keys are never shown)

Examples:
  voicedesk render chapter.md --out chapter.mp3 --voice George
  voicedesk render book.docx --out book.m4b --voice George --author "Ana Reyes"
  voicedesk render book.epub --out book.mp3 --voice George --dry-run

Ctrl-C stops cleanly (exit 130); run the same command again to go on where it stopped.`

/** The options `render` takes (the CLI also reads them to find `--help` anywhere on the line). */
export const RENDER_OPTIONS = {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  voice: { type: 'string' },
  cast: { type: 'string', multiple: true },
  lexicon: { type: 'string', multiple: true },
  subtitles: { type: 'string' },
  'per-block': { type: 'string' },
  'per-chapter': { type: 'string' },
  footnotes: { type: 'string' },
  pages: { type: 'string' },
  'password-file': { type: 'string' },
  rules: { type: 'string' },
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

function usage(message: string): AppError {
  return commandUsage('render', message)
}

/** The piece cache's folder: VOICEDESK_CACHE_DIR, else the user's cache folder. */
export function defaultCacheDir(env: Record<string, string | undefined>): string {
  if (env.VOICEDESK_CACHE_DIR) return resolve(env.VOICEDESK_CACHE_DIR)
  const base = env.XDG_CACHE_HOME ? resolve(env.XDG_CACHE_HOME) : join(homedir(), '.cache')
  return join(base, 'voicedesk', 'pieces')
}

/** `--cast NAME=VOICE` options as speaker -> voice (as typed: an id or a name). */
export function parseCast(values: string[]): Record<string, string> {
  const cast: Record<string, string> = {}
  for (const value of values) {
    const eq = value.indexOf('=')
    if (eq <= 0 || eq === value.length - 1)
      throw usage(`--cast needs NAME=VOICE (a voice name or id), got "${value}".`)
    cast[value.slice(0, eq).trim()] = value.slice(eq + 1).trim()
  }
  return cast
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

type RenderValues = ReturnType<typeof parseRenderArgv>['values']

/** The command line parsed: one script FILE and the options, or a usage error. */
function parseRenderArgv(argv: string[]) {
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
  return { file, out: values.out, values }
}

/** The output settings the options ask for, each checked in the order the usage lists them. */
function renderSettings(values: RenderValues, out: string) {
  const format = formatForOutput('render', out, values.format, null, RENDER_FORMATS)
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
  return { format, lufs, preset, mp3, rate }
}

/** The tags the options give (`--author`, `--year`, `--cover`...); only those given. */
function publishingTags(values: RenderValues) {
  const year = values.year === undefined ? undefined : Number(values.year)
  if (year !== undefined && !(Number.isInteger(year) && year >= 1000 && year <= 9999)) {
    throw usage('--year is a four-digit year, e.g. 2026.')
  }
  return Object.fromEntries(
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
}

/**
 * `render`'s arguments checked and its script imported with the options as the project's
 * defaults. Throws a usage error (exit 2) before any request when something does not fit.
 */
export async function loadRenderProject(
  argv: string[],
  onNotice: (notice: string) => void,
): Promise<{ project: Project; values: RenderValues; file: string }> {
  const { file, out, values } = parseRenderArgv(argv)
  const { format, lufs, preset, mp3, rate } = renderSettings(values, out)
  const publishing = publishingTags(values)
  const document = await documentFlags(values)
  // Read before the script: a bad file stops the render before anything else is done or sent.
  const files: LexiconEntry[][] = []
  for (const path of values.lexicon ?? [])
    files.push((await readLexiconFile(resolve(path))).entries)
  const imported = await importScript(resolve(file), {
    ...(values.title !== undefined ? { title: values.title } : {}),
    ...(Object.keys(publishing).length > 0 ? { publishing } : {}),
    ...document,
    onNotice,
    onCleanup: (reports) => {
      for (const line of cleanupLines(reports)) onNotice(line)
    },
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
  const project = withLexiconFiles(imported, files)
  // Checked here with the project's own rate too (a project file may set it): exit 2, no request.
  const mp3Problem =
    project.defaults.format === 'mp3' && project.defaults.mp3
      ? mp3EncodingProblem(project.defaults.mp3, project.defaults.sampleRate)
      : null
  if (mp3Problem !== null) throw usage(mp3Problem)
  return { project, values, file }
}

/** The `--lexicon` files under the project's own entries: later files win, the project over all. */
function withLexiconFiles(project: Project, files: readonly LexiconEntry[][]): Project {
  if (files.length === 0) return project
  return { ...project, lexicon: mergeLexicons(...files, project.lexicon) }
}
