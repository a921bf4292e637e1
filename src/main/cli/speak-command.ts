import { readFile } from 'node:fs/promises'
import type { SpeechFormat, StreamCodec } from '../../shared/domain/speech'
import { SPEECH_FORMATS, STREAM_CODECS } from '../../shared/domain/speech'
import { checkAudio } from '../core/audio/check'
import { withInfoFrame } from '../core/audio/mp3-tagger'
import { writeFileAtomic } from '../core/files/atomic-write'
import { formatForOutput } from './command-usage'
import type { CommandContext } from './commands'
import { required } from './commands'
import { optionText, readInputFile } from './inputs'
import type { Values } from './inputs'
import { printJson, usage } from './io'
import { resolveVoice, voiceListOnce } from './voice-choice'

function formatFor(values: Values, out: string, stream: boolean): SpeechFormat {
  const format = formatForOutput(
    'speak',
    out,
    optionText(values, 'format'),
    stream ? 'mp3' : 'wav',
    SPEECH_FORMATS,
  )
  if (stream && !(STREAM_CODECS as readonly string[]).includes(format)) {
    throw usage(`--stream sends ${STREAM_CODECS.join(', ')} only (no WAV over the stream).`)
  }
  return format
}

/** A length as a player shows it: "0:02", "12:05", "1:02:09". */
export function clockLength(seconds: number): string {
  const whole = Math.round(seconds)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** A file size in words: "900 bytes", "34 KB", "2.4 MB" (1 KB = 1,024 bytes). */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** The length of audio in seconds, as its container says, or null when it cannot tell. */
function lengthOf(format: SpeechFormat, audio: Uint8Array): number | null {
  const verdict = checkAudio(format, audio)
  return verdict.ok && verdict.durationMs !== null ? verdict.durationMs / 1000 : null
}

function wroteLine(out: string, seconds: number | null, bytes: number, extra: string): string {
  const length = seconds === null ? '' : `${clockLength(seconds)}, `
  return `Wrote ${out} (${length}${sizeInWords(bytes)}${extra}).\n`
}

/**
 * `speak`: one request (at most 2,000 code points, or 20,000 with --stream) to a checked file;
 * the voice by its id or its name. Reports the audio's length and size.
 */
export async function speak(c: CommandContext): Promise<void> {
  const givenVoice = required(c.values, 'voice')
  const out = required(c.values, 'out')
  const textValue = optionText(c.values, 'text')
  const filePath = optionText(c.values, 'file')
  if ((textValue === undefined) === (filePath === undefined))
    throw usage('Give either --text or --file.')
  const input = textValue ?? (await readInputFile(filePath!, 'text file')).toString('utf8')
  const stream = c.values.stream === true
  const format = formatFor(c.values, out, stream)
  const voices = await voiceListOnce(c.client, c.signal)()
  const voiceId =
    voices === null
      ? givenVoice
      : resolveVoice(givenVoice, voices, { withId: (id) => `--voice ${id}` })
  const language = optionText(c.values, 'language')
  const model = optionText(c.values, 'model')
  const common = {
    input,
    voiceId,
    signal: c.signal,
    ...(language ? { language } : {}),
    ...(model ? { model } : {}),
    options: {
      ...(c.values['normalize-text'] === true ? { textNormalization: true } : {}),
      ...(c.values['normalize-loudness'] === true ? { loudnessNormalization: true } : {}),
    },
  }
  if (stream) {
    const result = await c.client.stream({ ...common, codec: format as StreamCodec, toFile: out })
    // Read back to measure: the stream was checked as it arrived, but not timed.
    const seconds = lengthOf(format, await readFile(out))
    if (c.json)
      printJson(c.io, {
        path: out,
        format,
        bytes: result.bytes,
        durationSeconds: seconds,
        voiceId,
        requestId: result.requestId,
        timings: result.timings,
      })
    else c.io.out(wroteLine(out, seconds, result.bytes, ', streamed'))
    return
  }
  const result = await c.client.synthesize({ ...common, format })
  // An MP3 from the service gets an Info frame (frame count, bytes, seek TOC): players read its
  // length from it instead of guessing from the first frame's bitrate.
  const audio = result.format === 'mp3' ? withInfoFrame(result.audio) : result.audio
  await writeFileAtomic(out, audio, { signal: c.signal })
  const seconds = lengthOf(result.format, audio)
  if (c.json) {
    printJson(c.io, {
      path: out,
      format: result.format,
      bytes: audio.byteLength,
      durationSeconds: seconds,
      voiceId,
      billableCharacters: result.billableCharacters,
      requestId: result.requestId,
      speechMarks: result.speechMarks,
    })
  } else {
    const billed =
      result.billableCharacters === null ? '' : `, ${result.billableCharacters} billable characters`
    c.io.out(wroteLine(out, seconds, audio.byteLength, billed))
  }
}
