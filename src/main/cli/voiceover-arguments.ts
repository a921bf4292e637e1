import { extname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import type { ProjectDefaults } from '../../shared/domain/script'
import { commandUsage } from './command-usage'
import { parseCast } from './render-arguments'
import type { FitMode, SlotEnd } from '../core/voiceover/line-fit'
import { DEFAULT_FIT_LIMITS } from '../core/voiceover/line-fit'
import type { OverlapChoice } from '../core/voiceover/subtitle-check'
import type { OriginalAudio } from '../core/voiceover/video-mux'
import { VIDEO_EXTENSIONS } from '../core/voiceover/video-mux'
import { DELIVERY_PRESET_IDS } from '../../shared/domain/delivery'

export const VOICEOVER_HELP = `Usage: voicedesk voiceover SUBTITLES --out FILE [options]

Speaks every line of a subtitle file (.srt, .vtt, .ass, .ssa) on its cue, fitted to the time
until the next line, into one audio track; with --video, into a copy of the video.

Input:
  --video FILE             an MP4, MOV, MKV or WebM video: the track is as long as the video,
                           and --out (a video name) gets a copy of it with the voice-over as
                           its first audio track (the picture is copied as it is)
  --original-audio keep|drop  the video's own sound: kept as a second track (default) or left out
  --overlaps refuse|merge|keep  cues that overlap: stop with the list (default), join them
                           into one line, or keep both lines (the later one starts when the
                           earlier one ends)

Voices:
  --voice VOICE            the voice of lines that name no speaker (a voice id)
  --cast NAME=VOICE        the voice of a speaker (VTT <v NAME>, ASS actor, or NAME: at the
                           start of a line); repeat for each speaker

Fitting a line that is longer than its time:
  --fit rate|stretch|shift rate (default): ask the service to speak it faster, at most
                           --max-rate; stretch: speed it up here with the pitch kept, at most
                           --max-stretch, no extra cost; shift: keep the natural pace and
                           push the following lines later
  --max-rate 1.25          the fastest pace asked for (1.25 = 125%)
  --max-stretch 1.15       the most a line is sped up here
  --slot next|own          a line's time ends at the next cue (default) or at its own end
  A line that still does not fit is never cut off: it is reported with how much it runs over.

Output:
  --out FILE               the audio track (.wav, .mp3, .ogg, .pcm) or, with --video, the
                           new video (.mp4, .mov, .mkv, .webm)
  --audio-format F         with --video: the voice-over's audio (mp3 default; wav for .mkv or
                           .mov; ogg for .webm)
  --sample-rate R          24000 (default), 44100 or 48000
  --loudness LUFS | --preset P   the level of the track, as for render
  --report FILE.json       every line's slot, natural length, final length and what was done
                           (a readable copy is written beside it as .txt)
  --subtitles-out FILE     with --fit shift: the subtitles re-timed to the audio (.srt or .vtt)

Other:
  --dry-run                check the file and show the cost; nothing is sent or written
  --cache-dir DIR          where spoken lines are kept (as for render)
  --json                   print the result (or the --dry-run estimate) as JSON on stdout
  --base-url URL, --plan free|paid, --verbose   as for every command

Exit codes as for render: 2 a subtitle file, video or option that cannot be used (nothing is
sent), 3 the key, 5 limits, 6 the service, 8 the disk, 130 cancelled.

Examples:
  voicedesk voiceover film.srt --out film-vo.mp3 --voice olivia --dry-run
  voicedesk voiceover film.vtt --video film.mp4 --out film-dubbed.mp4 --cast ANNA=emma --fit stretch`

/** The options `voiceover` takes. */
export const VOICEOVER_OPTIONS = {
  out: { type: 'string', short: 'o' },
  video: { type: 'string' },
  'original-audio': { type: 'string' },
  overlaps: { type: 'string' },
  voice: { type: 'string' },
  cast: { type: 'string', multiple: true },
  fit: { type: 'string' },
  'max-rate': { type: 'string' },
  'max-stretch': { type: 'string' },
  slot: { type: 'string' },
  'audio-format': { type: 'string' },
  'sample-rate': { type: 'string' },
  loudness: { type: 'string' },
  preset: { type: 'string' },
  report: { type: 'string' },
  'subtitles-out': { type: 'string' },
  'dry-run': { type: 'boolean' },
  'cache-dir': { type: 'string' },
  json: { type: 'boolean' },
  'base-url': { type: 'string' },
  plan: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>

const usage = (message: string): Error => commandUsage('voiceover', message)

/** What a `voiceover` command line asks for. */
export interface VoiceoverArguments {
  subtitles: string
  out: string
  video: string | null
  originalAudio: OriginalAudio
  overlaps: OverlapChoice
  voiceId: string | undefined
  cast: Record<string, string>
  fit: FitMode
  slotEnd: SlotEnd
  maxRate: number
  maxStretch: number
  /** Where the track is written: `out`, or a file beside it when `out` is the video. */
  audioPath: string
  /** With a video: the voice-over track's format before it is muxed. */
  audioFormat: 'mp3' | 'wav' | 'ogg'
  defaults: Partial<ProjectDefaults>
  report: string | null
  subtitlesOut: string | null
  dryRun: boolean
  json: boolean
  values: Record<string, unknown>
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string,
  fallback: T,
): T {
  if (value === undefined) return fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw usage(`--${name} must be ${allowed.join(' or ')}.`)
}

function factor(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 1 || n > max)
    throw usage(`--${name} must be a number from 1 to ${max} (1.25 = 125%).`)
  return n
}

/** Reads a `voiceover` command line (without the word itself); a usage error names what is wrong. */
export function readVoiceoverArguments(args: string[]): VoiceoverArguments {
  let parsed
  try {
    parsed = parseArgs({ args, options: VOICEOVER_OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw usage(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`)
  }
  const { values, positionals } = parsed
  if (positionals.length !== 1) throw usage('Give exactly one subtitle file.')
  if (!values.out) throw usage('--out is required.')
  const video = values.video ? resolve(values.video) : null
  const out = resolve(values.out)
  if (video && !(VIDEO_EXTENSIONS as readonly string[]).includes(extname(out).toLowerCase())) {
    throw usage(
      `With --video, --out names the new video: end it in ${VIDEO_EXTENSIONS.join(', ')}.`,
    )
  }
  if (
    values.preset !== undefined &&
    !(DELIVERY_PRESET_IDS as readonly string[]).includes(values.preset)
  ) {
    throw usage(`--preset must be one of ${DELIVERY_PRESET_IDS.join(', ')}.`)
  }
  const audioFormat = oneOf(
    values['audio-format'],
    ['mp3', 'wav', 'ogg'] as const,
    'audio-format',
    extname(out).toLowerCase() === '.webm' ? 'ogg' : 'mp3',
  )
  const trackFormat = video
    ? audioFormat
    : oneOf(
        extname(out).slice(1).toLowerCase(),
        ['wav', 'mp3', 'ogg', 'pcm'] as const,
        'out',
        'wav',
      )
  const rate = values['sample-rate'] === undefined ? 24_000 : Number(values['sample-rate'])
  if (rate !== 24_000 && rate !== 44_100 && rate !== 48_000)
    throw usage('--sample-rate must be 24000, 44100 or 48000.')
  const loudness = values.loudness === undefined ? undefined : Number(values.loudness)
  if (loudness !== undefined && !(loudness >= -40 && loudness <= -5))
    throw usage('--loudness must be a level from -40 to -5 LUFS.')
  return {
    subtitles: resolve(positionals[0] ?? ''),
    out,
    video,
    originalAudio: oneOf(
      values['original-audio'],
      ['keep', 'drop'] as const,
      'original-audio',
      'keep',
    ),
    overlaps: oneOf(values.overlaps, ['refuse', 'merge', 'keep'] as const, 'overlaps', 'refuse'),
    voiceId: values.voice,
    cast: parseCast(values.cast ?? []),
    fit: oneOf(values.fit, ['rate', 'stretch', 'shift'] as const, 'fit', 'rate'),
    slotEnd: oneOf(values.slot, ['next', 'own'] as const, 'slot', 'next'),
    maxRate: factor(values['max-rate'], 'max-rate', DEFAULT_FIT_LIMITS.maxRate, 2),
    maxStretch: factor(values['max-stretch'], 'max-stretch', DEFAULT_FIT_LIMITS.maxStretch, 1.5),
    audioPath: video ? `${out}.voiceover.${trackFormat}` : out,
    audioFormat,
    defaults: {
      format: trackFormat,
      sampleRate: rate,
      ...(loudness !== undefined ? { loudness: { mode: 'target', targetLufs: loudness } } : {}),
      ...(values.preset ? { preset: values.preset as ProjectDefaults['preset'] } : {}),
    },
    report: values.report ? resolve(values.report) : null,
    subtitlesOut: values['subtitles-out'] ? resolve(values['subtitles-out']) : null,
    dryRun: values['dry-run'] === true,
    json: values.json === true,
    values,
  }
}
