import { stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { DeliveryPreset } from '../../../../shared/domain/delivery'
import { DELIVERY_PRESETS } from '../../../../shared/domain/delivery'
import type { Project } from '../../../../shared/domain/script'
import type { Mp3Encoding } from '../../../../shared/domain/mp3-encoding'
import { mp3EncodingProblem } from '../../../../shared/domain/mp3-encoding'
import type { RenderFormat } from '../../../../shared/domain/speech'
import { isAacContainer } from '../../../../shared/domain/speech'
import type { Voice } from '../../../../shared/domain/voice'
import type { PreflightProblem } from '../../../../shared/errors'
import { AppError } from '../../../../shared/errors'
import type { Logger } from '../../log/logger'
import type { PieceCache } from '../fetch/piece-cache'
import {
  checkDiskSpace,
  checkOutputFolders,
  estimateFootprint,
  freeBytesAt,
  withCoverCopies,
} from './preflight-disk'
import { checkVoiceUses } from './preflight-voices'
import { checkCover } from '../assemble/publishing-tags'
import type { SplitOutput } from '../assemble/render-outputs'
import { splitPartCount } from '../assemble/render-outputs'
import type { PlanSummary, VoiceUse } from '../plan/voice-uses'

/** Channels of every file VoiceDesk writes: the service speaks mono, and it is kept mono. */
export const OUTPUT_CHANNELS = 1

/**
 * What a delivery preset (ACX, podcast, broadcast...) demands of the output that can be known
 * before rendering. Each field left out is not constrained. The presets themselves are defined
 * by the export work; this is the hook their constraints are checked through.
 */
export interface PresetRequirements {
  /** As the user knows it: "ACX/Audible". */
  name: string
  formats?: readonly RenderFormat[]
  sampleRates?: readonly number[]
  channels?: number
  /** The preset sets a loudness, so the output must be measurable and take a gain (not AAC). */
  loudnessTarget?: boolean
  /** The preset applies its own level as a gain: the output must take one (not AAC or M4B). */
  needsGain?: boolean
  /** The MP3 encoding the preset takes (ACX: 192 kbps constant). */
  mp3?: Mp3Encoding
}

/** What one of VoiceDesk's delivery presets demands of the settings before a render. */
export function presetRequirements(preset: DeliveryPreset): PresetRequirements {
  return {
    name: preset.name,
    ...(preset.format ? { formats: [preset.format] } : {}),
    ...(preset.sampleRate ? { sampleRates: [preset.sampleRate] } : {}),
    channels: OUTPUT_CHANNELS,
    needsGain: true,
    ...(preset.mp3 ? { mp3: preset.mp3 } : {}),
  }
}

/** The extensions each format is written under; one of another format's is refused. */
export const FORMAT_EXTENSIONS: Record<RenderFormat, readonly string[]> = {
  wav: ['wav', 'wave'],
  mp3: ['mp3'],
  ogg: ['ogg', 'oga'],
  aac: ['aac'],
  m4b: ['m4b', 'm4a'],
  pcm: ['pcm', 'raw'],
}

/**
 * The output's extension against its format: an extension of another format VoiceDesk writes is
 * refused (WAV bytes under `.mp3`, which players open as MP3 and fail on). Why other names pass:
 * the command line lets `--format` choose the bytes of a file named otherwise (`take.bin`,
 * `book.flac`), an explicit choice its docs promise; without `--format` it refuses them itself.
 */
export function checkOutputExtension(outputPath: string, format: RenderFormat): PreflightProblem[] {
  const ext = extname(outputPath).slice(1).toLowerCase()
  if (ext === '' || FORMAT_EXTENSIONS[format].includes(ext)) return []
  if (!Object.values(FORMAT_EXTENSIONS).flat().includes(ext)) return []
  return [
    {
      kind: 'format',
      // The file's name, not its folder: the reason is read first, and a path is no reason.
      message: `The file ${basename(outputPath)} ends in .${ext}, but the format chosen is ${format.toUpperCase()}: players would open it as the wrong kind of file. Name it .${FORMAT_EXTENSIONS[format][0]}, or choose the format its name says.`,
    },
  ]
}

/** An MP3 bitrate the encoder cannot write at the render's sample rate (it would write another). */
export function checkMp3Encoding(project: Project): PreflightProblem[] {
  const { format, sampleRate, mp3 } = project.defaults
  const problem = format === 'mp3' && mp3 ? mp3EncodingProblem(mp3, sampleRate) : null
  return problem === null ? [] : [{ kind: 'format', message: problem }]
}

/** What `preset` rules out in the render's settings (format, sample rate, channels, loudness). */
export function checkPreset(project: Project, preset: PresetRequirements): PreflightProblem[] {
  const { format, sampleRate, loudness } = project.defaults
  const problems: PreflightProblem[] = []
  const fail = (message: string): void => void problems.push({ kind: 'preset', message })
  if (preset.formats && !preset.formats.includes(format)) {
    fail(
      `${preset.name} takes ${preset.formats.map((f) => f.toUpperCase()).join(' or ')}, not ${format.toUpperCase()}. Choose ${preset.formats[0]?.toUpperCase()} for this preset.`,
    )
  }
  if (preset.sampleRates && !preset.sampleRates.includes(sampleRate)) {
    fail(
      `${preset.name} takes ${preset.sampleRates.map((r) => `${r} Hz`).join(' or ')}, not ${sampleRate} Hz. Choose ${preset.sampleRates[0]} Hz for this preset.`,
    )
  }
  if (preset.channels !== undefined && preset.channels !== OUTPUT_CHANNELS) {
    fail(
      `${preset.name} takes ${preset.channels} channels, and VoiceDesk writes mono (the voice is mono). Choose another preset.`,
    )
  }
  if (preset.needsGain && isAacContainer(format)) {
    fail(
      `${preset.name} sets the level, and ${format.toUpperCase()} output takes no gain (its frames are joined as the service sent them). Choose MP3, Ogg or WAV for this preset.`,
    )
  }
  const mp3 = project.defaults.mp3 ?? { mode: 'vbr' }
  if (preset.mp3 && format === 'mp3' && JSON.stringify(mp3) !== JSON.stringify(preset.mp3)) {
    const wanted =
      preset.mp3.mode === 'cbr'
        ? `${preset.mp3.bitrateKbps} kbps constant bitrate`
        : 'variable bitrate'
    fail(`${preset.name} takes MP3 at ${wanted}. Choose it for this preset.`)
  }
  if (preset.loudnessTarget && (isAacContainer(format) || loudness.mode !== 'target')) {
    fail(
      isAacContainer(format)
        ? `${preset.name} sets a loudness, and ${format.toUpperCase()} output takes no gain (its frames are joined as the service sent them). Choose another format for this preset.`
        : `${preset.name} sets a loudness, and this render keeps the level the service delivers. Choose a loudness target for this preset.`,
    )
  }
  return problems
}

/** Most problems spelled out in one message; the details carry them all. */
const LISTED = 6

/**
 * One error for what the checks found: DISK when it is about the folder or the space, else
 * VALIDATION_FAILED. Every problem is in `details.preflight`; the message names them (the first
 * six) and says that nothing was sent.
 */
export function preflightError(problems: PreflightProblem[]): AppError {
  const disk = problems.every((p) => p.kind === 'folder' || p.kind === 'space')
  const first = problems[0]?.message ?? ''
  const listed = problems.slice(0, LISTED).map((p, i) => `${i + 1}. ${p.message}`)
  const more = problems.length - LISTED
  const message =
    problems.length === 1
      ? `${first} Nothing was sent to the service.`
      : `${problems.length} things need fixing before this render can start; nothing was sent to the service. ${listed.join(' ')}${more > 0 ? ` And ${more} more.` : ''}`
  return new AppError(disk ? 'DISK' : 'VALIDATION_FAILED', message, {
    details: { preflight: problems },
  })
}

/** Where a render's voices are looked up: the account's voice list (one read, not billed). */
export type VoiceCatalog = (signal?: AbortSignal) => Promise<Voice[]>

/**
 * Checks the voices of a render against the catalog: every voice exists, offers the model asked
 * and speaks the language. A catalog the credential may not read (an access token without
 * voices:read) is not a reason to refuse: the check is skipped and logged. Throws what it found.
 */
export async function checkRenderVoices(
  uses: VoiceUse[],
  catalog: VoiceCatalog,
  options: { signal?: AbortSignal; logger?: Logger } = {},
): Promise<void> {
  if (uses.length === 0) return
  let voices: Voice[]
  try {
    voices = await catalog(options.signal)
  } catch (error) {
    if (error instanceof AppError && error.code === 'SCOPE_MISSING') {
      options.logger?.warn('voice list not readable: voices not checked before the render', {
        code: error.code,
      })
      return
    }
    throw error
  }
  const problems = checkVoiceUses(uses, voices)
  if (problems.length > 0) throw preflightError(problems)
}

/** What {@link preflightRender} checks. */
export interface PreflightOptions {
  project: Project
  summary: PlanSummary
  outputPath: string
  split: SplitOutput | null
  cache: Pick<PieceCache, 'has' | 'dir'>
  /** Null when the source has no catalog (a test's fake): the voices are then not checked. */
  catalog: VoiceCatalog | null
  preset?: PresetRequirements | null
  signal?: AbortSignal
  logger?: Logger
  /** Free bytes at a path (statfs by default). */
  freeBytes?: (path: string) => Promise<number>
}

/**
 * Everything a render can get wrong that is known before its first billable request, checked
 * locally in this order, each step throwing what it found: the format against the output's
 * extension, the MP3 bitrate against the sample rate, and the preset; the cover image; the output folder
 * (exists, can be written: a probe file is created and removed); the free space for the
 * estimated output, copies and new cached pieces; the voices against the catalog. Writes
 * nothing that stays, sends nothing billable.
 */
export async function preflightRender(options: PreflightOptions): Promise<void> {
  const { project, outputPath, split } = options
  const chosen = project.defaults.preset ? DELIVERY_PRESETS[project.defaults.preset] : null
  const preset = options.preset ?? (chosen ? presetRequirements(chosen) : null)
  const settings = [
    ...checkOutputExtension(outputPath, project.defaults.format),
    ...checkMp3Encoding(project),
    ...(preset ? checkPreset(project, preset) : []),
  ]
  if (settings.length > 0) throw preflightError(settings)
  const cover = await checkCover(project)
  if (cover.length > 0) throw preflightError(cover)
  const splitDir = split?.dir ?? null
  const folders = await checkOutputFolders(outputPath, splitDir)
  if (folders.length > 0) throw preflightError(folders)
  // The cover was checked above: a regular file of known size, copied into every file written.
  const coverPath = project.publishing.coverPath
  const footprint = withCoverCopies(
    estimateFootprint(options.summary, project, options.cache, split !== null),
    coverPath === undefined ? 0 : (await stat(coverPath)).size,
    project.defaults.format,
    split
      ? splitPartCount(
          project.blocks.map((b) => ({ id: b.id, chapter: b.chapter ?? null })),
          split.mode,
        )
      : 0,
  )
  const space = await checkDiskSpace(
    footprint,
    {
      outputPath,
      splitDir,
      cacheDir: options.cache.dir,
      format: project.defaults.format,
      sampleRate: project.defaults.sampleRate,
      ...(project.defaults.mp3 ? { mp3: project.defaults.mp3 } : {}),
    },
    options.freeBytes ?? freeBytesAt,
  )
  if (space.length > 0) throw preflightError(space)
  if (options.catalog !== null) {
    await checkRenderVoices(options.summary.uses, options.catalog, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    })
  }
}
