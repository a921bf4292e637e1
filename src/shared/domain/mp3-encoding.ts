/**
 * How an MP3 is written (variable or constant bitrate) and what a sample rate allows: read by the
 * script's defaults, the delivery presets and the encoders alike.
 */
import { z } from 'zod'

/** Constant bitrates (kbit/s) an MP3 can be written at. */
export const MP3_BITRATES = [64, 96, 128, 160, 192, 256, 320] as const
export type Mp3Bitrate = (typeof MP3_BITRATES)[number]

/**
 * How an MP3 is encoded: LAME's variable bitrate (quality 2, the default), or a constant bitrate
 * (stores such as ACX ask for 192 kbps CBR at 44.1 kHz).
 */
export const mp3EncodingSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('vbr') }),
  z.object({
    mode: z.literal('cbr'),
    bitrateKbps: z.union(MP3_BITRATES.map((kbps) => z.literal(kbps))),
  }),
])
export type Mp3Encoding = z.infer<typeof mp3EncodingSchema>

/** The highest constant bitrate an MP3 takes at the rates under 32 kHz (MPEG-2). */
export const MPEG2_MAX_KBPS = 160

/** Whether an MP3 can be written at `kbps` constant bitrate and `sampleRate`. */
export function mp3BitrateFits(kbps: number, sampleRate: number): boolean {
  return sampleRate >= 32_000 || kbps <= MPEG2_MAX_KBPS
}

/**
 * Why an MP3 setting cannot be written at `sampleRate`, in plain words, or null when it can:
 * MPEG-2 (the rates under 32 kHz) stops at 160 kbit/s, and LAME would quietly write 160 instead.
 */
export function mp3EncodingProblem(mp3: Mp3Encoding, sampleRate: number): string | null {
  if (mp3.mode !== 'cbr' || mp3BitrateFits(mp3.bitrateKbps, sampleRate)) return null
  const rate = `${(sampleRate / 1000).toLocaleString('en')} kHz`
  return `An MP3 at ${rate} holds at most ${MPEG2_MAX_KBPS} kbps, so it cannot be written at ${mp3.bitrateKbps} kbps. Choose 44.1 kHz (what ACX asks for, with 192 kbps), or ${MPEG2_MAX_KBPS} kbps or less.`
}
