import { randomBytes } from 'node:crypto'
import { open, stat, statfs, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Project } from '../../../../shared/domain/script'
import type { Mp3Encoding } from '../../../../shared/domain/mp3-encoding'
import type { RenderFormat } from '../../../../shared/domain/speech'
import { isAacContainer } from '../../../../shared/domain/speech'
import type { PreflightProblem } from '../../../../shared/errors'
import { formatBytes, formatCount } from '../../../../shared/limits'
import type { PieceCache } from '../fetch/piece-cache'
import type { PlanSummary } from '../plan/voice-uses'

// The pace lives in shared: the Script outline estimates a chapter's length with the same one.
import { ESTIMATE_CHARACTERS_PER_SECOND } from '../../../../shared/domain/spoken-length'

/** Kept free beyond the estimate, so a render never leaves the disk completely full. */
export const SPARE_BYTES = 64 * 1024 * 1024

/**
 * Bytes a second of each output, at its sample rate. WAV and PCM are exact (16-bit mono), and so
 * is a constant-bitrate MP3. The others are ceilings above what their encoders give a mono
 * voice: MP3 (LAME VBR quality 2) and Ogg Vorbis (quality 5) at 160 kbps, the service's AAC at
 * 128 kbps.
 */
export function outputBytesPerSecond(
  format: RenderFormat,
  sampleRate: number,
  mp3?: Mp3Encoding,
): number {
  switch (format) {
    case 'wav':
    case 'pcm':
      return sampleRate * 2
    case 'mp3':
      return mp3?.mode === 'cbr' ? (mp3.bitrateKbps * 1000) / 8 : 20_000
    case 'ogg':
      return 20_000
    case 'aac':
    case 'm4b':
      return 16_000
  }
}

/** Bytes a second of a cached piece: 24 kHz 16-bit PCM, or the service's AAC. */
function cacheBytesPerSecond(format: RenderFormat): number {
  return isAacContainer(format) ? 16_000 : 48_000
}

/** What a render is expected to write, and how the figures were reached (for the message). */
export interface DiskFootprint {
  /** Estimated length of the program: speech at the slow pace plus every pause. */
  seconds: number
  characters: number
  pauseMs: number
  outputBytes: number
  /** The per-block or per-chapter copies (as much again), or 0. */
  partsBytes: number
  /** Pieces not cached yet, as the cache stores them. */
  cacheBytes: number
}

/**
 * The footprint with the cover image counted in every file that embeds it: MP3 and M4B carry its
 * bytes, Ogg carries them in base64 (a third more); WAV, PCM and AAC carry none.
 */
export function withCoverCopies(
  footprint: DiskFootprint,
  coverBytes: number,
  format: RenderFormat,
  parts: number,
): DiskFootprint {
  const inFile =
    format === 'ogg'
      ? Math.ceil((coverBytes * 4) / 3)
      : format === 'mp3' || format === 'm4b'
        ? coverBytes
        : 0
  if (inFile === 0) return footprint
  return {
    ...footprint,
    outputBytes: footprint.outputBytes + inFile,
    partsBytes: footprint.partsBytes + (footprint.partsBytes > 0 ? inFile * parts : 0),
  }
}

/** Estimates what a render writes: the file, its per-chapter copies and the new cached pieces. */
export function estimateFootprint(
  summary: PlanSummary,
  project: Project,
  cache: Pick<PieceCache, 'has'>,
  split: boolean,
): DiskFootprint {
  const { format, sampleRate, mp3 } = project.defaults
  let characters = 0
  let newCharacters = 0
  const counted = new Set<string>()
  for (const piece of summary.pieces) {
    characters += piece.billableCharacters
    if (counted.has(piece.hash) || cache.has(piece.hash)) continue
    counted.add(piece.hash)
    newCharacters += piece.billableCharacters
  }
  const seconds = characters / ESTIMATE_CHARACTERS_PER_SECOND + summary.pauseMs / 1000
  const outputBytes = Math.ceil(seconds * outputBytesPerSecond(format, sampleRate, mp3)) + 44
  return {
    seconds,
    characters,
    pauseMs: summary.pauseMs,
    outputBytes,
    partsBytes: split ? outputBytes : 0,
    cacheBytes: Math.ceil(
      (newCharacters / ESTIMATE_CHARACTERS_PER_SECOND) * cacheBytesPerSecond(format),
    ),
  }
}

function errnoOf(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined
}

/** The path itself when it exists, else its nearest existing parent (a folder to be created). */
async function nearestExisting(path: string): Promise<string> {
  let current = path
  for (;;) {
    try {
      await stat(current)
      return current
    } catch (error) {
      const parent = dirname(current)
      if (errnoOf(error) !== 'ENOENT' || parent === current) return current
      current = parent
    }
  }
}

function folderProblem(message: string): PreflightProblem {
  return { kind: 'folder', message }
}

/**
 * Creates and removes a probe file in `folder`: the one sure test that a render can write there
 * (permission bits say nothing of read-only mounts, immutable flags or ACLs). Null when it can.
 */
