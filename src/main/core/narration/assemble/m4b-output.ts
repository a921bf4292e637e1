import type { EncodedAudioPacketSource, MetadataTags, Output, StreamTargetChunk } from 'mediabunny'
import type * as Mediabunny from 'mediabunny'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { adtsFrameLength } from '../../audio/adts'
import type { AudioTags } from '../../audio/audio-tags'
import { ENCODED_BY } from '../../audio/audio-tags'
import { withChapters } from '../../audio/mp4-chapters'
import type { ChapterTime } from './audio-output'
import { AAC_FRAME_SAMPLES } from './aac-frames'
import type { OutputFile } from './output-file'
import { createOutputFile } from './output-file'

/**
 * AudioSpecificConfig of the service's AAC: object type 2 (LC), frequency index 6 (24 kHz),
 * channel configuration 1 (mono), then three zero flags: 00010 0110 0001 000.
 */
const AAC_LC_24K_MONO_CONFIG = Uint8Array.of(0x13, 0x08)
const FRAME_SECONDS = AAC_FRAME_SAMPLES / PCM_SAMPLE_RATE

/** An M4B being written from ADTS frames: AAC in MP4, with tags, cover and chapters. */
export interface M4bOutput {
  readonly path: string
  /** Appends whole ADTS frames (as the service sends them, or silent ones); returns the count. */
  write(adts: Uint8Array): Promise<number>
  /** Finishes the MP4, adds the chapter list, verifies the file and renames it into place. */
  commit(final?: { chapterTimes?: readonly ChapterTime[] }): Promise<void>
  abort(): Promise<void>
}

function metadataOf(tags: AudioTags): MetadataTags {
  const raw: Record<string, string> = { '©too': ENCODED_BY }
  // The narrator: composer (©wrt, what iTunes-style audiobooks use) and Audible's ©nrt.
  if (tags.narrator) Object.assign(raw, { '©wrt': tags.narrator, '©nrt': tags.narrator })
  return {
    ...(tags.title ? { title: tags.title } : {}),
    ...(tags.author ? { artist: tags.author, albumArtist: tags.author } : {}),
    ...(tags.album ? { album: tags.album } : {}),
    ...(tags.genre ? { genre: tags.genre } : {}),
    ...(tags.comment ? { comment: tags.comment } : {}),
    ...(tags.year !== undefined ? { date: new Date(Date.UTC(tags.year, 0, 1)) } : {}),
    ...(tags.track
      ? {
          trackNumber: tags.track.number,
          ...(tags.track.total ? { tracksTotal: tags.track.total } : {}),
        }
      : {}),
    ...(tags.cover
      ? { images: [{ data: tags.cover.data, mimeType: tags.cover.mime, kind: 'coverFront' }] }
      : {}),
    raw,
  }
}

/** The raw AAC frames inside ADTS bytes (headers stripped); the bytes were checked on arrival. */
function* rawFrames(adts: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at + 7 <= adts.byteLength;) {
    const length = adtsFrameLength(adts, at)
    const header = adts[at + 1]! & 0x01 ? 7 : 9 // protection_absent: no CRC
    yield adts.subarray(at + header, at + length)
    at += length
  }
}

/**
 * Opens an M4B (MP4 with AAC) at `path`. The muxing is mediabunny's (MPL-2.0, no dependencies):
 * the service's AAC frames go in as they are, one packet per frame, no re-encoding. The moov box
 * is written last (no fast start: constant memory whatever the book's length), then given the
 * chapters: a Nero list and a QuickTime chapter track (see mp4-chapters.ts). Nothing appears
 * under `path` before `commit`, which checks the file by reading it back (frames and length).
 */
