import { open } from 'node:fs/promises'
import { AppError } from '../../../../shared/errors'
import { createAudioChecker } from '../../audio/check'
import { readInfoTag } from '../../audio/mp3-info-tag'
import { id3v2Size } from '../../audio/verdict'
import type { AtomicFile } from '../../files/atomic-write'
import { createAtomicFile } from '../../files/atomic-write'

/** The formats an output is verified as before it gets its name. */
export type VerifiableFormat = 'wav' | 'pcm' | 'mp3' | 'ogg' | 'aac' | 'm4b'

/** What the finished file must hold: the exact length in samples at the output rate. */
export interface OutputExpectation {
  format: VerifiableFormat
  sampleRate: number
  /** Exact program length at the output rate (after any resampling). */
  samples: number
}

/** A finished-output file being written beside its target: an atomic file verified as audio. */
export interface OutputFile extends Omit<AtomicFile, 'commit'> {
  /**
   * Waits for the writes, fsyncs once, verifies the file, renames it over the target and fsyncs
   * the folder. On failure the temporary file is removed and the target is untouched.
   * `whileSyncing` runs while the fsync is under way (CPU work that would otherwise follow it).
   */
  commit(expect: OutputExpectation, whileSyncing?: () => void): Promise<void>
}

/** While streaming, flush written data to disk in the background every this many bytes. */
const BACKGROUND_SYNC_BYTES = 64 * 1024 * 1024

const HEAD_BYTES = 64 * 1024

/**
 * Checks a finished output with the container walkers of core/audio: every MP3 frame, every Ogg
 * page (CRC, sequence, end-of-stream), every ADTS frame, the WAV chunk sizes; and its length
 * against the program's: exact for WAV, PCM and AAC, the Vorbis granule for Ogg, and for MP3 the
 * samples a gapless decoder plays, with the Info frame's frame and byte counts and LAME tag CRC.
 */
export async function verifyOutput(path: string, expect: OutputExpectation): Promise<void> {
  if (expect.format === 'm4b') return verifyMp4(path, expect)
  const checker = createAudioChecker(expect.format)
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    if (expect.format === 'wav' || expect.format === 'pcm') {
      // Why only the head is read: these walkers check the header and the sizes, never the
      // samples, so the rest is accounted for by its length (no need to read gigabytes back).
      const head = new Uint8Array(Math.min(size, HEAD_BYTES))
      await handle.read(head, 0, head.byteLength, 0)
      checker.push(head)
      const filler = new Uint8Array(Math.min(4 * 1024 * 1024, Math.max(0, size - head.byteLength)))
      for (let left = size - head.byteLength; left > 0; left -= filler.byteLength) {
        checker.push(filler.subarray(0, Math.min(left, filler.byteLength)))
      }
    } else {
      const chunk = new Uint8Array(1024 * 1024)
      for (let position = 0; position < size;) {
        const { bytesRead } = await handle.read(chunk, 0, chunk.byteLength, position)
        if (bytesRead === 0) break
        checker.push(chunk.subarray(0, bytesRead))
        position += bytesRead
      }
    }
  } finally {
    await handle.close()
  }
  const verdict = checker.finish()
  const refuse = (reason: string): AppError =>
    new AppError(
      'DISK',
      `The finished ${expect.format.toUpperCase()} file is damaged (${reason}). Render again.`,
    )
  if (!verdict.ok) throw refuse(verdict.reason)
  const expectedMs = (expect.samples / expect.sampleRate) * 1000
  const units = verdict.units
  switch (expect.format) {
    case 'wav':
    case 'pcm':
      if (units !== expect.samples) throw refuse(`${units} samples instead of ${expect.samples}`)
      break
    case 'aac':
      if (units * 1024 !== expect.samples)
        throw refuse(`${units} AAC frames instead of ${expect.samples / 1024}`)
      break
    case 'ogg':
      if (verdict.durationMs === null || Math.abs(verdict.durationMs - expectedMs) > 1)
        throw refuse(`it lasts ${String(verdict.durationMs)} ms instead of ${expectedMs} ms`)
      break
    case 'mp3': {
      // The LAME tag trims the encoder's delay and padding: a gapless decoder plays exactly the
      // program. The Info frame must count every frame and byte (players trust it for length).
      const played =
        verdict.durationMs === null
          ? null
          : Math.round((verdict.durationMs * expect.sampleRate) / 1000)
      if (played !== expect.samples)
        throw refuse(`it plays ${String(played)} samples for ${expect.samples} of audio`)
      const problem = await infoFrameProblem(path, units)
      if (problem !== null) throw refuse(problem)
      break
    }
  }
}

