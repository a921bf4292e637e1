import { rename, rm } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type * as Mediabunny from 'mediabunny'
import type { EncodedPacket, EncodedPacketSink, InputTrack, OutputFormat } from 'mediabunny'
import { AppError } from '../../../shared/errors'

/** What happens to the video's own audio: kept as a second track (not default), or dropped. */
export type OriginalAudio = 'keep' | 'drop'

/** The video containers a voice-over is muxed into, by extension. */
export const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.mkv', '.webm'] as const

function unsupportedVideo(path: string, why: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `VoiceDesk cannot put a voice-over into this video: ${why}. Use an MP4, MOV, MKV or WebM video.`,
    { details: { fields: { video: basename(path) } } },
  )
}

function unkeptAudio(codec: string | null, outputPath: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `The video's own ${codec ?? 'unknown'} audio cannot be kept in a ${extname(outputPath)} file. Drop the original audio (--original-audio drop), or write an .mkv video.`,
  )
}

/** What a mux puts together: the picture's codec, the voice-over's and the kept audio's. */
interface MuxCodecs {
  videoPath: string
  outputPath: string
  videoCodec: string
  voiceCodec: string
  originalCodecs: readonly (string | null)[]
}

/** Refuses a mux the output's container cannot hold, in words that say what to change. */
function refuseUnmuxable(format: OutputFormat, codecs: MuxCodecs): void {
  const ext = extname(codecs.outputPath)
  if (!(format.getSupportedVideoCodecs() as string[]).includes(codecs.videoCodec)) {
    throw unsupportedVideo(
      codecs.videoPath,
      `its ${codecs.videoCodec} video cannot be copied into a ${ext} file`,
    )
  }
  const audio = format.getSupportedAudioCodecs() as string[]
  if (!audio.includes(codecs.voiceCodec)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A ${ext} video cannot hold ${codecs.voiceCodec} audio. Render the voice-over as MP3 (MP4, MOV, MKV) or Ogg (WebM), or write an .mkv video.`,
    )
  }
  const unkept = codecs.originalCodecs.find((codec) => codec === null || !audio.includes(codec))
  if (unkept !== undefined) throw unkeptAudio(unkept, codecs.outputPath)
}

/** The codec mediabunny reads back from a voice-over track written in `format`. */
const VOICE_CODECS = { mp3: 'mp3', ogg: 'vorbis', wav: 'pcm-s16' } as const

/**
 * Checks, before anything is spoken, that the voice-over in `voiceFormat` and the video's own
 * audio (when kept) can go with its picture into the output's container. Why first: a refusal
 * after the render would come after the characters were paid for.
 */
export async function checkVoiceoverMux(input: {
  videoPath: string
  outputPath: string
  voiceFormat: keyof typeof VOICE_CODECS
  originalAudio: OriginalAudio
}): Promise<void> {
  const mb = await import('mediabunny')
  const format = outputFormatFor(mb, input.outputPath)
  const video = new mb.Input({
    source: new mb.FilePathSource(input.videoPath),
    formats: mb.ALL_FORMATS,
  })
  try {
    const videoTrack = await video.getPrimaryVideoTrack().catch(() => null)
    if (!videoTrack?.codec)
      throw unsupportedVideo(input.videoPath, 'it has no video stream VoiceDesk can read')
    const originals = input.originalAudio === 'keep' ? await video.getAudioTracks() : []
    refuseUnmuxable(format, {
      videoPath: input.videoPath,
      outputPath: input.outputPath,
      videoCodec: videoTrack.codec,
      voiceCodec: VOICE_CODECS[input.voiceFormat],
      originalCodecs: originals.map((t) => t.codec),
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unsupportedVideo(input.videoPath, 'its container could not be read')
  } finally {
    video.dispose()
  }
}

function outputFormatFor(mb: typeof Mediabunny, path: string): OutputFormat {
  switch (extname(path).toLowerCase()) {
    case '.mp4':
      return new mb.Mp4OutputFormat()
    case '.mov':
      return new mb.MovOutputFormat()
    case '.mkv':
      return new mb.MkvOutputFormat()
    case '.webm':
      return new mb.WebMOutputFormat()
    default:
      throw unsupportedVideo(path, `the output name must end in ${VIDEO_EXTENSIONS.join(', ')}`)
  }
}

/** A video's length in milliseconds, read by mediabunny (the track's end, not a header guess). */
export async function videoDurationMs(path: string): Promise<number> {
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: new mb.FilePathSource(path), formats: mb.ALL_FORMATS })
  try {
    const video = await input.getPrimaryVideoTrack().catch(() => null)
    if (!video) throw unsupportedVideo(path, 'it has no video stream VoiceDesk can read')
    return Math.round((await input.computeDuration()) * 1000)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unsupportedVideo(path, 'its container could not be read')
  } finally {
    input.dispose()
  }
}

interface Feed {
  packets: AsyncIterator<EncodedPacket>
  add: (packet: EncodedPacket, first: boolean) => Promise<void>
  next: EncodedPacket | null
  first: boolean
}

/**
 * Adds every track's packets in timestamp order across tracks, so the muxer interleaves them as
 * it goes and memory holds one packet a track (a feature film is gigabytes).
 */
async function pull(packets: AsyncIterator<EncodedPacket>): Promise<EncodedPacket | null> {
  const result = await packets.next()
  return result.done ? null : result.value
}

async function interleave(feeds: Feed[]): Promise<void> {
  for (const feed of feeds) feed.next = await pull(feed.packets)
  for (;;) {
    let pick: Feed | null = null
    for (const feed of feeds) {
      if (feed.next && (!pick?.next || feed.next.timestamp < pick.next.timestamp)) pick = feed
    }
    if (!pick?.next) return
    await pick.add(pick.next, pick.first)
    pick.first = false
    pick.next = await pull(pick.packets)
  }
}

function feedOf(
  sink: EncodedPacketSink,
  add: (packet: EncodedPacket, first: boolean) => Promise<void>,
): Feed {
  return { packets: sink.packets()[Symbol.asyncIterator](), add, next: null, first: true }
}

/**
 * Writes a copy of `videoPath` at `outputPath` whose first, default audio track is the voice-over
 * at `audioPath`, the video stream copied packet for packet (never decoded or re-encoded), and
 * the video's own audio kept after it as a non-default track or dropped. Written to a temporary
 * name beside the output and renamed when complete.
 */
export async function muxVoiceover(input: {
  videoPath: string
  audioPath: string
  outputPath: string
  originalAudio: OriginalAudio
}): Promise<void> {
  const mb = await import('mediabunny')
  const format = outputFormatFor(mb, input.outputPath)
  const video = new mb.Input({
    source: new mb.FilePathSource(input.videoPath),
    formats: mb.ALL_FORMATS,
  })
  const voice = new mb.Input({
    source: new mb.FilePathSource(input.audioPath),
    formats: mb.ALL_FORMATS,
  })
  const temp = join(
    dirname(input.outputPath),
    `.${basename(input.outputPath)}.${randomBytes(6).toString('hex')}.partial`,
  )
  try {
    const videoTrack = await video.getPrimaryVideoTrack().catch(() => null)
    if (!videoTrack?.codec)
      throw unsupportedVideo(input.videoPath, 'it has no video stream VoiceDesk can read')
    const voiceTrack = await voice.getPrimaryAudioTrack()
    if (!voiceTrack?.codec)
      throw new AppError('INTERNAL', 'The voice-over track could not be read back for muxing.')
    const originals = input.originalAudio === 'keep' ? await video.getAudioTracks() : []
    refuseUnmuxable(format, {
      videoPath: input.videoPath,
      outputPath: input.outputPath,
      videoCodec: videoTrack.codec,
      voiceCodec: voiceTrack.codec,
      originalCodecs: originals.map((t) => t.codec),
    })
    const output = new mb.Output({ format, target: new mb.FilePathTarget(temp) })
    const feeds: Feed[] = []
    const videoSource = new mb.EncodedVideoPacketSource(videoTrack.codec)
    output.addVideoTrack(videoSource, {
      rotation: await videoTrack.getRotation(),
      ...languageOf(videoTrack),
    })
    const videoConfig = await videoTrack.getDecoderConfig()
    feeds.push(
      feedOf(new mb.EncodedPacketSink(videoTrack), (p, first) =>
        videoSource.add(p, first && videoConfig ? { decoderConfig: videoConfig } : undefined),
      ),
    )
    for (const [i, track] of [voiceTrack, ...originals].entries()) {
      feeds.push(await audioFeed(mb, output, format, track, i === 0, input.outputPath))
    }
    await output.start()
    await interleave(feeds)
    await output.finalize()
    await rename(temp, input.outputPath)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  } finally {
    video.dispose()
    voice.dispose()
  }
}

function languageOf(track: InputTrack): { languageCode?: string } {
  const code = track.languageCode
  return code && code !== 'und' ? { languageCode: code } : {}
}

/** One audio track added to `output`: the voice-over (first, default) or an original. */
async function audioFeed(
  mb: typeof Mediabunny,
  output: Mediabunny.Output,
  format: OutputFormat,
  track: Mediabunny.InputAudioTrack,
  voiceOver: boolean,
  outputPath: string,
): Promise<Feed> {
  const codec = track.codec
  if (!codec) throw unkeptAudio(null, outputPath)
  const source = new mb.EncodedAudioPacketSource(codec)
  output.addAudioTrack(source, {
    disposition: { default: voiceOver },
    name: voiceOver ? 'Voice-over' : 'Original audio',
    ...(voiceOver ? {} : languageOf(track)),
  })
  const config = await track.getDecoderConfig()
  return feedOf(new mb.EncodedPacketSink(track), (p, first) =>
    source.add(p, first && config ? { decoderConfig: config } : undefined),
  )
}
