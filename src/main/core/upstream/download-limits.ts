import { AppError } from '../../../shared/errors'

/**
 * The richest audio the service sends, in bytes a second: 16-bit PCM (or WAV) at 24 kHz, mono.
 * Its compressed codecs (MP3, Ogg, AAC, at most 320 kbit/s) are all below it.
 */
const MAX_SPEECH_BYTES_PER_SECOND = 48_000

/**
 * The most audio one code point of input can ask for: a `<break time="10s"/>` (19 code points)
 * is 10 s of silence, the longest break the service makes. Plain speech is about 0.07 s.
 */
const MAX_SECONDS_PER_CODE_POINT = 0.6

/** Slack on top of what the text can say (leading and trailing silence, container headers). */
const SPEECH_SLACK_SECONDS = 30

/** Most bytes the audio of `codePoints` of input can take, at the worst rate the service sends. */
export function speechAudioCap(codePoints: number): number {
  const seconds = codePoints * MAX_SECONDS_PER_CODE_POINT + SPEECH_SLACK_SECONDS
  return Math.ceil(seconds * MAX_SPEECH_BYTES_PER_SECOND)
}

/**
 * Most bytes a speech answer (JSON) for `codePoints` can take: the audio as base64 (4/3 of it)
 * plus room for the speech marks of every word.
 */
export function speechAnswerCap(codePoints: number): number {
  return Math.ceil((speechAudioCap(codePoints) * 4) / 3) + 4 * 1024 * 1024
}

/** Largest JSON answer read whole (a voice list of thousands of voices is a few MB). */
export const MAX_JSON_BYTES = 64 * 1024 * 1024

/**
 * Largest conversation recording accepted (about 11 minutes of 48 kHz stereo WAV, hours of
 * anything compressed). Why fixed: the recording's length is not always known before it arrives.
 */
export const MAX_RECORDING_BYTES = 256 * 1024 * 1024

/** The richest recording format in bytes a second: 16-bit WAV at 48 kHz, stereo. */
const MAX_RECORDING_BYTES_PER_SECOND = 192_000

/**
 * Most bytes the recording of a conversation that lasted `durationMs` can take (a minute of
 * slack for what the service adds around it), never more than MAX_RECORDING_BYTES; that fixed
 * cap when the duration is unknown.
 */
export function recordingCap(durationMs: number | null | undefined): number {
  if (durationMs === null || durationMs === undefined || !Number.isFinite(durationMs)) {
    return MAX_RECORDING_BYTES
  }
  const seconds = Math.max(0, durationMs) / 1000 + 60
  return Math.min(MAX_RECORDING_BYTES, Math.ceil(seconds * MAX_RECORDING_BYTES_PER_SECOND))
}

/** "10 MB", "1.5 MB", "800 KB": a size bound as a user reads it. */
function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`
  const mb = bytes / (1024 * 1024)
  return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`
}

/**
 * The failure of a body that went past what it can legitimately be (an endless or runaway
 * answer): nothing of it was kept. `what` names it: "the voice sample", "the audio stream".
 */
export function bodyTooLarge(what: string, maxBytes: number, requestId?: string): AppError {
  const name = `${what[0]!.toUpperCase()}${what.slice(1)}`
  return new AppError(
    'UPSTREAM',
    `${name} from the service went past ${formatBytes(maxBytes)}, more than it can be, so VoiceDesk stopped it and kept nothing. Try again; if it keeps happening, check the base URL in Account.`,
    {
      retryable: false,
      details: { limit: { maximum: maxBytes }, ...(requestId === undefined ? {} : { requestId }) },
    },
  )
}