async function probeWrite(folder: string): Promise<PreflightProblem | null> {
  const probe = join(folder, `.voicedesk-probe-${randomBytes(6).toString('hex')}`)
  try {
    const handle = await open(probe, 'wx')
    await handle.close()
    await unlink(probe)
    return null
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      return folderProblem(
        `The disk holding ${folder} is full: VoiceDesk could not even create a small file there. Free some space or choose another folder.`,
      )
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      return folderProblem(
        `VoiceDesk can't write to ${folder}. Choose another folder or check its permissions.`,
      )
    }
    return folderProblem(
      `VoiceDesk could not create a file in ${folder}${code ? ` (${code})` : ''}. Choose another folder and try again.`,
    )
  }
}

/**
 * Checks that the output's folder exists and can be written (a probe file is created and removed),
 * that the output name is not a folder, and that a per-block/per-chapter folder can be made.
 */
export async function checkOutputFolders(
  outputPath: string,
  splitDir: string | null,
): Promise<PreflightProblem[]> {
  const folder = dirname(outputPath)
  const info = await stat(folder).catch((error: unknown) => errnoOf(error) ?? 'EIO')
  if (typeof info === 'string' || !info.isDirectory()) {
    return [
      folderProblem(
        info === 'ENOENT' || info === 'ENOTDIR'
          ? `The folder ${folder} does not exist. Choose an existing folder, or create it first.`
          : typeof info === 'string'
            ? `VoiceDesk cannot open the folder ${folder} (${info}). Choose another folder.`
            : `${folder} is a file, not a folder. Choose a folder to render into.`,
      ),
    ]
  }
  const target = await stat(outputPath).catch(() => null)
  if (target?.isDirectory()) {
    return [
      folderProblem(`${outputPath} is a folder, not a file. Choose a file name to render to.`),
    ]
  }
  const problems: PreflightProblem[] = []
  const probed = await probeWrite(folder)
  if (probed !== null) problems.push(probed)
  if (splitDir !== null) {
    const existing = await nearestExisting(splitDir)
    const kind = await stat(existing).catch(() => null)
    if (kind !== null && !kind.isDirectory()) {
      problems.push(
        folderProblem(
          `${existing} is a file, so the folder ${splitDir} for the separate files cannot be made there. Choose another folder for them.`,
        ),
      )
    } else if (kind !== null && existing !== folder) {
      const split = await probeWrite(existing)
      if (split !== null) problems.push(split)
    }
  }
  return problems
}

/** Free bytes for an unprivileged writer on the file system holding `path` (statfs). */
export async function freeBytesAt(path: string): Promise<number> {
  const fs = await statfs(path)
  return fs.bavail * fs.bsize
}

interface SpaceNeed {
  path: string
  bytes: number
  parts: string[]
}

function minutes(seconds: number): string {
  return seconds >= 90 ? `${Math.round(seconds / 60)} min` : `${Math.max(1, Math.round(seconds))} s`
}

/**
 * Checks that each file system a render writes to has room for its share of the estimate plus
 * {@link SPARE_BYTES}: the output's folder (the file, written beside itself and renamed; the
 * per-block/chapter copies) and the piece cache (new pieces). Shares on one file system add up.
 */
export async function checkDiskSpace(
  footprint: DiskFootprint,
  where: {
    outputPath: string
    splitDir: string | null
    cacheDir: string
    format: string
    sampleRate: number
    mp3?: Mp3Encoding
  },
  freeBytes: (path: string) => Promise<number> = freeBytesAt,
): Promise<PreflightProblem[]> {
  const rate = outputBytesPerSecond(where.format as RenderFormat, where.sampleRate, where.mp3)
  const shares: { path: string; bytes: number; part: string }[] = [
    {
      path: dirname(where.outputPath),
      bytes: footprint.outputBytes,
      part: `${basename(where.outputPath)}: ${formatBytes(footprint.outputBytes)} (${where.format.toUpperCase()} at ${where.sampleRate} Hz, about ${formatBytes(rate)} a second)`,
    },
  ]
  if (where.splitDir !== null && footprint.partsBytes > 0) {
    shares.push({
      path: await nearestExisting(where.splitDir),
      bytes: footprint.partsBytes,
      part: `the separate files: ${formatBytes(footprint.partsBytes)}`,
    })
  }
  if (footprint.cacheBytes > 0) {
    shares.push({
      path: where.cacheDir,
      bytes: footprint.cacheBytes,
      part: `new pieces in the piece cache (${where.cacheDir}): ${formatBytes(footprint.cacheBytes)}`,
    })
  }
  const byDevice = new Map<number, SpaceNeed>()
  for (const share of shares) {
    const device = (await stat(share.path)).dev
    const need = byDevice.get(device) ?? { path: share.path, bytes: SPARE_BYTES, parts: [] }
    need.bytes += share.bytes
    need.parts.push(share.part)
    byDevice.set(device, need)
  }
  const problems: PreflightProblem[] = []
  for (const need of byDevice.values()) {
    const free = await freeBytes(need.path)
    if (free >= need.bytes) continue
    problems.push({
      kind: 'space',
      message: `This render needs about ${formatBytes(need.bytes)} free on the disk holding ${need.path}, but only ${formatBytes(free)} is free there. Free some space or choose another folder. How it was estimated: about ${minutes(footprint.seconds)} of audio (${formatCount(footprint.characters)} characters at ${ESTIMATE_CHARACTERS_PER_SECOND} a second, a slow reading pace, plus ${minutes(footprint.pauseMs / 1000)} of pauses); ${need.parts.join('; ')}; and ${formatBytes(SPARE_BYTES)} to spare.`,
    })
  }
  return problems
}