export async function openM4bOutput(
  path: string,
  options: { tags?: AudioTags; chapterTitles?: readonly string[]; signal?: AbortSignal } = {},
): Promise<M4bOutput> {
  // Loaded on first use: mediabunny is a large module graph, and most renders (and every other
  // CLI command) never write an M4B.
  const mediabunny = await import('mediabunny')
  const file: OutputFile = await createOutputFile(
    path,
    options.signal ? { signal: options.signal } : {},
  )
  const { output, source, finishMoov } = startMuxer(mediabunny, file, options.tags)
  const titles = options.chapterTitles ?? []
  let frames = 0
  try {
    await output.start()
  } catch (error) {
    await file.abort()
    throw error
  }

  return {
    path,
    async write(adts) {
      let count = 0
      for (const frame of rawFrames(adts)) {
        const packet = new mediabunny.EncodedPacket(
          frame,
          'key',
          frames * FRAME_SECONDS,
          FRAME_SECONDS,
        )
        await source.add(
          packet,
          frames === 0
            ? {
                decoderConfig: {
                  codec: 'mp4a.40.2',
                  sampleRate: PCM_SAMPLE_RATE,
                  numberOfChannels: 1,
                  description: AAC_LC_24K_MONO_CONFIG,
                },
              }
            : undefined,
        )
        frames += 1
        count += 1
      }
      return count
    },
    async commit(final) {
      const times = final?.chapterTimes ?? []
      if (times.length !== titles.length) {
        throw new Error(`${times.length} chapter times given for ${titles.length} chapters`)
      }
      const written = await finishMoov()
      if (titles.length > 0) {
        const chapters = titles.map((title, i) => ({ title, ...times[i]! }))
        const totalMs = (frames * AAC_FRAME_SAMPLES * 1000) / PCM_SAMPLE_RATE
        const laid = withChapters(written.data, written.position, chapters, totalMs)
        await file.writeAt(laid.moov, written.position)
        await file.writeAt(laid.tail, written.position + laid.moov.byteLength)
      }
      await file.commit({
        format: 'm4b',
        sampleRate: PCM_SAMPLE_RATE,
        samples: frames * AAC_FRAME_SAMPLES,
      })
    },
    async abort() {
      await output.cancel().catch(() => undefined)
      await file.abort()
    },
  }
}

/**
 * mediabunny's MP4 muxer writing into `file`. `finishMoov` finalizes the file and returns the
 * moov box, which it checks is the file's last box (so the chapters can grow it in place).
 */
function startMuxer(
  mediabunny: typeof Mediabunny,
  file: OutputFile,
  tags: AudioTags | undefined,
): {
  output: Output
  source: EncodedAudioPacketSource
  finishMoov: () => Promise<{ data: Uint8Array; position: number }>
} {
  const { EncodedAudioPacketSource, Mp4OutputFormat, Output, StreamTarget } = mediabunny
  let end = 0
  let moov: { data: Uint8Array; position: number } | null = null
  const sink = new WritableStream<StreamTargetChunk>({
    async write(chunk) {
      // Appends go through the file's append path (background flushing); the muxer's
      // going back to fix a size is a positional write.
      if (chunk.position === end) await file.write(chunk.data.slice())
      else await file.writeAt(chunk.data.slice(), chunk.position)
      end = Math.max(end, chunk.position + chunk.data.byteLength)
    },
  })
  const output = new Output({
    format: new Mp4OutputFormat({
      fastStart: false,
      onMoov: (data, position) => {
        moov = { data: data.slice(), position }
      },
    }),
    target: new StreamTarget(sink),
  })
  const source = new EncodedAudioPacketSource('aac')
  output.addAudioTrack(source)
  if (tags) output.setMetadataTags(metadataOf(tags))
  const finishMoov = async (): Promise<{ data: Uint8Array; position: number }> => {
    await output.finalize()
    const written = moov
    // Growing moov in place is safe only when nothing follows it.
    if (written === null || written.position + written.data.byteLength !== end) {
      throw new Error('the MP4 muxer did not end the file with its moov box')
    }
    return written
  }
  return { output, source, finishMoov }
}
