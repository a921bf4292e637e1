import subsrt from 'subsrt-ts'
import type { SubtitleEncoding } from './subtitle-text'
import { decodeSubtitleBytes } from './subtitle-text'
import { parseAssDialogue } from './subtitle-ass'
import type { TimedLine, UnreadableCue } from './subtitle-lines'
import { spokenText, splitNamePrefix, VTT_VOICE } from './subtitle-lines'
import { AppError } from '../../../shared/errors'

/** The subtitle formats read. */
export type SubtitleFormat = 'srt' | 'vtt' | 'ass' | 'ssa'

/** A subtitle file read into lines, with the cues it could not read. */
export interface ParsedSubtitles {
  format: SubtitleFormat
  encoding: SubtitleEncoding
  lines: TimedLine[]
  unreadable: UnreadableCue[]
}

interface Block {
  line: number
  lines: string[]
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = []
  let current: Block | null = null
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') {
      current = null
      return
    }
    if (current === null) {
      current = { line: i + 1, lines: [] }
      blocks.push(current)
    }
    current.lines.push(raw)
  })
  return blocks
}

/** The format of a file's text: by content, then by the file's extension. */
export function detectFormat(text: string, fileName: string): SubtitleFormat {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  if (/^\uFEFF?WEBVTT/.test(text)) return 'vtt'
  if (/^\s*\[Script Info\]/im.test(text) || /^\s*Dialogue\s*:/im.test(text)) {
    return /ScriptType\s*:\s*v4\.00\+/i.test(text) || ext === 'ass' ? 'ass' : 'ssa'
  }
  const detected = subsrt.detect(text)
  if (detected === 'srt' || detected === 'vtt') return detected
  if (ext === 'srt' || ext === 'vtt') return ext
  throw new AppError(
    'VALIDATION_FAILED',
    'This file is not a subtitle file VoiceDesk reads. Use SubRip (.srt), WebVTT (.vtt) or Advanced SubStation (.ass, .ssa) subtitles.',
  )
}

/** One SRT or VTT block through subsrt, which reads its times and strips its styling. */
function readTimedBlock(
  block: Block,
  cue: number,
  format: 'srt' | 'vtt',
): TimedLine | UnreadableCue | null {
  const timingAt = block.lines.findIndex((l) => l.includes('-->'))
  if (timingAt < 0) {
    // WebVTT header, NOTE, STYLE and REGION blocks carry no cue.
    if (format === 'vtt') return null
    return { cue, line: block.line, message: 'this text has no timing line (00:00:01,000 --> …)' }
  }
  const line = block.line + timingAt
  const lines = format === 'srt' ? block.lines.slice(Math.max(0, timingAt - 1)) : block.lines
  // Why the index is supplied for SRT: subsrt reads an SRT cue only with its number above the
  // timing, which many files leave out; its number does not matter here.
  const source = format === 'srt' && timingAt === 0 ? ['0', ...lines] : lines
  const [caption] = subsrt
    .parse(`${source.join('\n')}\n`, { format })
    .filter((c) => c.type === 'caption')
  if (caption?.start === undefined || caption.end === undefined) {
    return { cue, line, message: `its timing line "${block.lines[timingAt]}" could not be read` }
  }
  const content = block.lines.slice(timingAt + 1).join('\n')
  const voice = format === 'vtt' ? VTT_VOICE.exec(content)?.[1]?.trim() : undefined
  const named = splitNamePrefix(spokenText(content))
  return {
    cue,
    line,
    startMs: caption.start,
    endMs: caption.end,
    text: voice ? spokenText(content) : named.text,
    speaker: voice ?? named.speaker,
  }
}

/**
 * Reads a subtitle file's text into timed lines with their speakers. SRT and WebVTT cues go
 * through subsrt one block at a time, so each keeps its file line and a block subsrt cannot read
 * is reported instead of dropped; ASS/SSA dialogue is read here (see subtitle-ass.ts).
 */
export function parseSubtitleText(
  text: string,
  fileName: string,
  encoding: SubtitleEncoding = 'utf-8',
): ParsedSubtitles {
  const format = detectFormat(text, fileName)
  if (format === 'ass' || format === 'ssa') {
    return { format, encoding, ...parseAssDialogue(text) }
  }
  const lines: TimedLine[] = []
  const unreadable: UnreadableCue[] = []
  let cue = 0
  for (const block of blocksOf(text)) {
    if (format === 'vtt' && /^\uFEFF?WEBVTT\b/.test(block.lines[0] ?? '')) continue
    const read = readTimedBlock(block, cue + 1, format)
    if (read === null) continue
    cue += 1
    if ('startMs' in read) lines.push(read)
    else unreadable.push(read)
  }
  return { format, encoding, lines, unreadable }
}

/** Reads a subtitle file's bytes (see decodeSubtitleBytes, parseSubtitleText). */
export function parseSubtitleFile(bytes: Uint8Array, fileName: string): ParsedSubtitles {
  const { text, encoding } = decodeSubtitleBytes(bytes)
  return parseSubtitleText(text, fileName, encoding)
}