/**
 * Reads a finished M4B back with mediabunny's MP4 demuxer (a reader independent of the writer's
 * own bookkeeping): one AAC track at the program's rate, mono, with every frame of the program.
 */
async function verifyMp4(path: string, expect: OutputExpectation): Promise<void> {
  const refuse = (reason: string): AppError =>
    new AppError('DISK', `The finished M4B file is damaged (${reason}). Render again.`)
  const { EncodedPacketSink, FilePathSource, Input, MP4 } = await import('mediabunny')
  const input = new Input({ formats: [MP4], source: new FilePathSource(path) })
  try {
    const track = await input.getPrimaryAudioTrack().catch((error: unknown) => {
      throw refuse(error instanceof Error ? error.message : String(error))
    })
    if (track === null) throw refuse('no audio track')
    if (track.codec !== 'aac') throw refuse(`its audio is ${String(track.codec)}, not AAC`)
    if (track.sampleRate !== expect.sampleRate || track.numberOfChannels !== 1) {
      throw refuse(`${track.numberOfChannels} channels at ${track.sampleRate} Hz`)
    }
    let frames = 0
    const sink = new EncodedPacketSink(track)
    for await (const packet of sink.packets(undefined, undefined, { metadataOnly: true })) {
      if (packet.byteLength === 0) throw refuse(`frame ${frames + 1} is empty`)
      frames += 1
    }
    if (frames * 1024 !== expect.samples) {
      throw refuse(`${frames} AAC frames instead of ${expect.samples / 1024}`)
    }
  } finally {
    input.dispose()
  }
}

/** What is wrong with the Info frame at the head of a finished MP3, or null when it is right. */
async function infoFrameProblem(path: string, frames: number): Promise<string | null> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const head = new Uint8Array(Math.min(size, HEAD_BYTES))
    await handle.read(head, 0, head.byteLength, 0)
    const tag = id3v2Size(head, 0)
    const info = tag >= 0 && tag < head.byteLength ? readInfoTag(head, tag) : null
    if (info === null) return 'no Info frame'
    if (info.frames !== frames) return `its Info frame counts ${info.frames} of ${frames} frames`
    if (info.bytes !== size - tag)
      return `its Info frame counts ${info.bytes} of ${size - tag} bytes`
    if (!info.tagCrcOk) return 'its LAME tag checksum is wrong'
    return null
  } finally {
    await handle.close()
  }
}

/**
 * Opens a temporary file beside `target` for a finished output: the shared atomic file, flushed
 * in the background while the render goes on (a narration output can be gigabytes; turn it off
 * with `backgroundSync: false`) and verified as audio before it gets its name.
 */
export async function createOutputFile(
  target: string,
  options: { signal?: AbortSignal; backgroundSync?: boolean; startFrom?: string } = {},
): Promise<OutputFile> {
  const file = await createAtomicFile(target, {
    signal: options.signal,
    backgroundSyncBytes: options.backgroundSync === false ? undefined : BACKGROUND_SYNC_BYTES,
    ...(options.startFrom === undefined ? {} : { startFrom: options.startFrom }),
  })
  return {
    tempPath: file.tempPath,
    handle: file.handle,
    get bytesWritten() {
      return file.bytesWritten
    },
    write: (chunk) => file.write(chunk),
    writeAt: (chunk, position) => file.writeAt(chunk, position),
    truncate: (length) => file.truncate(length),
    syncInBackground: () => file.syncInBackground(),
    commit: (expect, whileSyncing) =>
      file.commit((tempPath) => verifyOutput(tempPath, expect), { whileSyncing }),
    abort: () => file.abort(),
  }
}
