import type { EncodedPacket, EncodedPacketSink, Input } from 'mediabunny'
import { basename } from 'node:path'
import type { WaveSlice } from '../../../shared/domain/render-playback'
import { MAX_AUDIO_CHUNK_BYTES, WAVE_SLICE_SECONDS } from '../../../shared/domain/render-playback'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import {
  AAC_FRAME_SAMPLES,
  adtsHeader,
  MAX_ADTS_FRAME_BYTES,
} from '../narration/assemble/aac-frames'

const FRAME_SECONDS = AAC_FRAME_SAMPLES / PCM_SAMPLE_RATE
/** Frames a slice carries before its stretch: the decoder's overlap needs the one before. */
const WARM_UP_FRAMES = 2

interface OpenTrack {
  input: Input
  sink: EncodedPacketSink
}

function unreadable(path: string, reason: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `The waveform of ${basename(path)} cannot be drawn: ${reason}. Render again to play it here with its waveform.`,
  )
}

/**
 * The frames of a finished AAC (ADTS) or M4B render, handed out as ADTS slices of about
 * {@link WAVE_SLICE_SECONDS} so the window can decode a book of any length one bounded piece at a
 * time: main has no AAC decoder, the window's Web Audio has. The file is read through mediabunny
 * (already used to write M4B), which finds a time's frame from the MP4 sample table or its ADTS
 * index without decoding; each M4B frame gets back the ADTS header the render took off.
 */
export class AacWaveSlices {
  #track: Promise<OpenTrack> | null = null

  constructor(
    private readonly path: string,
    private readonly container: 'aac' | 'm4b',
  ) {}

  /** The slice whose stretch starts at `fromSeconds` (0 for the first, then each `toSeconds`). */
  async slice(fromSeconds: number): Promise<WaveSlice> {
    this.#track ??= this.#open()
    const { sink } = await this.#track
    const first =
      (await sink.getPacket(Math.max(0, fromSeconds - WARM_UP_FRAMES * FRAME_SECONDS))) ??
      (await sink.getFirstPacket())
    if (first === null) throw unreadable(this.path, 'it holds no audio frames')
    const until = fromSeconds + WAVE_SLICE_SECONDS
    const frames: Uint8Array[] = []
    let bytes = 0
    let next: EncodedPacket | null = null
    for await (const packet of sink.packets(first)) {
      const frame = this.#adtsFrame(packet)
      if (frames.length > WARM_UP_FRAMES && packet.timestamp > fromSeconds) {
        // Cut at a frame boundary, by time or by size, whichever comes first.
        if (packet.timestamp >= until || bytes + frame.byteLength > MAX_AUDIO_CHUNK_BYTES) {
          next = packet
          break
        }
      }
      frames.push(frame)
      bytes += frame.byteLength
    }
    const adts = new Uint8Array(bytes)
    let at = 0
    for (const frame of frames) {
      adts.set(frame, at)
      at += frame.byteLength
    }
    const end = first.timestamp + frames.length * FRAME_SECONDS
    return {
      adts,
      startSeconds: first.timestamp,
      fromSeconds: Math.max(fromSeconds, first.timestamp),
      toSeconds: next?.timestamp ?? end,
      last: next === null,
    }
  }

  /** Lets go of the open file. */
  dispose(): void {
    const track = this.#track
    this.#track = null
    void track?.then(({ input }) => input.dispose()).catch(() => undefined)
  }

  #adtsFrame(packet: EncodedPacket): Uint8Array {
    // An ADTS file's packets keep their headers; an M4B's are raw frames.
    if (this.container === 'aac') return packet.data
    const length = packet.byteLength + 7
    if (length > MAX_ADTS_FRAME_BYTES) throw unreadable(this.path, 'an AAC frame is too long')
    const frame = new Uint8Array(length)
    frame.set(adtsHeader(length))
    frame.set(packet.data, 7)
    return frame
  }

  async #open(): Promise<OpenTrack> {
    // Loaded on first use, as for writing: most sessions never play an AAC render.
    const { ALL_FORMATS, EncodedPacketSink, FilePathSource, Input } = await import('mediabunny')
    const input = new Input({ source: new FilePathSource(this.path), formats: ALL_FORMATS })
    try {
      const track = await input.getPrimaryAudioTrack()
      if (track === null) throw unreadable(this.path, 'it holds no audio track')
      const codec = await track.getCodecParameterString()
      // The header given back to M4B frames says AAC-LC, 24 kHz, mono: what every render writes.
      if (
        codec !== 'mp4a.40.2' ||
        track.sampleRate !== PCM_SAMPLE_RATE ||
        track.numberOfChannels !== 1
      ) {
        throw unreadable(this.path, 'it is not the AAC this app writes (AAC-LC, 24 kHz, mono)')
      }
      return { input, sink: new EncodedPacketSink(track) }
    } catch (error) {
      input.dispose()
      this.#track = null
      if (error instanceof AppError) throw error
      const gone = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT'
      throw unreadable(
        this.path,
        gone
          ? 'it is no longer where it was written (moved, renamed or deleted)'
          : 'it was changed or damaged since it was written',
      )
    }
  }
}
