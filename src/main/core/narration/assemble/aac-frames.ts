import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { adtsFrameLength, isAdtsHeader } from '../../audio/adts'

/** Samples per AAC-LC frame: the pause precision of an AAC output (42.67 ms at 24 kHz). */
export const AAC_FRAME_SAMPLES = 1024

/** ADTS sampling_frequency_index of 24 kHz. */
const RATE_INDEX_24K = 6
/** ADTS channel_configuration of mono. */
const MONO = 1

/**
 * One silent AAC-LC frame, mono, 24 kHz, as ADTS (11 bytes), built bit by bit:
 *
 * - ADTS header, 7 bytes (no CRC): syncword 0xFFF, ID 0 (MPEG-4), layer 00, protection_absent 1,
 *   profile 01 (LC), sampling_frequency_index 6 (24 kHz), private 0, channel_configuration 1,
 *   original/home/copyright bits 0, frame_length 11, buffer fullness 0x7FF (VBR), one raw block.
 * - raw_data_block, 4 bytes: a single_channel_element (id_syn_ele 0, element_instance_tag 0),
 *   its individual_channel_stream: global_gain 0, ics_info (reserved 0, window_sequence
 *   ONLY_LONG_SEQUENCE, window_shape 0, max_sfb 0, predictor_data_present 0); with max_sfb 0 there
 *   is no section data, no scale factors and no spectral data; pulse, TNS and gain-control flags
 *   0. Then ID_END (111), and the 32 bits need no alignment padding.
 *
 * Every coefficient is zero, so the frame decodes to 1024 samples of digital silence (checked with
 * ffmpeg in the tests); only the previous frame's overlap tail is added to its first half, which is
 * exactly how that frame would have ended anyway.
 */
export function silentAdtsFrame(): Uint8Array {
  // SCE 000, tag 0000, global_gain 00000000, ics_info 0 00 0 000000 0, pulse/tns/gain 000, END 111.
  const raw = [0x00, 0x00, 0x00, 0x07]
  return Uint8Array.from([...adtsHeader(7 + raw.length), ...raw])
}

/**
 * The 7-byte ADTS header (no CRC) of one AAC-LC frame, mono, 24 kHz, `frameLength` bytes long
 * header included: what every frame of our AAC and M4B renders is (see {@link summarizeAdts}).
 */
export function adtsHeader(frameLength: number): Uint8Array {
  return Uint8Array.of(
    0xff,
    0xf1, // sync (4 bits), ID 0, layer 00, protection_absent 1
    (0b01 << 6) | (RATE_INDEX_24K << 2) | (MONO >> 2), // profile LC, rate, private 0, channel hi bit
    ((MONO & 0b11) << 6) | ((frameLength >> 11) & 0b11), // channel low bits, flags 0, length hi
    (frameLength >> 3) & 0xff,
    ((frameLength & 0b111) << 5) | 0b11111, // length low bits, fullness 0x7FF high 5 bits
    0b111111 << 2, // fullness low 6 bits, one raw data block (00)
  )
}

/** The most bytes one ADTS frame can be (its length field has 13 bits). */
export const MAX_ADTS_FRAME_BYTES = (1 << 13) - 1

/** What a piece's ADTS stream holds. */
export interface AdtsSummary {
  frames: number
}

/**
 * Walks a piece's ADTS frames and checks that it can be joined to the others: complete frames, AAC
 * LC, 24 kHz, mono, one raw data block per frame (so each frame is exactly 1024 samples).
 */
export function summarizeAdts(bytes: Uint8Array, label: string): AdtsSummary {
  const refuse = (reason: string): AppError =>
    new AppError(
      'STREAM_TRUNCATED',
      `The service sent AAC audio for ${label} that cannot be joined (${reason}). Run the render again to request it anew.`,
      { retryable: true },
    )
  let offset = 0
  let frames = 0
  while (offset < bytes.byteLength) {
    if (bytes.byteLength - offset < 7 || !isAdtsHeader(bytes, offset))
      throw refuse(`no frame header at byte ${offset}`)
    const profile = bytes[offset + 2]! >> 6
    const rateIndex = (bytes[offset + 2]! >> 2) & 0x0f
    const channels = ((bytes[offset + 2]! & 0x01) << 2) | (bytes[offset + 3]! >> 6)
    const length = adtsFrameLength(bytes, offset)
    const blocks = (bytes[offset + 6]! & 0x03) + 1
    if (profile !== 1) throw refuse('not AAC LC')
    if (rateIndex !== RATE_INDEX_24K) throw refuse(`sample rate index ${rateIndex}, not 24 kHz`)
    if (channels !== MONO) throw refuse(`${channels} channels, not mono`)
    if (blocks !== 1) throw refuse('several raw data blocks in one frame')
    if (length < 7 || offset + length > bytes.byteLength)
      throw refuse('the last frame is incomplete')
    offset += length
    frames += 1
  }
  if (frames === 0) throw refuse('no frames')
  return { frames }
}

/** Whole AAC frames for a pause: the nearest number of frames to the requested length. */
export function pauseFrames(pauseMs: number): number {
  return Math.round((pauseMs * PCM_SAMPLE_RATE) / 1000 / AAC_FRAME_SAMPLES)
}

/** Milliseconds of `frames` AAC frames at 24 kHz. */
export function framesToMs(frames: number): number {
  return (frames * AAC_FRAME_SAMPLES * 1000) / PCM_SAMPLE_RATE
}
